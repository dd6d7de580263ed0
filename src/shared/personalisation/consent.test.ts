import { describe, expect, it } from 'vitest';
import { consentCookieIn, consentCookieText, consentFor, parseConsentCookie } from './consent.ts';

describe('consent cookie', () => {
  it('reads the groups of a OneTrust cookie', () => {
    const value = encodeURIComponent('isGpcEnabled=0&datestamp=Sat+Nov+21+2026&groups=C0001:1,C0002:1,C0003:0,C0004:1');
    expect(parseConsentCookie(value)).toEqual({ C0001: true, C0002: true, C0003: false, C0004: true });
  });
  it('keeps strictly necessary cookies on and ignores unknown groups', () => {
    expect(parseConsentCookie('groups=C0001:0,C0009:1,C0004:0')).toEqual({ C0001: true, C0002: false, C0003: false, C0004: false });
  });
  it('treats a missing or malformed cookie as no choice', () => {
    expect(parseConsentCookie(undefined)).toBeNull();
    expect(parseConsentCookie('%E0%A4%A')).toBeNull();
    expect(parseConsentCookie('datestamp=x')).toBeNull();
  });
  it('is found among the other cookies, by its whole name', () => {
    expect(consentCookieIn('a=1; OptanonConsentX=no; OptanonConsent=groups%3DC0002%3A1; b=2')).toBe('groups%3DC0002%3A1');
    expect(consentCookieIn('OptanonConsent=x')).toBe('x');
    expect(consentCookieIn('a=1;OptanonConsent=y')).toBe('y');
    expect(consentCookieIn('XOptanonConsent=x; b=2')).toBeNull();
    expect(consentCookieIn('')).toBeNull();
  });
  it('round-trips what the banner writes', () => {
    const choices = { C0001: true, C0002: false, C0003: true, C0004: true };
    expect(parseConsentCookie(consentCookieText(choices))).toEqual(choices);
  });
});

describe('consentFor (the region x consent x preview matrix)', () => {
  const all = { C0001: true, C0002: true, C0003: true, C0004: true };
  const none = { C0001: true, C0002: false, C0003: false, C0004: false };
  it('grants everything outside EMEA, with or without a cookie', () => {
    expect(consentFor('NA', null, false)).toEqual({ decided: true, analytics: true, functional: true, targeting: true });
    expect(consentFor('NA', none, false).targeting).toBe(true);
  });
  it('needs C0004 for targeting in EMEA', () => {
    expect(consentFor('EMEA', null, false)).toEqual({ decided: false, analytics: false, functional: false, targeting: false });
    expect(consentFor('EMEA', none, false).targeting).toBe(false);
    expect(consentFor('EMEA', all, false).targeting).toBe(true);
    expect(consentFor('EMEA', { ...none, C0002: true }, false)).toMatchObject({ analytics: true, targeting: false });
  });
  it('lets preview personalise in EMEA without consent, but not track', () => {
    expect(consentFor('EMEA', null, true)).toMatchObject({ targeting: true, analytics: false });
  });
});

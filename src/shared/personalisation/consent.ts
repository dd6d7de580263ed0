// Consent (account-content §6): the OneTrust-style cookie with categories C0001 to C0004, and what it
// allows. In EMEA personalisation needs C0004 targeting consent unless previewing; elsewhere every
// category counts as granted.

import type { Region } from '../locale/sites.ts';

export const CONSENT_COOKIE = 'OptanonConsent';
const CONSENT_CATEGORIES = ['C0001', 'C0002', 'C0003', 'C0004'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];
export type ConsentChoices = Record<ConsentCategory, boolean>;

export interface Consent {
  /** The visitor has made a choice (or none is needed in this region). */
  decided: boolean;
  /** C0002: performance and analytics. */
  analytics: boolean;
  /** C0003: functional. */
  functional: boolean;
  /** C0004: targeting, which personalisation needs. */
  targeting: boolean;
}

/** `groups=C0001:1,C0002:0,...` inside the cookie value (URL-encoded as OneTrust writes it). */
export function parseConsentCookie(value: string | undefined | null): ConsentChoices | null {
  if (!value) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const groups = new URLSearchParams(decoded).get('groups');
  if (!groups) return null;
  const choices: ConsentChoices = { C0001: true, C0002: false, C0003: false, C0004: false };
  for (const pair of groups.split(',')) {
    const [category, flag] = pair.split(':');
    if ((CONSENT_CATEGORIES as readonly string[]).includes(category ?? '')) choices[category as ConsentCategory] = flag === '1';
  }
  // Strictly necessary cookies cannot be refused.
  choices.C0001 = true;
  return choices;
}

/** The consent cookie's value in a Cookie header or `document.cookie`, if it is there. */
export function consentCookieIn(cookies: string): string | null {
  const prefix = `${CONSENT_COOKIE}=`;
  return (
    cookies
      .split(/;\s*/)
      .find((part) => part.startsWith(prefix))
      ?.slice(prefix.length) ?? null
  );
}

/** The cookie's text before URL encoding; whoever writes the cookie encodes it once, as OneTrust does. */
export function consentCookieText(choices: ConsentChoices, now = new Date()): string {
  const groups = CONSENT_CATEGORIES.map((c) => `${c}:${c === 'C0001' || choices[c] ? 1 : 0}`).join(',');
  return `groups=${groups}&datestamp=${now.toISOString()}&isGpcEnabled=0`;
}

export function consentFor(region: Region, choices: ConsentChoices | null, preview: boolean): Consent {
  if (region !== 'EMEA') return { decided: true, analytics: true, functional: true, targeting: true };
  return {
    decided: choices !== null,
    analytics: choices?.C0002 ?? false,
    functional: choices?.C0003 ?? false,
    // A marketer previewing content sees personalised variants without giving consent.
    targeting: preview || (choices?.C0004 ?? false),
  };
}

// The local .dev.vars: a fresh one has both lanes' keys of their kind and pays in the sandbox; an older one
// keeps what it has, gains what is new, and its unprefixed sandbox key is given the prefix the lane now asks.

import { describe, expect, it } from 'vitest';
import { devVars } from './dev-vars.ts';

const PORTS = { store: 8787, sandbox: 8789 };
const counter = () => {
  let n = 0;
  return () => `secret${++n}`;
};
const setting = (text: string, name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(text)?.[1];

describe('.dev.vars', () => {
  it('writes a fresh file with a test key and a live key, each under the store and the processor names', () => {
    const { text } = devVars('', counter(), PORTS);
    expect(setting(text, 'ENVIRONMENT')).toBe('development');
    expect(setting(text, 'PAYMENTS_SECRET_KEY')).toMatch(/^sk_test_secret\d+$/);
    expect(setting(text, 'SANDBOX_SECRET_KEY')).toBe(setting(text, 'PAYMENTS_SECRET_KEY'));
    expect(setting(text, 'PAYMENTS_LIVE_SECRET_KEY')).toMatch(/^sk_live_secret\d+$/);
    expect(setting(text, 'LIVE_SECRET_KEY')).toBe(setting(text, 'PAYMENTS_LIVE_SECRET_KEY'));
    expect(setting(text, 'PAYMENTS_MODE')).toBe('sandbox');
    expect(setting(text, 'PAYMENTS_ORIGIN')).toBe('http://localhost:8789');
    expect(setting(text, 'PUBLIC_ORIGIN')).toBe('http://localhost:8787');
    for (const name of ['SESSION_SECRET', 'ADMIN_TOKEN', 'PREVIEW_SECRET', 'GIFT_CARD_KEY']) expect(setting(text, name), name).toMatch(/^secret\d+$/);
  });

  it('prefixes the key an older file has, adds the live lane and the mode, and leaves the rest as it was', () => {
    const older = [
      'ENVIRONMENT=development',
      'SESSION_SECRET=keep-me',
      'ADMIN_TOKEN=a',
      'PREVIEW_SECRET=p',
      'GIFT_CARD_KEY=g',
      'PAYMENTS_SECRET_KEY=oldkey',
      'SANDBOX_SECRET_KEY=oldkey',
      'PAYMENTS_ORIGIN=http://localhost:8789',
      'PUBLIC_ORIGIN=http://localhost:8787',
      '',
    ].join('\n');
    const { text, added, prefixed } = devVars(older, counter(), PORTS);
    expect(prefixed).toEqual(['PAYMENTS_SECRET_KEY', 'SANDBOX_SECRET_KEY']);
    expect(setting(text, 'PAYMENTS_SECRET_KEY')).toBe('sk_test_oldkey');
    expect(setting(text, 'SANDBOX_SECRET_KEY')).toBe('sk_test_oldkey');
    expect(added).toEqual(['PAYMENTS_LIVE_SECRET_KEY', 'LIVE_SECRET_KEY', 'PAYMENTS_MODE']);
    expect(setting(text, 'SESSION_SECRET')).toBe('keep-me');
    expect(text.match(/^ENVIRONMENT=/gm)).toHaveLength(1);
  });

  it('changes nothing in a file that is up to date', () => {
    const first = devVars('', counter(), PORTS).text;
    expect(devVars(first, counter(), PORTS)).toEqual({ text: first, added: [], prefixed: [] });
  });
});

// What `npm start` keeps in .dev.vars, the one file the store and its card processor both read locally:
// fresh random secrets, the processor's secret key of each lane (of that lane's kind, src/payments/lanes.ts)
// under the store's name and the processor's, the lane the store pays in, and both local origins.

import { LANES } from '../src/payments/lanes.ts';

const SECRETS = ['SESSION_SECRET', 'ADMIN_TOKEN', 'PREVIEW_SECRET', 'GIFT_CARD_KEY'] as const;

/** One key per lane: the store calls with `store`, the processor expects it as `processor`. */
const LANE_KEYS = [
  { store: 'PAYMENTS_SECRET_KEY', processor: 'SANDBOX_SECRET_KEY', prefix: LANES.sandbox.secretPrefix },
  { store: 'PAYMENTS_LIVE_SECRET_KEY', processor: 'LIVE_SECRET_KEY', prefix: LANES.production.secretPrefix },
] as const;

export interface DevVars {
  text: string;
  /** Names written for the first time, and names whose value was given its lane's prefix. */
  added: string[];
  prefixed: string[];
}

const setting = (text: string, name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(text)?.[1]?.trim();

/**
 * The file's new text from its current one (empty when there is none). Nothing set is replaced; a lane key
 * written before keys had prefixes gets its lane's prefix, since each lane now refuses a key without it.
 */
export function devVars(existing: string, secret: () => string, ports: { store: number; sandbox: number }): DevVars {
  const prefixed: string[] = [];
  let text = existing;
  for (const key of LANE_KEYS) {
    for (const name of [key.store, key.processor]) {
      const value = setting(text, name);
      if (value === undefined || value.startsWith(key.prefix)) continue;
      text = text.replace(new RegExp(`^${name}=.*$`, 'm'), `${name}=${key.prefix}${value}`);
      prefixed.push(name);
    }
  }
  const lines: string[] = existing ? [] : ['ENVIRONMENT=development'];
  const add = (name: string, value: string) => {
    if (setting(text, name) === undefined) lines.push(`${name}=${value}`);
  };
  for (const name of SECRETS) add(name, secret());
  for (const key of LANE_KEYS) {
    const value = setting(text, key.store) ?? `${key.prefix}${secret()}`;
    add(key.store, value);
    add(key.processor, value);
  }
  // wrangler.toml's PAYMENTS_MODE is production, for deployments; a local store pays in the sandbox lane.
  add('PAYMENTS_MODE', 'sandbox');
  add('PAYMENTS_ORIGIN', `http://localhost:${ports.sandbox}`);
  // Links in the local outbox's emails lead to the local store, not to wrangler.toml's production address.
  add('PUBLIC_ORIGIN', `http://localhost:${ports.store}`);
  if (lines.length > 0) text = `${text}${text && !text.endsWith('\n') ? '\n' : ''}${lines.join('\n')}\n`;
  return { text, added: lines.map((line) => line.split('=')[0] as string), prefixed };
}

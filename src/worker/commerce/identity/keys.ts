// Session signing keys: SESSION_SECRET signs, SESSION_SECRET_PREVIOUS (while a rotation settles) still
// verifies. Each key is named in the token header by an id derived from it, so a token says which key
// made it without saying anything about the key.

const encoder = new TextEncoder();

export interface SigningKey {
  id: string;
  /** Imported once per isolate: importing an HMAC key on every verify was a visible share of each request. */
  secret: CryptoKey;
}

export interface SessionKeys {
  current: SigningKey;
  /** Key id -> key, the current one included. */
  byId: ReadonlyMap<string, SigningKey>;
}

async function keyId(secret: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(`cairn-session-key:${secret}`)));
  return [...digest.slice(0, 6)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const cache = new Map<string, Promise<SessionKeys>>();

/** The keys of this deployment; a missing or weak SESSION_SECRET is a start-up error that says what to do. */
export function sessionKeys(env: { SESSION_SECRET?: string; SESSION_SECRET_PREVIOUS?: string }): Promise<SessionKeys> {
  const current = env.SESSION_SECRET;
  if (!current || current.length < 32) {
    throw new Error(
      'SESSION_SECRET is missing or shorter than 32 characters: set it with `wrangler secret put SESSION_SECRET` (npm start writes one into .dev.vars).',
    );
  }
  const cacheKey = `${current}\u0000${env.SESSION_SECRET_PREVIOUS ?? ''}`;
  let keys = cache.get(cacheKey);
  if (!keys) {
    keys = (async () => {
      const secrets = [current, env.SESSION_SECRET_PREVIOUS].filter((s): s is string => Boolean(s));
      const all = await Promise.all(
        secrets.map(async (secret) => ({
          id: await keyId(secret),
          secret: await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']),
        })),
      );
      return { current: all[0] as SigningKey, byId: new Map(all.map((k) => [k.id, k])) };
    })();
    cache.set(cacheKey, keys);
  }
  return keys;
}

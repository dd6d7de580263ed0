// The keyed hash of a gift card number or PIN (HMAC-SHA256 under GIFT_CARD_KEY, base64url): what D1 keeps
// instead of the number. The seed hashes its demo cards with the same function.

import { base64url } from '../../lib/secret-tokens.ts';

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keys.set(secret, key);
  }
  return key;
}

export async function giftCardDigest(secret: string, text: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(text))));
}

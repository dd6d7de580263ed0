// A bought card's number and PIN sealed (AES-GCM under a key derived from GIFT_CARD_KEY): D1 finds a card by
// their keyed hash alone, and keeps this sealed copy only so the buyer can have the card's email sent again.

import { base64url, fromBase64url } from '../../lib/secret-tokens.ts';

const encoder = new TextEncoder();

async function sealKey(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.digest('SHA-256', encoder.encode(`cairn-gift-card-seal:${secret}`));
  return crypto.subtle.importKey('raw', material, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

export async function seal(secret: string, card: { number: string; pin: string }): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await sealKey(secret), encoder.encode(JSON.stringify(card))));
  return `${base64url(iv)}.${base64url(sealed)}`;
}

export async function unseal(secret: string, text: string): Promise<{ number: string; pin: string }> {
  const [iv = '', data = ''] = text.split('.');
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: fromBase64url(iv) }, await sealKey(secret), fromBase64url(data));
  return JSON.parse(new TextDecoder().decode(plain)) as { number: string; pin: string };
}

// The CSP nonce of a page the cache keeps. A page is rendered with its response's own nonce, which the store's
// code writes only in its own script elements (the state, the entry module, JSON-LD, the bot widget); content
// is sanitized of script elements and cannot guess a nonce. The copy kept is that answer with its nonce made a
// slot, and every answer from the cache puts its own nonce in the slots by copying bytes: no second parse of
// the page, on a miss or a hit. A page whose text holds the slot marker itself is not kept, so a filled slot
// is always a place the store's code put a nonce.

const NONCE_SLOT = 'page-cache-nonce-slot';
/** Shorter than any nonce the store makes (secure headers: 16 random bytes, base64): too likely to occur by chance. */
const MIN_NONCE = 16;

/**
 * The markup to keep, from a page rendered with this response's nonce: that nonce is fresh randomness, so it
 * stands only where the store's own code wrote it, and becomes the slot. Null when the page itself holds the
 * slot marker.
 */
export function nonceSlots(answered: string, nonce: string): string | null {
  if (answered.includes(NONCE_SLOT) || nonce.length < MIN_NONCE) return null;
  return answered.split(nonce).join(NONCE_SLOT);
}

/** A kept copy cut at its slots and encoded once, so each answer only copies bytes around its own nonce. */
export interface SlottedPage {
  parts: readonly Uint8Array[];
  bytes: number;
}

const encoder = new TextEncoder();

export function slotted(marked: string): SlottedPage {
  const parts = marked.split(NONCE_SLOT).map((part) => encoder.encode(part));
  return { parts, bytes: parts.reduce((sum, part) => sum + part.byteLength, 0) };
}

/** A kept copy's bytes with this answer's nonce in its slots. */
export function filledBody(page: SlottedPage, nonce: string): Uint8Array<ArrayBuffer> {
  const filler = encoder.encode(nonce);
  const body = new Uint8Array(page.bytes + filler.byteLength * (page.parts.length - 1));
  let at = 0;
  page.parts.forEach((part, i) => {
    if (i > 0) {
      body.set(filler, at);
      at += filler.byteLength;
    }
    body.set(part, at);
    at += part.byteLength;
  });
  return body;
}

// The CSP nonce of a page the cache keeps. Pages the cache may keep are rendered with NONCE_PLACEHOLDER in the
// store's own script elements (the state, the entry module, JSON-LD, the bot widget). A miss is answered
// through a streaming rewrite of those elements (HTMLRewriter), and the copy kept is that answer with its nonce
// made a slot; every answer from the cache puts its own nonce in the slots by copying bytes, far cheaper than
// parsing the page again on each hit. Content is sanitized of script elements, a placeholder written as
// text stays text, and a page whose text holds the slot marker itself is not kept, so the nonce only ever lands
// in the store's own scripts.

/**
 * Stands in for the CSP nonce in a page the cache may keep; the gateway puts the response's own nonce in its
 * place on the way out, in the store's script tags only. Not base64, so never a real nonce.
 */
export const NONCE_PLACEHOLDER = 'page-cache-nonce';
const NONCE_SLOT = 'page-cache-nonce-slot';
const PLACEHOLDER_SCRIPTS = `script[nonce="${NONCE_PLACEHOLDER}"]`;

/** A response rendered with the placeholder, with this answer's nonce in the store's scripts. */
export function withNonce(response: Response, nonce: string): Response {
  return new HTMLRewriter()
    .on(PLACEHOLDER_SCRIPTS, {
      element(element) {
        element.setAttribute('nonce', nonce);
      },
    })
    .transform(response);
}

/**
 * The markup to keep, from an answer `withNonce` gave this response's nonce: that nonce is fresh randomness, so
 * it stands only where the parser put it, and becomes the slot. Null when the page itself holds the slot marker.
 */
export function nonceSlots(answered: string, nonce: string): string | null {
  if (answered.includes(NONCE_SLOT) || nonce.length < 16) return null;
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

// The CSP nonce of a page the cache keeps. Pages the cache may keep are rendered with NONCE_PLACEHOLDER in the
// store's own script elements (the state, the entry module, JSON-LD, the bot widget). A miss is answered
// through a streaming rewrite of those elements (HTMLRewriter), and the copy kept is that answer with its nonce
// made a slot; every answer from the cache puts its own nonce in the slots with a plain splice, far cheaper
// than parsing the page again on each hit. Content is sanitized of script elements, a placeholder written as
// text stays text, and a page whose text holds the slot marker itself is not kept, so the nonce only ever lands
// in the store's own scripts.

import { NONCE_PLACEHOLDER } from './request.ts';

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

/** A kept copy with this answer's nonce in its slots. */
export function fillNonceSlots(marked: string, nonce: string): string {
  return marked.split(NONCE_SLOT).join(nonce);
}

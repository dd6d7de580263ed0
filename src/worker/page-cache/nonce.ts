// The CSP nonce of a page the cache keeps: the stored markup holds NONCE_PLACEHOLDER, and every answer,
// hit or miss, gets its own nonce on the way out. Only the store's own script elements are rewritten (the
// state, the entry module, JSON-LD, the bot widget), identified by the placeholder in their nonce attribute:
// content is sanitized of script elements, and a placeholder written as text stays text.

import { NONCE_PLACEHOLDER } from './request.ts';

export function withNonce(response: Response, nonce: string): Response {
  return new HTMLRewriter()
    .on(`script[nonce="${NONCE_PLACEHOLDER}"]`, {
      element(element) {
        element.setAttribute('nonce', nonce);
      },
    })
    .transform(response);
}

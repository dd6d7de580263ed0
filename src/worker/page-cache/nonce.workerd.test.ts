import { describe, expect, it } from 'vitest';
import { filledBody, NONCE_PLACEHOLDER, nonceSlots, slotted, withNonce } from './nonce.ts';

const page = [
  `<script type="application/json" id="__STATE__" nonce="${NONCE_PLACEHOLDER}">{"a":1}</script>`,
  `<p>A marketer wrote ${NONCE_PLACEHOLDER} in a paragraph.</p>`,
  `<div data-x="${NONCE_PLACEHOLDER}"></div>`,
  `<script type="module" src="/assets/entry.js" nonce="${NONCE_PLACEHOLDER}"></script>`,
].join('');

describe('the nonce of a kept page', () => {
  it('goes into the store’s scripts only, on a miss and from a kept copy alike', async () => {
    const expected = page
      .replace(`id="__STATE__" nonce="${NONCE_PLACEHOLDER}"`, 'id="__STATE__" nonce="abc123"')
      .replace(`src="/assets/entry.js" nonce="${NONCE_PLACEHOLDER}"`, 'src="/assets/entry.js" nonce="abc123"');
    const nonce = 'abc123abc123abc123';
    const answered = await withNonce(new Response(page), nonce).text();
    expect(answered).toBe(expected.replaceAll('abc123', nonce));
    const kept = nonceSlots(answered, nonce);
    expect(kept).not.toBeNull();
    expect(new TextDecoder().decode(filledBody(slotted(kept as string), 'def456def456def456'))).toBe(expected.replaceAll('abc123', 'def456def456def456'));
  });

  it('keeps no page whose own text holds the slot marker', async () => {
    expect(nonceSlots('<p>page-cache-nonce-slot</p>', 'abc123abc123abc123')).toBeNull();
  });
});

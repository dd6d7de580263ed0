import { describe, expect, it } from 'vitest';
import { filledBody, nonceSlots, slotted } from './nonce.ts';

const rendered = (nonce: string) =>
  [
    `<script type="application/json" id="__STATE__" nonce="${nonce}">{"a":1}</script>`,
    '<p>A marketer wrote nonce="abc" and page-cache-nonce in a paragraph.</p>',
    `<script type="module" src="/assets/entry.js" nonce="${nonce}"></script>`,
  ].join('');

describe('the nonce of a kept page', () => {
  it('is each answer’s own, in the places the page was rendered with one and nowhere else', () => {
    const first = 'Q2x3bW5vbmNlLWZpcnN0LQ==';
    const kept = nonceSlots(rendered(first), first);
    expect(kept).not.toContain(first);
    const later = 'bGF0ZXItbm9uY2UtMDEyMw==';
    expect(new TextDecoder().decode(filledBody(slotted(kept as string), later))).toBe(rendered(later));
  });

  it('keeps no page whose own text holds the slot marker, nor one cut at a nonce short enough to occur by chance', () => {
    expect(nonceSlots('<p>page-cache-nonce-slot</p>', 'Q2x3bW5vbmNlLWZpcnN0LQ==')).toBeNull();
    expect(nonceSlots(rendered('abc'), 'abc')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { invoicePdf } from './documents.ts';
import type { OrderEntity } from './order-entity.ts';

/** The text a PDF shows, from its hex-encoded WinAnsi strings. */
function shown(bytes: Uint8Array): string {
  const file = new TextDecoder('latin1').decode(bytes);
  return [...file.matchAll(/<([0-9a-f]+)> Tj/g)]
    .map((m) => (m[1]?.match(/../g) ?? []).map((h) => (h === '80' ? '€' : String.fromCharCode(Number.parseInt(h, 16)))).join(''))
    .join('\n');
}

const address = { firstName: 'Claire', lastName: 'Dubois', addressLine1: '5 Rue de Rivoli', city: 'Paris', postalCode: '75001', countryCode: 'FR' };
const french = {
  orderNumber: 'CR123456789',
  createdAt: '2026-11-20T10:00:00Z',
  currency: 'EUR',
  email: 'claire@example.fr',
  locale: 'fr-fr',
  siteId: 'FR',
  totals: { itemTotal: 21_980, shipping: 500, shippingDiscount: 0, tax: 3747, taxIncluded: true, total: 22_480 },
  billingAddress: address,
  shippingAddress: address,
  paymentMethod: [{ code: 'CREDIT_CARD', label: 'Card', amount: 22_480, status: 'captured', additionalData: { last4: '4242' } }],
} as unknown as OrderEntity;
const lines = [
  { name: 'Ridgeline Trail Runner', variant: 'Slate · 42', qty: 2, rowTotal: 17_980 },
  { name: 'Merino Crew Sock', variant: 'Navy · M', qty: 1, rowTotal: 4000 },
];

describe('invoicePdf', () => {
  it('presents an EU invoice VAT-inclusive, with the VAT inside the total and the net, in the order’s language', () => {
    const text = shown(invoicePdf(french, lines, 0));
    expect(text).toContain('Facture');
    expect(text).toContain('Cairn Outfitters France SAS');
    expect(text).toContain('TVA FR 42 882914537');
    expect(text).toContain('Total TTC');
    expect(text).toMatch(/224,80\s€/);
    // 224,80 € includes 20 % VAT: 37,47 € of it, 187,33 € net.
    expect(text).toMatch(/dont TVA \(20\s%\)/);
    expect(text).toMatch(/37,47\s€/);
    expect(text).toMatch(/187,33\s€/);
    expect(text).not.toContain('Sales tax');
  });

  it('adds sales tax on top in the US, and shows a refund', () => {
    const us = {
      ...french,
      siteId: 'US',
      locale: 'en-us',
      currency: 'USD',
      totals: { itemTotal: 21_980, shipping: 500, shippingDiscount: 0, tax: 1360, taxIncluded: false, total: 23_840 },
      shippingAddress: { ...address, countryCode: 'US', province: 'OR', city: 'Portland', postalCode: '97205' },
    } as unknown as OrderEntity;
    const text = shown(invoicePdf(us, lines, 4000));
    expect(text).toContain('Invoice');
    expect(text).toContain('Sales tax');
    expect(text).toContain('$13.60');
    expect(text).toContain('$238.40');
    expect(text).toContain('-$40.00');
    expect(text).toContain('Portland, OR 97205');
    expect(text).not.toContain('VAT');
  });
});

// The documents a shopper downloads from an order (account-content §7 invoice/download and returnLabel): the
// invoice, with the site's tax presentation (prices including VAT and the VAT inside them on the EU sites and
// in Great Britain; sales tax added on top in the US and Canada), and a return's prepaid label with its
// packing slip. Both in the order's language where the store speaks it, as real PDFs.

import { findLocale } from '../../../shared/locale/sites.ts';
import { A4, LETTER, PdfDocument, type PdfPage } from '../../lib/pdf.ts';
import { vatRateOf } from '../cart/pricing/tax.ts';
import type { OrderEntity } from './order-entity.ts';
import type { ReturnView } from './returns.ts';

/** The company that sells on each site, as its invoices must name it. */
const SELLERS: Record<string, { name: string; address: string[]; taxId: string }> = {
  US: { name: 'Cairn Outfitters Inc.', address: ['1600 Wynkoop Street', 'Denver, CO 80202', 'United States'], taxId: 'EIN 84-2719043' },
  CA: { name: 'Cairn Outfitters Canada Ltd.', address: ['400 Rue Saint-Paul Ouest', 'Montréal, QC H2Y 2A6', 'Canada'], taxId: 'GST/HST 738294015 RT0001' },
  GB: { name: 'Cairn Outfitters UK Ltd.', address: ['12 Hardman Street', 'Manchester M3 3HF', 'United Kingdom'], taxId: 'VAT GB 318 4527 09' },
  FR: { name: 'Cairn Outfitters France SAS', address: ['18 Rue de la Chaussée-d’Antin', '75009 Paris', 'France'], taxId: 'TVA FR 42 882914537' },
  DE: { name: 'Cairn Outfitters Deutschland GmbH', address: ['Rosenthaler Straße 40', '10178 Berlin', 'Deutschland'], taxId: 'USt-IdNr. DE 318274659' },
  IT: { name: 'Cairn Outfitters Italia S.r.l.', address: ['Via Tortona 31', '20144 Milano', 'Italia'], taxId: 'P.IVA IT 10928374651' },
};

/** Where returns go, per site. */
const RETURNS_CENTRES: Record<string, string[]> = {
  US: ['Cairn Returns Center', '4850 Joliet Street', 'Denver, CO 80239', 'United States'],
  CA: ['Cairn Returns Centre', '2600 Boulevard Dagenais Ouest', 'Laval, QC H7L 5Y2', 'Canada'],
  GB: ['Cairn Returns', 'Unit 4, Trafford Park Road', 'Manchester M17 1HG', 'United Kingdom'],
  FR: ['Cairn Retours', '12 Rue des Entrepôts', '93200 Saint-Denis', 'France'],
  DE: ['Cairn Retouren', 'Am Borsigturm 100', '13507 Berlin', 'Deutschland'],
  IT: ['Cairn Resi', 'Via Fantoli 7', '20138 Milano', 'Italia'],
};

type Words = Record<
  | 'invoice'
  | 'invoiceNo'
  | 'order'
  | 'date'
  | 'billTo'
  | 'shipTo'
  | 'item'
  | 'qty'
  | 'unitPrice'
  | 'amount'
  | 'subtotal'
  | 'shipping'
  | 'discount'
  | 'tax'
  | 'total'
  | 'totalInclVat'
  | 'vatIncluded'
  | 'net'
  | 'paidWith'
  | 'refunded'
  | 'returnLabel'
  | 'from'
  | 'to'
  | 'packingSlip'
  | 'reason'
  | 'instructions',
  string
>;

const EN: Words = {
  invoice: 'Invoice',
  invoiceNo: 'Invoice number',
  order: 'Order',
  date: 'Date',
  billTo: 'Bill to',
  shipTo: 'Ship to',
  item: 'Item',
  qty: 'Qty',
  unitPrice: 'Unit price',
  amount: 'Amount',
  subtotal: 'Subtotal',
  shipping: 'Shipping',
  discount: 'Discounts',
  tax: 'Sales tax',
  total: 'Total',
  totalInclVat: 'Total including VAT',
  vatIncluded: 'of which VAT',
  net: 'Total excluding VAT',
  paidWith: 'Paid with',
  refunded: 'Refunded',
  returnLabel: 'Prepaid return label',
  from: 'From',
  to: 'To',
  packingSlip: 'Packing slip: put this page in the parcel',
  reason: 'Reason',
  instructions: 'Print this label, tape it to the parcel over any old labels and drop it off with the carrier within 14 days.',
};

const WORDS: Record<string, Words> = {
  en: EN,
  fr: {
    invoice: 'Facture',
    invoiceNo: 'Numéro de facture',
    order: 'Commande',
    date: 'Date',
    billTo: 'Facturé à',
    shipTo: 'Livré à',
    item: 'Article',
    qty: 'Qté',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    subtotal: 'Sous-total',
    shipping: 'Livraison',
    discount: 'Remises',
    tax: 'Taxes',
    total: 'Total',
    totalInclVat: 'Total TTC',
    vatIncluded: 'dont TVA',
    net: 'Total HT',
    paidWith: 'Payé par',
    refunded: 'Remboursé',
    returnLabel: 'Étiquette de retour prépayée',
    from: 'De',
    to: 'À',
    packingSlip: 'Bordereau : glissez cette page dans le colis',
    reason: 'Motif',
    instructions: 'Imprimez cette étiquette, collez-la sur le colis par-dessus les anciennes et déposez-le chez le transporteur sous 14 jours.',
  },
  de: {
    ...EN,
    invoice: 'Rechnung',
    invoiceNo: 'Rechnungsnummer',
    order: 'Bestellung',
    date: 'Datum',
    billTo: 'Rechnungsadresse',
    shipTo: 'Lieferadresse',
    item: 'Artikel',
    qty: 'Menge',
    unitPrice: 'Einzelpreis',
    amount: 'Betrag',
    subtotal: 'Zwischensumme',
    shipping: 'Versand',
    discount: 'Rabatte',
    total: 'Gesamt',
    totalInclVat: 'Gesamtbetrag inkl. MwSt.',
    vatIncluded: 'darin enthaltene MwSt.',
    net: 'Nettobetrag',
    paidWith: 'Bezahlt mit',
    refunded: 'Erstattet',
    returnLabel: 'Frankiertes Rücksendeetikett',
    from: 'Von',
    to: 'An',
    reason: 'Grund',
  },
  it: {
    ...EN,
    invoice: 'Fattura',
    invoiceNo: 'Numero fattura',
    order: 'Ordine',
    date: 'Data',
    billTo: 'Intestata a',
    shipTo: 'Spedita a',
    item: 'Articolo',
    qty: 'Qtà',
    unitPrice: 'Prezzo unitario',
    amount: 'Importo',
    subtotal: 'Subtotale',
    shipping: 'Spedizione',
    discount: 'Sconti',
    total: 'Totale',
    totalInclVat: 'Totale IVA inclusa',
    vatIncluded: 'di cui IVA',
    net: 'Imponibile',
    paidWith: 'Pagato con',
    refunded: 'Rimborsato',
    returnLabel: 'Etichetta di reso prepagata',
    from: 'Da',
    to: 'A',
    reason: 'Motivo',
  },
};

function wordsFor(order: OrderEntity): { words: Words; tag: string } {
  const locale = findLocale(order.locale);
  return { words: WORDS[locale?.lang ?? 'en'] ?? EN, tag: locale?.tag ?? 'en-US' };
}

function addressLines(address: Record<string, unknown> | null): string[] {
  if (!address) return [];
  const get = (key: string) => String(address[key] ?? '').trim();
  return [
    `${get('firstName')} ${get('lastName')}`.trim(),
    get('addressLine1'),
    get('addressLine2'),
    // North American addresses end "City, ST 12345"; European ones put the postal code first.
    ['US', 'CA'].includes(get('countryCode'))
      ? `${get('city')}, ${[get('province'), get('postalCode')].filter(Boolean).join(' ')}`
      : [get('postalCode'), get('city')].filter(Boolean).join(' '),
    get('countryCode'),
  ].filter(Boolean);
}

export interface InvoiceLine {
  name: string;
  variant: string;
  qty: number;
  rowTotal: number;
}

/** The invoice of an order: what was billed (cancelled units left out) and, below, what was refunded since. */
export function invoicePdf(order: OrderEntity, billed: InvoiceLine[], refunded: number): Uint8Array {
  const { words, tag } = wordsFor(order);
  const money = new Intl.NumberFormat(tag, { style: 'currency', currency: order.currency });
  const format = (minor: number) => money.format(minor / 100);
  const date = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(order.createdAt));
  const seller = SELLERS[order.siteId] ?? (SELLERS.US as (typeof SELLERS)['US']);
  const totals = order.totals as { itemTotal?: number; shipping?: number; shippingDiscount?: number; tax?: number; taxIncluded?: boolean; total?: number };
  const size = order.siteId === 'US' || order.siteId === 'CA' ? LETTER : A4;
  const doc = new PdfDocument(size, { title: `${words.invoice} ${order.orderNumber}`, author: seller.name });
  let page = doc.addPage();
  const right = size.width - 48;

  page.text(48, 64, 'CAIRN', { size: 24, bold: true });
  page.lines(48, 86, [seller.name, ...seller.address, seller.taxId], { size: 9, grey: 0.25 });
  page.text(right, 64, words.invoice, { size: 20, bold: true, align: 'right' });
  page.lines(right, 86, [`${words.invoiceNo}: INV-${order.orderNumber.slice(2)}`, `${words.order}: ${order.orderNumber}`, `${words.date}: ${date}`], {
    size: 9,
    align: 'right',
  });

  const billTo = addressLines(order.billingAddress ?? order.shippingAddress);
  const shipTo = addressLines(order.shippingAddress);
  page.text(48, 180, words.billTo, { size: 9, bold: true });
  page.lines(48, 194, [...billTo, order.email], { size: 9 });
  if (shipTo.length > 0) {
    page.text(300, 180, words.shipTo, { size: 9, bold: true });
    page.lines(300, 194, shipTo, { size: 9 });
  }

  let y = 290;
  const columns = { qty: right - 190, unit: right - 90, amount: right };
  page.box(48, y - 14, right - 48, 20, { fill: 0.93 });
  page.text(56, y, words.item, { size: 9, bold: true });
  page.text(columns.qty, y, words.qty, { size: 9, bold: true, align: 'right' });
  page.text(columns.unit, y, words.unitPrice, { size: 9, bold: true, align: 'right' });
  page.text(columns.amount - 8, y, words.amount, { size: 9, bold: true, align: 'right' });
  y += 22;
  for (const line of billed) {
    if (y > size.height - 200) {
      // A long order continues on another page.
      y = 64;
      page = doc.addPage();
    }
    page.text(56, y, line.name.slice(0, 48), { size: 9 });
    page.text(56, y + 11, line.variant, { size: 8, grey: 0.35 });
    page.text(columns.qty, y, String(line.qty), { size: 9, align: 'right' });
    page.text(columns.unit, y, format(Math.round(line.rowTotal / line.qty)), { size: 9, align: 'right' });
    page.text(columns.amount - 8, y, format(line.rowTotal), { size: 9, align: 'right' });
    y += 26;
  }
  page.rule(48, y - 8, right, y - 8);

  const itemTotal = billed.reduce((sum, line) => sum + line.rowTotal, 0);
  const shipping = (totals.shipping ?? 0) - (totals.shippingDiscount ?? 0);
  const sumRows: [string, string, boolean][] = [
    [words.subtotal, format(itemTotal), false],
    [words.shipping, format(shipping), false],
  ];
  const taxable = itemTotal + shipping;
  const country = String(order.shippingAddress?.countryCode ?? order.billingAddress?.countryCode ?? order.siteId);
  const vat = vatRateOf(country);
  if (totals.taxIncluded && vat !== undefined) {
    const vatAmount = taxable - Math.round(taxable / (1 + vat));
    const rate = new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 }).format(vat);
    sumRows.push(
      [words.totalInclVat, format(taxable), true],
      [`${words.vatIncluded} (${rate})`, format(vatAmount), false],
      [words.net, format(taxable - vatAmount), false],
    );
  } else {
    // Sales tax was added at the order's rate: billed lines carry their share of it.
    const base = (totals.itemTotal ?? 0) + (totals.shipping ?? 0);
    const tax = base > 0 ? Math.round(((totals.tax ?? 0) * taxable) / base) : 0;
    sumRows.push([words.tax, format(tax), false], [words.total, format(taxable + tax), true]);
  }
  for (const [label, value, strong] of sumRows) {
    page.text(columns.unit, y + 8, label, { size: strong ? 10 : 9, bold: strong, align: 'right' });
    page.text(columns.amount - 8, y + 8, value, { size: strong ? 10 : 9, bold: strong, align: 'right' });
    y += strong ? 20 : 16;
  }
  if (refunded > 0) {
    page.text(columns.unit, y + 8, words.refunded, { size: 9, align: 'right' });
    page.text(columns.amount - 8, y + 8, `-${format(refunded)}`, { size: 9, align: 'right' });
    y += 16;
  }
  y += 24;
  const paid = order.paymentMethod.map((p) => `${p.label}${p.additionalData.last4 ? ` •••• ${String(p.additionalData.last4)}` : ''}: ${format(p.amount)}`);
  page.text(48, y, words.paidWith, { size: 9, bold: true });
  page.lines(48, y + 14, paid, { size: 9 });
  page.text(48, size.height - 40, `${seller.name} · ${seller.address.join(', ')} · ${seller.taxId}`, { size: 7, grey: 0.4 });
  return doc.bytes();
}

const REASONS: Record<string, string> = {
  too_small: 'Too small',
  too_big: 'Too big',
  not_as_pictured: 'Not as pictured',
  damaged: 'Damaged or faulty',
  wrong_item: 'Wrong item sent',
  changed_mind: 'Changed my mind',
  arrived_late: 'Arrived too late',
};

/** A return's prepaid label (the carrier's tracking barcode, the return authorization) and its packing slip. */
export function returnLabelPdf(order: OrderEntity, view: ReturnView, from: Record<string, unknown> | null): Uint8Array {
  const { words } = wordsFor(order);
  const size = order.siteId === 'US' || order.siteId === 'CA' ? LETTER : A4;
  const doc = new PdfDocument(size, { title: `${words.returnLabel} ${view.returnId}`, author: 'Cairn' });
  const page: PdfPage = doc.addPage();
  // The label itself: 4 × 6 inches, cut along the border.
  const x = 48;
  const top = 48;
  page.box(x, top, 288, 432, { stroke: 0, lineWidth: 1.5 });
  page.text(x + 14, top + 30, view.carrier.toUpperCase(), { size: 18, bold: true });
  page.text(x + 274, top + 30, 'PREPAID', { size: 11, bold: true, align: 'right' });
  page.rule(x, top + 44, x + 288, top + 44, 1);
  page.text(x + 14, top + 62, words.from.toUpperCase(), { size: 7, bold: true });
  page.lines(x + 14, top + 74, addressLines(from), { size: 9, leading: 11 });
  page.text(x + 14, top + 150, words.to.toUpperCase(), { size: 7, bold: true });
  page.lines(x + 14, top + 166, RETURNS_CENTRES[order.siteId] ?? (RETURNS_CENTRES.US as string[]), { size: 12, bold: true, leading: 15 });
  page.rule(x, top + 240, x + 288, top + 240, 1);
  const width = page.barcode(x + 14, top + 254, view.trackingNumber, 80, 0.8);
  page.text(x + 14 + width / 2, top + 348, view.trackingNumber, { size: 10, align: 'center' });
  page.rule(x, top + 362, x + 288, top + 362, 1);
  page.text(x + 14, top + 380, `RMA ${view.returnId}`, { size: 12, bold: true });
  page.text(x + 14, top + 396, `${words.order} ${order.orderNumber}`, { size: 9 });
  page.barcode(x + 160, top + 372, view.returnId, 30, 0.6);

  page.lines(x + 310, top + 10, wrap(words.instructions, 32), { size: 9, leading: 13 });

  let y = top + 480;
  page.rule(x, y - 16, size.width - 48, y - 16, 0.5, 0.6);
  page.text(x, y, words.packingSlip, { size: 11, bold: true });
  y += 20;
  page.text(x, y, `${words.order} ${order.orderNumber} · RMA ${view.returnId}`, { size: 9 });
  y += 22;
  page.text(x, y, words.item, { size: 9, bold: true });
  page.text(x + 330, y, words.qty, { size: 9, bold: true, align: 'right' });
  page.text(x + 350, y, words.reason, { size: 9, bold: true });
  y += 16;
  for (const item of view.items) {
    page.text(x, y, item.name.slice(0, 56), { size: 9 });
    page.text(x + 330, y, String(item.quantity), { size: 9, align: 'right' });
    page.text(x + 350, y, REASONS[item.reason] ?? item.reason, { size: 9 });
    y += 15;
  }
  return doc.bytes();
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current && current.length + word.length + 1 > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}

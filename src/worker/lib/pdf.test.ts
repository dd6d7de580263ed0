import { describe, expect, it } from 'vitest';
import { A4, code39Bars, PdfDocument, winAnsiHex } from './pdf.ts';

describe('PdfDocument', () => {
  it('writes a file whose cross-reference table points at every object', () => {
    const doc = new PdfDocument(A4, { title: 'Invoice', author: 'Cairn' });
    doc.addPage().text(40, 40, 'Total 12,00 €', { bold: true }).rule(40, 50, 200, 50);
    doc.addPage().barcode(40, 40, 'RA12345678', 40);
    const text = new TextDecoder().decode(doc.bytes());
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    const xrefAt = Number(text.match(/startxref\n(\d+)\n%%EOF\n$/)?.[1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const entries = text.slice(xrefAt).match(/^(\d{10}) 00000 n $/gm) ?? [];
    expect(entries.length).toBeGreaterThan(6);
    entries.forEach((entry, index) => {
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true);
    });
    // Each stream's stated length is its content's.
    for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/g)) {
      expect(match[2]?.length).toBe(Number(match[1]));
    }
    expect(text).toContain('/Count 2');
  });

  it('encodes text as WinAnsi, with the euro sign and accents, and never raw', () => {
    expect(winAnsiHex('€ é')).toBe('<8020e9>');
    expect(winAnsiHex('漢')).toBe('<3f>');
  });
});

describe('code39Bars', () => {
  it('frames the value with start and stop characters, five bars each', () => {
    expect(code39Bars('A1')).toHaveLength(4 * 5);
    // Every character is 15 narrow units wide plus its gap: 4 characters, 3 gaps between, 1 trailing.
    const last = code39Bars('A1').at(-1) as [number, number];
    expect(last[0] + last[1]).toBe(4 * 16 - 1 - 0);
  });

  it('refuses what Code 39 cannot encode', () => {
    expect(() => code39Bars('a_b')).toThrow(/cannot encode/);
  });
});

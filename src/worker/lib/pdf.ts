// A small PDF writer for the documents the store hands out (invoices, return labels): pages of text in the
// standard Helvetica faces (every reader has them, so nothing is embedded), rules, filled boxes and a Code 39
// barcode. Text is WinAnsi-encoded, which covers the Latin languages the store sells in and the euro and
// pound signs; anything outside it prints as '?'. Coordinates are points from the top-left corner.

export const A4 = { width: 595.28, height: 841.89 } as const;
export const LETTER = { width: 612, height: 792 } as const;

const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '\u202f': 0x20,
  '\u00a0': 0x20,
};

/** The WinAnsi bytes of a text, as a PDF hex string (no escaping to get wrong). */
export function winAnsiHex(text: string): string {
  let hex = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0x3f;
    const byte = WIN_ANSI_EXTRA[char] ?? (code >= 0x20 && code <= 0xff && (code < 0x7f || code >= 0xa0) ? code : 0x3f);
    hex += byte.toString(16).padStart(2, '0');
  }
  return `<${hex}>`;
}

// Helvetica's advance widths (per 1000 units of the font size) for what amounts and short labels hold; other
// characters take an average. Enough to right-align columns of figures.
const NARROW = new Set([..." .,:;!|il'()[]jft/"]);
const WIDE = new Set([...'mwMW@%']);
function glyphWidth(char: string, bold: boolean): number {
  if (/[0-9$€£#*+=<>?_~^-]/.test(char)) return char === '-' ? 333 : 556;
  if (NARROW.has(char)) return bold ? 300 : 278;
  if (WIDE.has(char)) return 889;
  if (/[A-Z]/.test(char)) return bold ? 722 : 667;
  return bold ? 580 : 540;
}

export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const char of text) units += glyphWidth(char, bold);
  return (units * size) / 1000;
}

// Code 39 (ISO/IEC 16388): nine elements per character, bar first, three of them wide.
const CODE39: Record<string, string> = {
  '0': 'nnnwwnwnn',
  '1': 'wnnwnnnnw',
  '2': 'nnwwnnnnw',
  '3': 'wnwwnnnnn',
  '4': 'nnnwwnnnw',
  '5': 'wnnwwnnnn',
  '6': 'nnwwwnnnn',
  '7': 'nnnwnnwnw',
  '8': 'wnnwnnwnn',
  '9': 'nnwwnnwnn',
  A: 'wnnnnwnnw',
  B: 'nnwnnwnnw',
  C: 'wnwnnwnnn',
  D: 'nnnnwwnnw',
  E: 'wnnnwwnnn',
  F: 'nnwnwwnnn',
  G: 'nnnnnwwnw',
  H: 'wnnnnwwnn',
  I: 'nnwnnwwnn',
  J: 'nnnnwwwnn',
  K: 'wnnnnnnww',
  L: 'nnwnnnnww',
  M: 'wnwnnnnwn',
  N: 'nnnnwnnww',
  O: 'wnnnwnnwn',
  P: 'nnwnwnnwn',
  Q: 'nnnnnnwww',
  R: 'wnnnnnwwn',
  S: 'nnwnnnwwn',
  T: 'nnnnwnwwn',
  U: 'wwnnnnnnw',
  V: 'nwwnnnnnw',
  W: 'wwwnnnnnn',
  X: 'nwnnwnnnw',
  Y: 'wwnnwnnnn',
  Z: 'nwwnwnnnn',
  '-': 'nwnnnnwnw',
  '.': 'wwnnnnwnn',
  ' ': 'nwwnnnwnn',
  '*': 'nwnnwnwnn',
};

/** The bars of a Code 39 symbol (start and stop characters added) as [offset, width] in narrow units. */
export function code39Bars(value: string, wideRatio = 3): [number, number][] {
  const text = `*${value.toUpperCase()}*`;
  const bars: [number, number][] = [];
  let at = 0;
  for (const char of text) {
    const pattern = CODE39[char];
    if (!pattern) throw new Error(`Code 39 cannot encode "${char}"`);
    [...pattern].forEach((element, index) => {
      const width = element === 'w' ? wideRatio : 1;
      if (index % 2 === 0) bars.push([at, width]);
      at += width;
    });
    at += 1; // the narrow gap between characters
  }
  return bars;
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  /** Where x is: the text's start (default), its end, or its centre. */
  align?: 'left' | 'right' | 'center';
  /** Grey level, 0 black to 1 white. */
  grey?: number;
}

export class PdfPage {
  readonly ops: string[] = [];
  readonly height: number;

  constructor(height: number) {
    this.height = height;
  }

  text(x: number, y: number, text: string, options: TextOptions = {}): this {
    const size = options.size ?? 10;
    const bold = options.bold ?? false;
    const width = textWidth(text, size, bold);
    const left = options.align === 'right' ? x - width : options.align === 'center' ? x - width / 2 : x;
    const grey = options.grey ?? 0;
    this.ops.push(`BT ${grey.toFixed(2)} g /${bold ? 'F2' : 'F1'} ${size} Tf ${left.toFixed(2)} ${(this.height - y).toFixed(2)} Td ${winAnsiHex(text)} Tj ET`);
    return this;
  }

  /** Lines of text from y down, `leading` apart; answers the y after the last. */
  lines(x: number, y: number, texts: readonly string[], options: TextOptions & { leading?: number } = {}): number {
    const leading = options.leading ?? (options.size ?? 10) * 1.4;
    texts.forEach((text, index) => {
      this.text(x, y + index * leading, text, options);
    });
    return y + texts.length * leading;
  }

  rule(x1: number, y1: number, x2: number, y2: number, width = 0.5, grey = 0): this {
    this.ops.push(`${grey.toFixed(2)} G ${width} w ${x1.toFixed(2)} ${(this.height - y1).toFixed(2)} m ${x2.toFixed(2)} ${(this.height - y2).toFixed(2)} l S`);
    return this;
  }

  box(x: number, y: number, width: number, height: number, options: { fill?: number; stroke?: number; lineWidth?: number } = {}): this {
    const rect = `${x.toFixed(2)} ${(this.height - y - height).toFixed(2)} ${width.toFixed(2)} ${height.toFixed(2)} re`;
    if (options.fill !== undefined) this.ops.push(`${options.fill.toFixed(2)} g ${rect} f`);
    if (options.stroke !== undefined) this.ops.push(`${options.stroke.toFixed(2)} G ${options.lineWidth ?? 1} w ${rect} S`);
    return this;
  }

  /** A Code 39 barcode `narrow` points per narrow bar; answers its width. */
  barcode(x: number, y: number, value: string, height: number, narrow = 1.2): number {
    const bars = code39Bars(value);
    this.ops.push('0 g');
    for (const [offset, width] of bars) {
      this.ops.push(`${(x + offset * narrow).toFixed(2)} ${(this.height - y - height).toFixed(2)} ${(width * narrow).toFixed(2)} ${height.toFixed(2)} re f`);
    }
    const last = bars.at(-1) ?? [0, 0];
    return (last[0] + last[1]) * narrow;
  }
}

export class PdfDocument {
  private readonly pages: PdfPage[] = [];
  readonly size: { width: number; height: number };
  private readonly info: { title: string; author: string };

  constructor(size: { width: number; height: number }, info: { title: string; author: string }) {
    this.size = size;
    this.info = info;
  }

  addPage(): PdfPage {
    const page = new PdfPage(this.size.height);
    this.pages.push(page);
    return page;
  }

  /** The file: every object ASCII, so offsets are string lengths. */
  bytes(): Uint8Array {
    const objects: string[] = [];
    const fonts = ['Helvetica', 'Helvetica-Bold'];
    const pageIds = this.pages.map((_, index) => 5 + index * 2);
    objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
    objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
    fonts.forEach((font, index) => {
      objects[3 + index] = `<< /Type /Font /Subtype /Type1 /BaseFont /${font} /Encoding /WinAnsiEncoding >>`;
    });
    this.pages.forEach((page, index) => {
      const id = pageIds[index] as number;
      const content = page.ops.join('\n');
      objects[id] =
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${this.size.width} ${this.size.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${id + 1} 0 R >>`;
      objects[id + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
    });
    const infoId = objects.length;
    objects[infoId] = `<< /Title ${winAnsiHex(this.info.title)} /Author ${winAnsiHex(this.info.author)} /Producer (Cairn storefront) >>`;
    let file = '%PDF-1.4\n';
    const offsets: number[] = [];
    for (let id = 1; id < objects.length; id++) {
      offsets[id] = file.length;
      file += `${id} 0 obj\n${objects[id]}\nendobj\n`;
    }
    const xref = file.length;
    file += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
    for (let id = 1; id < objects.length; id++) file += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
    file += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return new TextEncoder().encode(file);
  }
}

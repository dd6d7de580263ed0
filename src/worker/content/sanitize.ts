// Allowlist HTML sanitizer for CMS rich text: pure and synchronous, because the worker has no DOM.
// Safety comes from construction, not from recognising attacks: the output holds only tags this module
// writes, with escaped text and quoted, escaped values, so a parse that differs from a browser's cannot
// smuggle markup through.

const BLOCK_TAGS = new Set(['p', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote']);
const INLINE_TAGS = new Set(['br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'span', 'small']);
const VOID_TAGS = new Set(['br']);
/** Elements whose content is code or foreign markup: dropped whole, content included. */
const DROP_WITH_CONTENT = new Set('script style iframe object embed svg math template noscript textarea title xmp noembed noframes select'.split(' '));
/** The HTML tokenizer reads these as raw text up to their end tag, so markup-looking content inside is not markup. */
const RAW_TEXT = new Set(['script', 'style', 'iframe', 'noscript', 'textarea', 'title', 'xmp', 'noembed', 'noframes']);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  bsol: '\\',
  lpar: '(',
  rpar: ')',
  period: '.',
  comma: ',',
  num: '#',
  equals: '=',
  semi: ';',
  hellip: '\u2026',
  mdash: '\u2014',
  ndash: '\u2013',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  euro: '\u20ac',
  pound: '\u00a3',
};

export interface SanitizeOptions {
  /** Headings and other inline contexts: block tags are dropped, their text kept. */
  inline?: boolean;
}

/** Decodes character references as a browser would in an attribute value, including the forms without a semicolon. */
export function decodeEntities(value: string): string {
  return value.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);?/g, (match, ref: string) => {
    if (ref.startsWith('#')) {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? match;
  });
}

/**
 * The href to write, or null: only same-origin paths ("/x", not "//host" or "/\host") and fragments.
 * Browsers drop tabs and newlines anywhere in a URL and trim controls and spaces, so the check runs on that form
 * and the cleaned form is what gets written. `raw` is the value as the browser would see it (entities decoded).
 */
export function safeHref(raw: string | undefined | null): string | null {
  if (!raw) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  const cleaned = raw.replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u2028\u2029]/g, '');
  if (cleaned.startsWith('#')) return cleaned;
  if (!cleaned.startsWith('/') || cleaned[1] === '/' || cleaned[1] === '\\') return null;
  return cleaned;
}

export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

/** Text keeps well-formed character references (they cannot form markup) and escapes everything else. */
function escapeTextKeepingEntities(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{0,31}|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: Map<string, string>;
  /** Index just past the tag's ">". */
  end: number;
}

const TAG_NAME = /[^\s/>]+/y;
const ATTRIBUTE_NAME = /[^\s/>][^\s/>=]*/y;
const UNQUOTED_VALUE = /[^\s>]*/y;
const SPACE = /\s*/y;

function match(pattern: RegExp, html: string, at: number): string {
  pattern.lastIndex = at;
  return pattern.exec(html)?.[0] ?? '';
}

/** Reads the tag that starts at `start` ("<" then a letter, or "</" then a letter); null when the input ends inside it. */
function readTag(html: string, start: number): Tag | null {
  const closing = html[start + 1] === '/';
  let i = start + (closing ? 2 : 1);
  const rawName = match(TAG_NAME, html, i);
  i += rawName.length;
  const attributes = new Map<string, string>();
  while (i < html.length) {
    const ch = html[i] as string;
    if (ch === '>') return { name: rawName.toLowerCase(), closing, attributes, end: i + 1 };
    if (ch === '/' || /\s/.test(ch)) {
      i++;
      continue;
    }
    const attrName = match(ATTRIBUTE_NAME, html, i);
    i += attrName.length;
    i += match(SPACE, html, i).length;
    let value = '';
    if (html[i] === '=') {
      i++;
      i += match(SPACE, html, i).length;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close === -1) return null;
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        value = match(UNQUOTED_VALUE, html, i);
        i += value.length;
      }
    }
    // The first occurrence of an attribute wins, as in the HTML parser.
    const key = attrName.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, decodeEntities(value));
  }
  return null;
}

function renderAttributes(tag: Tag): string {
  let out = '';
  const title = tag.attributes.get('title');
  if (tag.name === 'a') {
    const href = safeHref(tag.attributes.get('href'));
    if (href) out += ` href="${escapeAttribute(href)}"`;
    const target = tag.attributes.get('target')?.trim().toLowerCase();
    if (target === '_blank') out += ' target="_blank" rel="noopener noreferrer"';
    else if (target === '_self') out += ' target="_self"';
  }
  if (title !== undefined) out += ` title="${escapeAttribute(title)}"`;
  return out;
}

/** Index where the dropped element that starts at `from` ends: its matching end tag, or the end of the input. */
function skipDropped(html: string, name: string, from: number): number {
  const lower = html.toLowerCase();
  if (RAW_TEXT.has(name)) {
    const close = new RegExp(`</${name}[\\s/>]`, 'g');
    close.lastIndex = from;
    const match = close.exec(lower);
    if (!match) return html.length;
    const end = html.indexOf('>', match.index);
    return end === -1 ? html.length : end + 1;
  }
  // Foreign content (svg, math, template...) nests: count same-name tags to find the matching end.
  let depth = 1;
  let i = from;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) return html.length;
    const tag = /^<\/?[a-zA-Z]/.test(html.slice(lt, lt + 3)) ? readTag(html, lt) : null;
    if (!tag) {
      i = lt + 1;
      continue;
    }
    if (tag.name === name) depth += tag.closing ? -1 : 1;
    if (depth === 0) return tag.end;
    i = tag.end;
  }
  return html.length;
}

export function sanitizeHtml(html: string, options: SanitizeOptions = {}): string {
  const allowed = (name: string) => INLINE_TAGS.has(name) || (!options.inline && BLOCK_TAGS.has(name));
  const open: string[] = [];
  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      out += escapeTextKeepingEntities(html.slice(i));
      break;
    }
    out += escapeTextKeepingEntities(html.slice(i, lt));
    const next = html[lt + 1] ?? '';
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      i = close === -1 ? html.length : close + 3;
      continue;
    }
    if (next === '!' || next === '?' || (next === '/' && !/[a-zA-Z]/.test(html[lt + 2] ?? ''))) {
      // Doctypes, CDATA, processing instructions and "</>" are bogus comments to the HTML parser.
      const close = html.indexOf('>', lt);
      i = close === -1 ? html.length : close + 1;
      continue;
    }
    if (!/[a-zA-Z/]/.test(next)) {
      out += '&lt;';
      i = lt + 1;
      continue;
    }
    const tag = readTag(html, lt);
    // A tag cut off by the end of the input is dropped whole, as a browser would.
    if (!tag) break;
    i = tag.end;
    if (!tag.closing && DROP_WITH_CONTENT.has(tag.name)) {
      i = skipDropped(html, tag.name, tag.end);
      continue;
    }
    if (!allowed(tag.name)) continue;
    if (tag.closing) {
      const at = open.lastIndexOf(tag.name);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    // Links cannot nest; a new one closes the open one, as the HTML parser does.
    if (tag.name === 'a' && open.includes('a')) {
      while (open.includes('a')) out += `</${open.pop()}>`;
    }
    out += `<${tag.name}${renderAttributes(tag)}>`;
    if (!VOID_TAGS.has(tag.name)) open.push(tag.name);
  }
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}

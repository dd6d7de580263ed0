// A small ICU-style message formatter: "{name}" arguments and "{count, plural, one {...} other {...}}".
// Messages are parsed once into parts and formatted from those.

import type { MessageKey } from './en.ts';
import { numberFormat } from './number-format.ts';

// Number formatting reaches the browser through this module only, so the two load as one chunk (every page
// translates, so nothing loads for formatting alone).
export { type NumberFormatter, numberFormat } from './number-format.ts';

export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;
export type MessageSubset = Partial<Record<MessageKey, string>>;

type Part = string | { arg: string } | { plural: string; options: Map<string, Part[]> };

const pluralRules = new Map<string, Intl.PluralRules>();
const compiled = new Map<string, Part[]>();

/** The plural category of a count; the rules are built once per locale (selecting is cheap, building is not). */
function pluralCategory(localeTag: string, value: number): string {
  let rules = pluralRules.get(localeTag);
  if (!rules) {
    rules = new Intl.PluralRules(localeTag);
    pluralRules.set(localeTag, rules);
  }
  return rules.select(value);
}

/** Index of the brace that closes the one opened at `open`. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  throw new Error(`Unbalanced braces in message: ${text}`);
}

function parsePlural(expression: string): Part {
  const [name = '', , ...rest] = expression.split(',');
  const body = rest.join(',');
  const options = new Map<string, Part[]>();
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf('{', i);
    if (open < 0) break;
    const close = closingBrace(body, open);
    options.set(body.slice(i, open).trim(), parse(body.slice(open + 1, close)));
    i = close + 1;
  }
  return { plural: name.trim(), options };
}

function parse(message: string): Part[] {
  const parts: Part[] = [];
  let i = 0;
  while (i < message.length) {
    const open = message.indexOf('{', i);
    if (open < 0) {
      parts.push(message.slice(i));
      break;
    }
    if (open > i) parts.push(message.slice(i, open));
    const close = closingBrace(message, open);
    const expression = message.slice(open + 1, close);
    parts.push(/^\s*\w+\s*,\s*plural\s*,/.test(expression) ? parsePlural(expression) : { arg: expression.trim() });
    i = close + 1;
  }
  return parts;
}

function render(parts: readonly Part[], params: MessageParams | undefined, localeTag: string, count?: string): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += count === undefined ? part : part.replaceAll('#', count);
    else if ('arg' in part) {
      const value = params?.[part.arg];
      out += value === undefined ? `{${part.arg}}` : String(value);
    } else {
      const value = Number(params?.[part.plural] ?? 0);
      const chosen = part.options.get(`=${value}`) ?? part.options.get(pluralCategory(localeTag, value)) ?? part.options.get('other') ?? [];
      out += render(chosen, params, localeTag, numberFormat(localeTag).format(value));
    }
  }
  return out;
}

export function formatMessage(message: string, params: MessageParams | undefined, localeTag: string): string {
  if (!message.includes('{')) return message;
  let parts = compiled.get(message);
  if (!parts) {
    parts = parse(message);
    compiled.set(message, parts);
  }
  return render(parts, params, localeTag);
}

/** A translator over the strings an island received in its props (no catalogue is bundled). */
export function subsetTranslator(messages: MessageSubset, localeTag: string): Translate {
  return (key, params) => formatMessage(messages[key] ?? key, params, localeTag);
}

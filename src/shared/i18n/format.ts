// A small ICU-style message formatter: "{name}" arguments and "{count, plural, one {...} other {...}}".

import type { MessageKey } from './en.ts';
import { numberFormat } from './number-format.ts';

export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;
export type MessageSubset = Partial<Record<MessageKey, string>>;

const pluralRules = new Map<string, Intl.PluralRules>();

function rulesFor(localeTag: string): Intl.PluralRules {
  let rules = pluralRules.get(localeTag);
  if (!rules) {
    rules = new Intl.PluralRules(localeTag);
    pluralRules.set(localeTag, rules);
  }
  return rules;
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

function pluralOptions(body: string): Map<string, string> {
  const options = new Map<string, string>();
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf('{', i);
    if (open < 0) break;
    const selector = body.slice(i, open).trim();
    const close = closingBrace(body, open);
    options.set(selector, body.slice(open + 1, close));
    i = close + 1;
  }
  return options;
}

function formatPlural(expression: string, params: MessageParams, localeTag: string): string {
  const [name = '', , ...rest] = expression.split(',');
  const value = Number(params[name.trim()] ?? 0);
  const options = pluralOptions(rest.join(','));
  const chosen = options.get(`=${value}`) ?? options.get(rulesFor(localeTag).select(value)) ?? options.get('other') ?? '';
  const shown = numberFormat(localeTag).format(value);
  return formatMessage(chosen.replaceAll('#', shown), params, localeTag);
}

export function formatMessage(message: string, params: MessageParams | undefined, localeTag: string): string {
  if (!message.includes('{')) return message;
  let out = '';
  let i = 0;
  while (i < message.length) {
    const open = message.indexOf('{', i);
    if (open < 0) {
      out += message.slice(i);
      break;
    }
    out += message.slice(i, open);
    const close = closingBrace(message, open);
    const expression = message.slice(open + 1, close);
    if (/^\s*\w+\s*,\s*plural\s*,/.test(expression)) out += formatPlural(expression, params ?? {}, localeTag);
    else {
      const value = params?.[expression.trim()];
      out += value === undefined ? `{${expression}}` : String(value);
    }
    i = close + 1;
  }
  return out;
}

/** A translator over the strings an island received in its props (no catalogue is bundled). */
export function subsetTranslator(messages: MessageSubset, localeTag: string): Translate {
  return (key, params) => formatMessage(messages[key] ?? key, params, localeTag);
}

// Message lookup per language. Every catalogue is complete today; a key missing in one falls back to English.

import type { Lang } from '../locale/sites.ts';
import { de } from './de.ts';
import { en, type MessageKey } from './en.ts';
import { formatMessage, type MessageSubset, type Translate } from './format.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';

const catalogues: Record<Lang, Partial<Record<MessageKey, string>>> = { en, fr, de, it };

function rawMessage(lang: Lang, key: MessageKey): string {
  return catalogues[lang][key] ?? en[key];
}

export function translator(lang: Lang, localeTag: string): Translate {
  return (key, params) => formatMessage(rawMessage(lang, key), params, localeTag);
}

/** The unformatted strings an island needs, carried in its props. */
export function pickMessages(lang: Lang, keys: readonly MessageKey[]): MessageSubset {
  const subset: MessageSubset = {};
  for (const key of keys) subset[key] = rawMessage(lang, key);
  return subset;
}

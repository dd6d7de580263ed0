// The local translator (the spec-fidelity issue: review translation on a fresh clone): the seeded reviews are
// written from parallel copy (review-copy.ts), the same entry in the same place in every language, so a text
// made of those sentences has a true human translation. A text that is not (a shopper's own words) cannot be
// translated here, and the translator says so (REV503 at the endpoint), as a failed model call would.

import type { Lang } from '../../../shared/locale/sites.ts';
import { QUESTION_COPY, REVIEW_COPY, type ReviewLang } from './review-copy.ts';
import type { Translator } from './translator.ts';

export class UntranslatableText extends Error {}

const LANGS: readonly ReviewLang[] = ['en', 'fr', 'de', 'it'];

/** Every sentence of the copy under its place ("general.love.2"), per language. */
function entriesOf(lang: ReviewLang): [place: string, text: string][] {
  const copy = REVIEW_COPY[lang];
  const { names: _names, places: _places, ...sentences } = copy;
  const entries: [string, string][] = [];
  const walk = (value: unknown, place: string) => {
    if (typeof value === 'string') entries.push([place, value]);
    else if (Array.isArray(value)) for (const [index, item] of value.entries()) walk(item, `${place}.${index}`);
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, place ? `${place}.${key}` : key);
  };
  walk(sentences, '');
  walk(QUESTION_COPY[lang], 'questions');
  return entries;
}

interface Phrasebook {
  /** By language, each sentence's place; longest first, so a sentence that starts another is not taken for it. */
  sentences: Map<ReviewLang, [text: string, place: string][]>;
  /** By language, each place's sentence. */
  places: Map<ReviewLang, Map<string, string>>;
}

let book: Phrasebook | null = null;

function phrasebook(): Phrasebook {
  if (book) return book;
  const sentences = new Map<ReviewLang, [string, string][]>();
  const places = new Map<ReviewLang, Map<string, string>>();
  for (const lang of LANGS) {
    const entries = entriesOf(lang);
    sentences.set(
      lang,
      entries.map(([place, text]) => [text, place] as [string, string]).sort((a, b) => b[0].length - a[0].length),
    );
    places.set(lang, new Map(entries));
  }
  book = { sentences, places };
  return book;
}

/** `text` in `to`, sentence by sentence, or UntranslatableText for a sentence the copy does not have. */
export function translateFromCopy(text: string, from: Lang, to: Lang): string {
  const { sentences, places } = phrasebook();
  const known = sentences.get(from as ReviewLang);
  const target = places.get(to as ReviewLang);
  if (!known || !target) throw new UntranslatableText(`no phrasebook from ${from} to ${to}`);
  const out: string[] = [];
  let rest = text.trim();
  while (rest !== '') {
    const match = known.find(([sentence]) => rest.startsWith(sentence));
    const translated = match ? target.get(match[1]) : undefined;
    if (!match || translated === undefined) throw new UntranslatableText('the text is not made of sentences the phrasebook has');
    out.push(translated);
    rest = rest.slice(match[0].length).trimStart();
  }
  return out.join(' ');
}

export const phrasebookTranslator: Translator = {
  async translate(texts, from, to) {
    return texts.map((text) => translateFromCopy(text, from, to));
  },
};

// Small text helpers for the seed copy: slugs, English articles and French agreement.

export interface Bilingual {
  en: string;
  fr: string;
}

/** French grammatical gender and number of a product noun ("Chaussettes" is feminine plural). */
export type FrGender = 'm' | 'f' | 'mp' | 'fp';

export type FrAdjective = Record<FrGender, string>;

// Phrases such as "en cuir" or "d'hiver" never agree with the noun.
const INVARIABLE = /^(en |de |d'|à |du )|^stretch$/;

/** A French adjective with its four forms; regular ones need only the masculine singular. */
export function frAdjective(m: string, f?: string, mp?: string, fp?: string): FrAdjective {
  if (INVARIABLE.test(m)) return { m, f: m, mp: m, fp: m };
  const feminine = f ?? (m.endsWith('e') ? m : `${m}e`);
  const masculinePlural = mp ?? (/[sx]$/.test(m) ? m : `${m}s`);
  return { m, f: feminine, mp: masculinePlural, fp: fp ?? `${feminine}s` };
}

/** "Notre" / "Nos": a determiner that needs no gender, so templates stay simple. */
export function frOur(gender: FrGender): string {
  return gender === 'mp' || gender === 'fp' ? 'nos' : 'notre';
}

export function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function withArticle(phrase: string): string {
  return `${/^[aeiou]/i.test(phrase) ? 'an' : 'a'} ${phrase}`;
}

/** English kebab-case for URLs: "Kids' Summit Trail Runner" -> "kids-summit-trail-runner". */
export function kebab(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// Style names in English and French, unique per language across the catalog.

import type { ProductType } from '../../src/worker/commerce/catalog/product-types.ts';
import type { Audience } from './assortment.ts';
import { MODIFIERS, type ModifierKey, NAME_LINES } from './modifiers.ts';
import { NOUNS, type Noun } from './nouns.ts';
import type { Random } from './random.ts';
import type { Bilingual } from './text.ts';

export interface StyleName extends Bilingual {
  noun: Noun;
  modifier: ModifierKey | null;
}

export interface NameRegistry {
  en: Set<string>;
  fr: Set<string>;
}

export function createNameRegistry(): NameRegistry {
  return { en: new Set(), fr: new Set() };
}

/** English puts the line first ("Ridgeline Waterproof Hiker"); French the noun ("Chaussure de randonnée imperméable Ridgeline"). */
function compose(line: string, noun: Noun, modifier: ModifierKey | null, audience: Audience): Bilingual {
  const modifierEn = modifier ? `${MODIFIERS[modifier].en} ` : '';
  const modifierFr = modifier ? ` ${MODIFIERS[modifier].fr[noun.gender]}` : '';
  const en = `${line} ${modifierEn}${noun.en}`;
  const fr = `${noun.fr}${modifierFr} ${line}`;
  return audience === 'kids' ? { en: `Kids' ${en}`, fr: `${fr} enfant` } : { en, fr };
}

export function pickStyleName(random: Random, type: Exclude<ProductType, 'gift-card'>, audience: Audience, registry: NameRegistry): StyleName {
  for (let attempt = 0; attempt < 500; attempt++) {
    const noun = random.pick(NOUNS[type]);
    // About a third of names skip the modifier, as real ranges do ("Summit Trail Runner").
    const modifier = random.chance(0.68) ? random.pick(noun.modifiers) : null;
    const name = compose(random.pick(NAME_LINES), noun, modifier, audience);
    if (registry.en.has(name.en) || registry.fr.has(name.fr)) continue;
    registry.en.add(name.en);
    registry.fr.add(name.fr);
    return { ...name, noun, modifier };
  }
  throw new Error(`No free style name left for ${type}`);
}

// The vocabulary a product family's copy is written from, shared by the footwear, apparel and accessory kits.

import type { Style } from './model.ts';
import type { ModifierKey } from './modifiers.ts';
import type { Random } from './random.ts';
import { type Bilingual, type FrAdjective, frAdjective } from './text.ts';

/** A material as the description names it ("a full-grain leather upper") and as its detail bullet. */
export interface Material extends Bilingual {
  detail: Bilingual;
  /** Modifiers this material agrees with: a "Suede" style gets a suede upper. */
  tags: readonly ModifierKey[];
  /** Used only when the name asks for it: a canvas upper suits a "Canvas Boat Shoe", not every loafer. */
  onlyWhenNamed?: boolean;
}

export interface Fit extends Bilingual {
  detail: Bilingual;
}

export interface CopyContext {
  style: Style;
  material: Material;
  /** Footwear only: the outsole the description names. */
  sole: Material | null;
  /** Garments only: the cut the description names. */
  fit: Fit | null;
  random: Random;
}

export interface CopyKit {
  materials: readonly Material[];
  soles?: readonly Material[];
  /** Non-footwear: how the piece is made from its material ("cut from" / "taillé dans"). */
  made?: { en: string; fr: FrAdjective };
  /** Whether the piece has a cut worth naming (garments, not socks or bags). */
  fitted?: boolean;
  uses: readonly Bilingual[];
  features: readonly Bilingual[];
  closers: readonly Bilingual[];
  eyebrows: readonly Bilingual[];
  /** Four to six detail bullets. */
  details(context: CopyContext): Bilingual[];
}

export function bi(en: string, fr: string): Bilingual {
  return { en, fr };
}

function cut(en: string, fr: string, detailEn: string, detailFr: string): Fit {
  return { en, fr, detail: bi(`Fit: ${detailEn}`, `Coupe : ${detailFr}`) };
}

export const FITS = {
  relaxed: cut('a relaxed fit', 'une coupe ample', 'relaxed', 'ample'),
  regular: cut('a regular fit', 'une coupe droite', 'regular', 'droite'),
  slim: cut('a slim fit', 'une coupe ajustée', 'slim', 'ajustée'),
  athletic: cut('an athletic fit', 'une coupe athlétique', 'athletic', 'athlétique'),
} as const;

export function made(en: string, fr: string): { en: string; fr: FrAdjective } {
  return { en, fr: frAdjective(fr) };
}

export const IMPORTED = bi('Imported', 'Produit importé');

export function material(en: string, fr: string, detail: Bilingual, tags = ''): Material {
  return { en, fr, detail, tags: tags ? (tags.split(' ') as ModifierKey[]) : [] };
}

/** Materials that match the style's modifier, or the general ones when none does. */
export function materialsFor(materials: readonly Material[], modifier: ModifierKey | null): readonly Material[] {
  const matching = modifier ? materials.filter((m) => m.tags.includes(modifier)) : [];
  return matching.length > 0 ? matching : materials.filter((m) => !m.onlyWhenNamed);
}

export const SHARED_CLOSERS: readonly Bilingual[] = [
  bi(
    'Bring worn gear back to any Cairn store through our Renewed program.',
    "Rapportez vos articles usés dans n'importe quel magasin Cairn grâce à notre programme Renewed.",
  ),
  bi('Made in a Fair Trade Certified factory.', 'Fabrication dans une usine certifiée commerce équitable.'),
  bi(
    'Designed in our Portland studio and tested on the trails of the Pacific Northwest.',
    'Une création de notre studio de Portland, éprouvée sur les sentiers du Nord-Ouest Pacifique.',
  ),
];

export const SHARED_EYEBROWS: readonly Bilingual[] = [
  bi('New colours for the season', 'Nouveaux coloris de saison'),
  bi('Back by popular demand', 'Le grand retour'),
  bi('A Cairn classic since 1973', 'Un classique Cairn depuis 1973'),
  bi('Staff pick', 'Le choix de nos équipes'),
  bi('Made with recycled materials', 'Fabrication en matériaux recyclés'),
];

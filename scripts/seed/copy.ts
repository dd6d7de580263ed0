// Style copy in English and French: eyebrow, description, detail bullets and model measurements.

import { accessoryKit } from './copy-accessories.ts';
import { garmentKit } from './copy-apparel.ts';
import { FOOTWEAR_INSULATED, FOOTWEAR_WATERPROOF, footwearKit } from './copy-footwear.ts';
import { bi, type CopyKit, FITS, type Fit, type Material, materialsFor } from './copy-kit.ts';
import type { Style } from './model.ts';
import { createRandom, type Random } from './random.ts';
import { type Bilingual, type FrGender, frAdjective, frOur, lowerFirst, upperFirst } from './text.ts';

export interface LocalizedCopy {
  name: string;
  eyebrow: string | null;
  description: string;
  details: string[];
  modelMeasurements: string | null;
}

export type StyleCopy = Record<'en' | 'fr', LocalizedCopy>;

/** What an opening sentence is built from; `fr` is the name with its determiner ("notre bottine ..."). */
interface Parts {
  en: string;
  fr: string;
  gender: FrGender;
  material: Material;
  sole: Material | null;
  fit: Fit | null;
  use: Bilingual;
  kit: CopyKit;
}

// French verbs and adjectives agree with the noun; "Chaussettes" is plural.
const plural = (p: Parts): boolean => p.gender === 'mp' || p.gender === 'fp';
const verb = (p: Parts, singular: string, pluralForm: string): string => (plural(p) ? pluralForm : singular);

const FOOTWEAR_OPENINGS: readonly ((p: Parts, sole: Material) => Bilingual)[] = [
  (p, sole) =>
    bi(
      `The ${p.en} pairs ${p.material.en} with ${sole.en} for ${p.use.en}.`,
      `${upperFirst(p.fr)} ${verb(p, 'associe', 'associent')} ${p.material.fr} à ${sole.fr} pour ${p.use.fr}.`,
    ),
  (p, sole) =>
    bi(
      `Built for ${p.use.en}, the ${p.en} sets ${p.material.en} on ${sole.en}.`,
      `Pour ${p.use.fr}, ${p.fr} ${verb(p, 'réunit', 'réunissent')} ${p.material.fr} et ${sole.fr}.`,
    ),
  (p, sole) =>
    bi(
      `With ${p.material.en} and ${sole.en}, the ${p.en} is ready for ${p.use.en}.`,
      `Avec ${p.material.fr} et ${sole.fr}, ${p.fr} ${verb(p, 'est', 'sont')} ${frAdjective('prêt')[p.gender]} pour ${p.use.fr}.`,
    ),
];

const OPENINGS: readonly ((p: Parts) => Bilingual)[] = [
  (p) => {
    const made = p.kit.made ?? { en: 'made from', fr: frAdjective('confectionné') };
    return bi(
      `The ${p.en} is ${made.en} ${p.material.en} for ${p.use.en}.`,
      `${upperFirst(p.fr)} ${verb(p, 'est', 'sont')} ${made.fr[p.gender]} dans ${p.material.fr} pour ${p.use.fr}.`,
    );
  },
  (p) => bi(`For ${p.use.en}, the ${p.en} relies on ${p.material.en}.`, `Pour ${p.use.fr}, ${p.fr} ${verb(p, 'mise', 'misent')} sur ${p.material.fr}.`),
];

const FITTED_OPENING = (p: Parts, fit: Fit): Bilingual =>
  bi(
    `The ${p.en} combines ${p.material.en} with ${fit.en}, ideal for ${p.use.en}.`,
    `${upperFirst(p.fr)} ${verb(p, 'associe', 'associent')} ${p.material.fr} à ${fit.fr}, ${frAdjective('idéal', 'idéale', 'idéaux')[p.gender]} pour ${p.use.fr}.`,
  );

const kits = new Map<string, CopyKit>();

function kitFor(style: Style): CopyKit {
  const key = `${style.info.group}:${style.type}`;
  let kit = kits.get(key);
  if (!kit) {
    const group = style.info.group;
    if (group === 'footwear') kit = footwearKit(style.type);
    else if (group === 'outerwear' || group === 'midlayer' || group === 'tops' || group === 'bottoms') kit = garmentKit(group, style.type);
    else if (group === 'gift') throw new Error('The gift card has its own copy');
    else kit = accessoryKit(group, style.type);
    kits.set(key, kit);
  }
  return kit;
}

function fitFor(style: Style, random: Random): Fit {
  if (style.modifier === 'relaxed' || style.modifier === 'slim') return FITS[style.modifier];
  return random.pick([FITS.regular, FITS.regular, FITS.relaxed, FITS.athletic]);
}

function specialFeature(style: Style): Bilingual | null {
  if (style.info.group !== 'footwear') return null;
  if (style.modifier === 'waterproof') return FOOTWEAR_WATERPROOF;
  if (style.modifier === 'insulated' || style.noun?.en.startsWith('Winter')) return FOOTWEAR_INSULATED;
  return null;
}

function modelMeasurements(style: Style, random: Random): Bilingual | null {
  if (style.category.department !== 'apparel') return null;
  const [cm, size, bottomsSize] =
    style.audience === 'kids'
      ? [random.int(128, 150), 'M', '']
      : style.audience === 'women'
        ? [random.int(168, 178), random.pick(['S', 'S', 'M']), '28 x 30']
        : [random.int(180, 190), random.pick(['M', 'M', 'L']), '32 x 32'];
  const worn = style.info.sizeSystem === 'bottoms' ? bottomsSize : size;
  const inches = Math.round(cm / 2.54);
  const metres = (cm / 100).toFixed(2).replace('.', ',');
  return bi(
    `Model is ${cm} cm (${Math.floor(inches / 12)}'${inches % 12}") and wears size ${worn}`,
    `Le mannequin mesure ${metres} m et porte la taille ${worn}`,
  );
}

const GIFT_CARD_COPY: StyleCopy = {
  en: {
    name: 'Cairn Digital Gift Card',
    eyebrow: 'Delivered instantly',
    description:
      'Give the gift of the outdoors. The Cairn Digital Gift Card arrives by email within minutes and can be spent online or in any Cairn store. It never expires.',
    details: [
      'Delivered by email within minutes',
      'Amounts from 25 to 250',
      'Redeemable online and in Cairn stores',
      'No expiry date and no fees',
      'Cannot be exchanged for cash',
    ],
    modelMeasurements: null,
  },
  fr: {
    name: 'Carte cadeau numérique Cairn',
    eyebrow: 'Livraison immédiate',
    description:
      "Offrez l'aventure en plein air. La carte cadeau numérique Cairn arrive par e-mail en quelques minutes et s'utilise en ligne ou dans tous les magasins Cairn. Elle n'expire jamais.",
    details: [
      'Envoyée par e-mail en quelques minutes',
      'Montants de 25 à 250',
      'Utilisable en ligne et dans les magasins Cairn',
      "Sans date d'expiration ni frais",
      'Non échangeable contre des espèces',
    ],
    modelMeasurements: null,
  },
};

export function buildStyleCopy(style: Style): StyleCopy {
  if (style.isDigital) return GIFT_CARD_COPY;
  const random = createRandom(`copy:${style.id}`);
  const kit = kitFor(style);
  const gender = style.noun?.gender ?? 'm';
  const material = random.pick(materialsFor(kit.materials, style.modifier));
  const sole = kit.soles ? random.pick(kit.soles) : null;
  const fit = kit.fitted ? fitFor(style, random) : null;
  const parts: Parts = { en: style.name.en, fr: `${frOur(gender)} ${lowerFirst(style.name.fr)}`, gender, material, sole, fit, use: random.pick(kit.uses), kit };

  const opening = sole ? random.pick(FOOTWEAR_OPENINGS)(parts, sole) : fit && random.chance(0.4) ? FITTED_OPENING(parts, fit) : random.pick(OPENINGS)(parts);
  const sentences = [opening, specialFeature(style) ?? random.pick(kit.features)];
  if (random.chance(0.55)) sentences.push(random.pick(kit.closers));
  const eyebrow = random.chance(0.4) ? random.pick(kit.eyebrows) : null;
  const details = kit.details({ style, material, sole, fit, random });
  const model = modelMeasurements(style, random);

  const localized = (lang: 'en' | 'fr'): LocalizedCopy => ({
    name: style.name[lang],
    eyebrow: eyebrow ? eyebrow[lang] : null,
    description: sentences.map((s) => s[lang]).join(' '),
    details: details.map((d) => d[lang]),
    modelMeasurements: model ? model[lang] : null,
  });
  return { en: localized('en'), fr: localized('fr') };
}

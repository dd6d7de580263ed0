// Copy for garments: uses, features and detail bullets for outerwear, layers, tops and bottoms.

import type { ProductType } from '../../src/worker/commerce/catalog/product-types.ts';
import { FABRICS, type GarmentGroup, JOGGER_FABRICS } from './copy-fabrics.ts';
import { bi, type CopyContext, type CopyKit, IMPORTED, type Material, made, SHARED_CLOSERS, SHARED_EYEBROWS } from './copy-kit.ts';
import type { Bilingual } from './text.ts';

const USES: Record<GarmentGroup, readonly Bilingual[]> = {
  outerwear: [
    bi('wet shoulder-season hikes', "les randonnées humides de l'intersaison"),
    bi('cold mornings at camp', 'les matins froids au campement'),
    bi('stormy city commutes', 'les trajets urbains par gros temps'),
    bi('ski-touring days', 'les journées de ski de randonnée'),
    bi('unpredictable mountain weather', 'la météo imprévisible en montagne'),
  ],
  midlayer: [
    bi('chilly evenings by the fire', 'les soirées fraîches au coin du feu'),
    bi('layering under a shell', 'la superposition sous une veste imperméable'),
    bi('cold mornings at camp', 'les matins froids au campement'),
    bi('weekends off the grid', 'les week-ends loin de tout'),
  ],
  tops: [
    bi('everyday wear', 'le quotidien'),
    bi('warm days on the trail', 'les journées chaudes sur les sentiers'),
    bi('travel', 'les voyages'),
    bi('weekends at the cabin', 'les week-ends au chalet'),
  ],
  bottoms: [
    bi('long days on the trail', 'les longues journées sur les sentiers'),
    bi('scrambling and bouldering', "l'escalade et le bloc"),
    bi('everyday wear', 'le quotidien'),
    bi('travel', 'les voyages'),
  ],
};

const FEATURES: Record<GarmentGroup, readonly Bilingual[]> = {
  outerwear: [
    bi(
      'Fully taped seams and an adjustable hood keep the weather out.',
      'Les coutures entièrement étanchées et la capuche réglable tiennent les intempéries à distance.',
    ),
    bi('Pit zips dump heat fast on steep climbs.', "Les zips d'aération sous les bras évacuent vite la chaleur dans les montées raides."),
    bi('The chest pocket doubles as a stuff sack.', 'Sa poche poitrine sert aussi de housse de rangement.'),
    bi('Zippered hand pockets and an adjustable hem seal in warmth.', 'Des poches zippées et un bas réglable conservent la chaleur.'),
  ],
  midlayer: [
    bi('A brushed interior feels soft against the skin.', "L'intérieur gratté est doux au contact de la peau."),
    bi('Raglan sleeves move freely under a pack.', 'Les manches raglan laissent une grande liberté de mouvement sous un sac à dos.'),
    bi('Ribbed cuffs and hem hold their shape wash after wash.', 'Les poignets et le bas côtelés gardent leur forme lavage après lavage.'),
    bi('A zippered chest pocket keeps a phone and keys close.', 'Une poche poitrine zippée garde téléphone et clés à portée de main.'),
  ],
  tops: [
    bi('Garment dyeing gives each piece a softly lived-in colour.', 'La teinture en pièce donne à chaque article une couleur délicatement patinée.'),
    bi(
      'Merino-rich fibres regulate temperature and resist odour on multi-day trips.',
      'Les fibres riches en mérinos régulent la température et limitent les odeurs lors des sorties de plusieurs jours.',
    ),
    bi('Side-seamless construction means nothing rubs under a pack.', 'Sans coutures latérales, rien ne frotte sous un sac à dos.'),
    bi('Pre-shrunk fabric keeps its fit after the first wash.', 'Le tissu prérétréci garde sa coupe dès le premier lavage.'),
    bi('Corozo buttons and a chest pocket add a workwear touch.', 'Des boutons en corozo et une poche poitrine ajoutent une touche workwear.'),
  ],
  bottoms: [
    bi(
      'A gusseted crotch and articulated knees let you move freely.',
      "L'entrejambe à soufflet et les genoux préformés offrent une grande liberté de mouvement.",
    ),
    bi('A durable water-repellent finish sheds light rain.', 'Un traitement déperlant durable repousse la pluie légère.'),
    bi(
      'Deep hand pockets and a zippered thigh pocket carry the essentials.',
      "Des poches profondes et une poche zippée sur la cuisse accueillent l'essentiel.",
    ),
    bi('An elastic-backed waistband adds comfort without a belt.', 'La ceinture élastiquée au dos offre du confort sans ceinture.'),
  ],
};

const MADE = {
  outerwear: made('built from', 'confectionné'),
  midlayer: made('made from', 'confectionné'),
  tops: made('cut from', 'taillé'),
  bottoms: made('cut from', 'taillé'),
} as const;

const CARE = {
  cold: bi('Care: machine wash cold, tumble dry low', 'Entretien : lavage en machine à froid, séchage en tambour à basse température'),
  flat: bi('Care: machine wash cold, lay flat to dry', 'Entretien : lavage en machine à froid, séchage à plat'),
  wax: bi('Care: do not wash; re-wax once a year', 'Entretien : ne pas laver ; recirer une fois par an'),
  down: bi(
    'Care: wash with a down-specific detergent, tumble dry low',
    'Entretien : laver avec une lessive spéciale duvet, séchage en tambour à basse température',
  ),
};

function careFor(fabric: Material, group: GarmentGroup): Bilingual {
  if (fabric.tags.includes('waxed')) return CARE.wax;
  if (fabric.tags.includes('down')) return CARE.down;
  return fabric.tags.includes('merino') || fabric.tags.includes('wool') || group === 'midlayer' ? CARE.flat : CARE.cold;
}

function groupDetails(group: GarmentGroup, { style, material: fabricUsed, random }: CopyContext): Bilingual[] {
  switch (group) {
    case 'outerwear': {
      if (fabricUsed.tags.includes('waterproof')) {
        const rating = random.pick(['10,000', '20,000', '28,000']);
        return [bi(`Waterproof rating: ${rating} mm`, `Imperméabilité : ${rating.replace(',', ' ')} mm`)];
      }
      const pockets = random.pick([
        bi('Pockets: two zippered hand pockets and one chest pocket', 'Poches : deux poches zippées et une poche poitrine'),
        bi('Pockets: two hand pockets and one interior pocket', 'Poches : deux poches à main et une poche intérieure'),
      ]);
      return [pockets];
    }
    case 'bottoms': {
      const inches = random.pick([5, 7, 9]);
      const inseam =
        style.info.sizeSystem === 'bottoms'
          ? bi('Inseam: 30, 32 or 34 in', 'Entrejambe : 76, 81 ou 86 cm')
          : bi(`Inseam: ${inches} in`, `Entrejambe : ${Math.round(inches * 2.54)} cm`);
      return [
        inseam,
        bi('Pockets: two hand, two back and one zippered thigh pocket', 'Poches : deux poches avant, deux poches arrière et une poche zippée sur la cuisse'),
      ];
    }
    default: {
      const grams = random.int(group === 'midlayer' ? 260 : 140, group === 'midlayer' ? 420 : 260);
      return [bi(`Fabric weight: ${grams} g/m²`, `Grammage : ${grams} g/m²`)];
    }
  }
}

// A vest has neither hood nor sleeves, so neither the hood nor the pit-zip line applies.
const NOT_FOR_VESTS = new Set(FEATURES.outerwear.slice(0, 2));

export function garmentKit(group: GarmentGroup, type: ProductType): CopyKit {
  return {
    materials: type === 'joggers' ? JOGGER_FABRICS : FABRICS[group],
    made: MADE[group],
    fitted: true,
    uses: USES[group],
    features: type === 'vest' ? FEATURES[group].filter((f) => !NOT_FOR_VESTS.has(f)) : FEATURES[group],
    closers: [
      ...SHARED_CLOSERS,
      bi('Fits true to size with room to layer underneath.', "Taille normalement, avec assez d'aisance pour superposer des couches."),
    ],
    eyebrows: [
      ...SHARED_EYEBROWS,
      ...(group === 'outerwear' ? [bi('Weatherproof', 'Protection contre les intempéries'), bi('Lightweight warmth', 'Chaleur légère')] : []),
      bi('Softer with every wash', 'Toujours plus de douceur au fil des lavages'),
    ],
    details: (context) => {
      const bullets = [context.material.detail];
      if (context.fit) bullets.push(context.fit.detail);
      bullets.push(...groupDetails(group, context), careFor(context.material, group));
      if (bullets.length < 6 && context.random.chance(0.5)) bullets.push(IMPORTED);
      return bullets;
    },
  };
}

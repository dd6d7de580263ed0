// Copy vocabulary for accessories: hats, bags, socks and belts.

import type { ProductType } from '../../src/worker/commerce/catalog/product-types.ts';
import { bi, type CopyContext, type CopyKit, IMPORTED, type Material, made, material, SHARED_CLOSERS, SHARED_EYEBROWS } from './copy-kit.ts';
import type { Bilingual } from './text.ts';

export type AccessoryGroup = 'headwear' | 'bags' | 'socks' | 'belts';

function made100(en: string, fr: string, compositionEn: string, compositionFr: string, tags: string): Material {
  return material(en, fr, bi(`Material: ${compositionEn}`, `Matière : ${compositionFr}`), tags);
}

const MATERIALS: Record<AccessoryGroup, readonly Material[]> = {
  headwear: [
    made100('soft merino wool', 'une laine mérinos douce', '100% merino wool', '100 % laine mérinos', 'merino wool classic'),
    made100('a recycled polyester knit', 'une maille en polyester recyclé', '100% recycled polyester', '100 % polyester recyclé', 'recycled heavyweight'),
    made100('organic cotton canvas', 'une toile de coton bio', '100% organic cotton', '100 % coton bio', 'organic canvas classic'),
    made100('ribbed lambswool', "une laine d'agneau côtelée", '100% lambswool', "100 % laine d'agneau", 'wool heavyweight'),
    made100('recycled nylon ripstop', 'un ripstop en nylon recyclé', '100% recycled nylon', '100 % nylon recyclé', 'ripstop recycled lightweight packable'),
    made100('waxed cotton', 'un coton ciré', '100% cotton with a wax finish', '100 % coton, finition cirée', 'waxed'),
  ],
  bags: [
    made100(
      'recycled polyester ripstop',
      'un ripstop en polyester recyclé',
      '100% recycled polyester',
      '100 % polyester recyclé',
      'recycled ripstop lightweight packable',
    ),
    made100('waxed canvas', 'une toile cirée', '100% cotton canvas with a wax finish', '100 % toile de coton, finition cirée', 'waxed canvas'),
    made100('water-resistant recycled nylon', 'un nylon recyclé déperlant', '100% recycled nylon', '100 % nylon recyclé', 'waterproof recycled'),
    made100(
      'heavy organic cotton canvas with leather trims',
      'une épaisse toile de coton bio aux finitions en cuir',
      '100% organic cotton, full-grain leather trims',
      '100 % coton bio, finitions en cuir pleine fleur',
      'canvas leather organic',
    ),
  ],
  socks: [
    made100(
      'a merino wool blend',
      'un mélange de laine mérinos',
      '64% merino wool, 34% recycled nylon, 2% elastane',
      '64 % laine mérinos, 34 % nylon recyclé, 2 % élasthanne',
      'merino cushioned lightweight',
    ),
    made100(
      'recycled nylon and organic cotton',
      'un mélange de nylon recyclé et de coton bio',
      '70% organic cotton, 28% recycled nylon, 2% elastane',
      '70 % coton bio, 28 % nylon recyclé, 2 % élasthanne',
      'organic recycled',
    ),
    made100(
      'a lightweight recycled polyester knit',
      'une maille légère en polyester recyclé',
      '90% recycled polyester, 10% elastane',
      '90 % polyester recyclé, 10 % élasthanne',
      'recycled lightweight',
    ),
  ],
  belts: [
    made100('full-grain leather', 'un cuir pleine fleur', 'full-grain leather', 'cuir pleine fleur', 'leather classic'),
    made100('vegetable-tanned leather', 'un cuir à tannage végétal', 'vegetable-tanned leather', 'cuir à tannage végétal', 'leather'),
    made100('recycled polyester webbing', 'une sangle en polyester recyclé', '100% recycled polyester', '100 % polyester recyclé', 'recycled'),
    made100('soft suede', 'un daim souple', 'suede', 'daim', 'suede'),
    made100(
      'braided elastic webbing',
      'une sangle élastique tressée',
      '80% recycled polyester, 20% elastane',
      '80 % polyester recyclé, 20 % élasthanne',
      'stretch',
    ),
  ],
};

const USES: Record<AccessoryGroup, readonly Bilingual[]> = {
  headwear: [
    bi('cold mornings at camp', 'les matins froids au campement'),
    bi('sunny days on the trail', 'les journées ensoleillées sur les sentiers'),
    bi('everyday wear', 'le quotidien'),
  ],
  bags: [
    bi('daily commutes', 'les trajets quotidiens'),
    bi('day hikes', 'les randonnées à la journée'),
    bi('weekend getaways', 'les escapades du week-end'),
    bi('travel', 'les voyages'),
  ],
  socks: [
    bi('long days on the trail', 'les longues journées sur les sentiers'),
    bi('everyday wear', 'le quotidien'),
    bi('ski days', 'les journées de ski'),
    bi('trail runs', 'les sorties de trail'),
  ],
  belts: [bi('everyday wear', 'le quotidien'), bi('days at the crag', 'les journées en falaise'), bi('travel', 'les voyages')],
};

const FEATURES: Record<AccessoryGroup, readonly Bilingual[]> = {
  headwear: [
    bi('A fold-over cuff doubles up warmth over the ears.', 'Le revers replié double la chaleur au niveau des oreilles.'),
    bi('A moisture-wicking sweatband keeps you dry on the climb.', 'Un bandeau anti-transpiration vous garde au sec dans les montées.'),
    bi('A woven Cairn label marks it as one of ours.', 'Une étiquette tissée Cairn signe la pièce.'),
  ],
  bags: [
    bi(
      'Padded shoulder straps and a ventilated back panel stay comfortable all day.',
      'Les bretelles rembourrées et le dos ventilé restent confortables toute la journée.',
    ),
    bi('Weatherproof zips keep your gear dry.', "Les zips étanches protègent votre équipement de l'eau."),
    bi('Internal organiser pockets keep small things in order.', 'Des poches intérieures de rangement organisent les petits objets.'),
  ],
  socks: [
    bi('Targeted cushioning under the heel and forefoot softens every step.', "Un amorti ciblé sous le talon et l'avant-pied adoucit chaque pas."),
    bi('A seamless toe prevents rubbing on long days.', 'La pointe sans couture évite les frottements lors des longues journées.'),
    bi('Arch support keeps them in place on the trail.', 'Le maintien de la voûte plantaire les garde en place sur le sentier.'),
  ],
  belts: [
    bi('A solid brass buckle develops a patina over time.', 'La boucle en laiton massif se patine avec le temps.'),
    bi('Hand-burnished edges soften and darken as you wear it.', "Les tranches lissées à la main s'assouplissent et foncent à l'usage."),
    bi('A low-profile buckle sits flat under a climbing harness.', "La boucle extra-plate reste discrète sous un baudrier d'escalade."),
  ],
};

const MADE = {
  headwear: made('made from', 'confectionné'),
  bags: made('built from', 'confectionné'),
  socks: made('knit from', 'tricoté'),
  belts: made('cut from', 'taillé'),
} as const;

function sockHeight(type: string): Bilingual {
  if (type.startsWith('Ankle')) return bi('Height: ankle', 'Hauteur : cheville');
  if (type.startsWith('Ski')) return bi('Height: over the calf', 'Hauteur : sous le genou');
  return bi('Height: crew', 'Hauteur : mi-mollet');
}

function groupDetails(group: AccessoryGroup, type: ProductType, { style, material: used, random }: CopyContext): Bilingual[] {
  switch (group) {
    case 'headwear':
      return [
        bi('One size fits most', 'Taille unique, adaptée à la plupart des tours de tête'),
        type === 'cap' ? bi('Closure: adjustable strap', 'Fermeture : bride réglable') : bi('Knit: 2x2 rib', 'Maille : côtes 2x2'),
        bi('Care: hand wash cold, lay flat to dry', 'Entretien : lavage à la main à froid, séchage à plat'),
      ];
    case 'bags': {
      const litres = type === 'backpack' ? random.int(16, 32) : random.int(12, 45);
      const [w, h, d] = [random.int(28, 52), random.int(30, 50), random.int(10, 22)];
      return [
        bi(`Capacity: ${litres} L`, `Volume : ${litres} L`),
        bi(`Dimensions: ${h} x ${w} x ${d} cm`, `Dimensions : ${h} x ${w} x ${d} cm`),
        bi('Care: spot clean with a damp cloth', 'Entretien : nettoyer localement avec un chiffon humide'),
      ];
    }
    case 'socks': {
      const cushion = random.pick([
        bi('Cushioning: light', 'Amorti : léger'),
        bi('Cushioning: medium', 'Amorti : moyen'),
        bi('Cushioning: full', 'Amorti : intégral'),
      ]);
      return [
        cushion,
        sockHeight(style.noun?.en ?? ''),
        bi('Care: machine wash warm, tumble dry low', 'Entretien : lavage en machine à 30 °C, séchage en tambour à basse température'),
      ];
    }
    case 'belts': {
      const width = random.pick([32, 35, 38]);
      const leather = used.tags.includes('leather') || used.tags.includes('suede');
      return [
        bi(`Width: ${width} mm`, `Largeur : ${width} mm`),
        leather ? bi('Buckle: solid brass', 'Boucle : laiton massif') : bi('Buckle: low-profile aluminium', 'Boucle : aluminium extra-plate'),
        leather
          ? bi('Care: condition the leather twice a year', 'Entretien : nourrir le cuir deux fois par an')
          : bi('Care: hand wash, air dry', "Entretien : lavage à la main, séchage à l'air libre"),
      ];
    }
  }
}

export function accessoryKit(group: AccessoryGroup, type: ProductType): CopyKit {
  return {
    materials: MATERIALS[group],
    made: MADE[group],
    uses: USES[group],
    // A cap has no cuff and a beanie no sweatband.
    features: group === 'headwear' ? FEATURES.headwear.filter((_, i) => i !== (type === 'cap' ? 0 : 1)) : FEATURES[group],
    closers: SHARED_CLOSERS,
    eyebrows: SHARED_EYEBROWS,
    details: (context) => {
      const bullets = [context.material.detail, ...groupDetails(group, type, context)];
      if (context.random.chance(0.5)) bullets.push(IMPORTED);
      return bullets;
    },
  };
}

// Copy vocabulary for footwear: uppers, outsoles, uses, features and detail bullets per kind of shoe.

import type { ProductType } from '../../src/worker/commerce/catalog/product-types.ts';
import { bi, type CopyContext, type CopyKit, type Material, material, SHARED_CLOSERS, SHARED_EYEBROWS } from './copy-kit.ts';
import { type Bilingual, withArticle } from './text.ts';

type FootwearKind = 'boot' | 'trail' | 'court' | 'sandal';

const FOOTWEAR_KIND: Partial<Record<ProductType, FootwearKind>> = {
  boot: 'boot',
  chukka: 'boot',
  loafer: 'boot',
  hiker: 'trail',
  runner: 'trail',
  sneaker: 'court',
  sandal: 'sandal',
  slide: 'sandal',
};

function upper(en: string, fr: string, tags: string): Material {
  return material(withArticle(`${en} upper`), `une tige en ${fr}`, bi(`Upper: ${en}`, `Tige : ${fr}`), tags);
}

function straps(en: string, fr: string, tags: string): Material {
  return material(`${en} straps`, `des brides en ${fr}`, bi(`Straps: ${en}`, `Brides : ${fr}`), tags);
}

function sole(en: string, frPhrase: string, frDetail: string): Material {
  return material(withArticle(`${en} outsole`), frPhrase, bi(`Outsole: ${en}`, `Semelle extérieure : ${frDetail}`));
}

const FULL_GRAIN = upper('full-grain leather', 'cuir pleine fleur', 'leather waterproof classic');
const OILED = upper('oiled leather', 'cuir huilé', 'leather waterproof insulated');
const NUBUCK = upper('waterproof nubuck', 'nubuck imperméable', 'waterproof leather insulated');
const VEG_TAN = upper('vegetable-tanned leather', 'cuir à tannage végétal', 'leather classic');
const SUEDE = upper('suede', 'daim', 'suede');
const WR_SUEDE = upper('water-repellent suede', 'daim déperlant', 'suede waterproof');
const MESH = upper('recycled polyester mesh', 'mesh en polyester recyclé', 'recycled lightweight cushioned');
const KNIT = upper('recycled knit', 'maille recyclée', 'knit recycled lightweight');
const RIPSTOP = upper('abrasion-resistant ripstop', "ripstop résistant à l'abrasion", 'waterproof lightweight mid low');
const CANVAS = upper('organic cotton canvas', 'toile de coton bio', 'canvas classic low');

const LEATHER = [FULL_GRAIN, OILED, NUBUCK, VEG_TAN, SUEDE, WR_SUEDE];

const STRAPS = [
  straps('leather', 'cuir', 'leather classic'),
  straps('recycled polyester webbing', 'sangle en polyester recyclé', 'recycled lightweight'),
  straps('padded neoprene', 'néoprène rembourré', 'cushioned lightweight'),
];

const MATERIALS: Record<FootwearKind, readonly Material[]> = {
  boot: [...LEATHER, { ...CANVAS, onlyWhenNamed: true }],
  trail: [FULL_GRAIN, OILED, NUBUCK, SUEDE, MESH, KNIT, RIPSTOP],
  court: [...LEATHER, MESH, KNIT, RIPSTOP, CANVAS],
  sandal: STRAPS,
};

const SOLES: Record<FootwearKind, readonly Material[]> = {
  boot: [
    sole('lugged rubber', 'une semelle extérieure en caoutchouc crantée', 'caoutchouc cranté'),
    sole('Goodyear-welted rubber', 'une semelle en caoutchouc cousue Goodyear', 'caoutchouc, montage Goodyear'),
    sole('natural crepe', 'une semelle en crêpe naturel', 'crêpe naturel'),
    sole('cold-weather rubber', 'une semelle en caoutchouc adhérent par temps froid', 'caoutchouc adhérent par temps froid'),
  ],
  trail: [
    sole('lugged rubber', 'une semelle extérieure en caoutchouc crantée', 'caoutchouc cranté'),
    sole('sticky trail rubber', 'une semelle en caoutchouc adhérent', 'caoutchouc adhérent'),
    sole('recycled rubber', 'une semelle en caoutchouc recyclé', 'caoutchouc recyclé à 30 %'),
  ],
  court: [
    sole('vulcanized rubber', 'une semelle en caoutchouc vulcanisé', 'caoutchouc vulcanisé'),
    sole('natural rubber cupsole', 'une semelle coque en caoutchouc naturel', 'coque en caoutchouc naturel'),
    sole('recycled rubber', 'une semelle en caoutchouc recyclé', 'caoutchouc recyclé à 30 %'),
  ],
  sandal: [
    sole('sticky rubber', 'une semelle en caoutchouc adhérent', 'caoutchouc adhérent'),
    sole('recycled EVA', 'une semelle en EVA recyclée', 'EVA recyclée'),
  ],
};

const USES: Record<FootwearKind, readonly Bilingual[]> = {
  boot: [
    bi('wet city commutes', 'les trajets urbains sous la pluie'),
    bi('cold mornings at camp', 'les matins froids au campement'),
    bi('everyday wear in town', 'le quotidien en ville'),
    bi('long days on the job', 'les longues journées de travail'),
    bi('winter walks', "les balades d'hiver"),
  ],
  trail: [
    bi('long days on the trail', 'les longues journées sur les sentiers'),
    bi('muddy shoulder-season hikes', "les randonnées boueuses de l'intersaison"),
    bi('fast-and-light summit pushes', 'les sorties rapides vers les sommets'),
    bi('rocky alpine scrambles', 'les passages rocheux en haute montagne'),
    bi('weekends in the mountains', 'les week-ends en montagne'),
  ],
  court: [
    bi('everyday wear in town', 'le quotidien en ville'),
    bi('travel days and airport miles', "les jours de voyage et les couloirs d'aéroport"),
    bi('weekend errands', 'les courses du week-end'),
    bi('summer evenings out', "les soirées d'été"),
  ],
  sandal: [
    bi('summer hikes and river crossings', 'les randonnées estivales et les traversées de rivière'),
    bi('beach days', 'les journées à la plage'),
    bi('recovery after a long hike', 'la récupération après une longue randonnée'),
    bi('lazy mornings at camp', 'les matinées tranquilles au campement'),
  ],
};

const FEATURES: Record<FootwearKind, readonly Bilingual[]> = {
  boot: [
    bi('Stitchdown construction means it can be resoled again and again.', 'Sa construction cousue autorise de multiples ressemelages.'),
    bi(
      'A padded collar and gusseted tongue keep out snow and grit without rubbing.',
      "Un col rembourré et une languette à soufflet empêchent la neige et les graviers d'entrer, sans frotter.",
    ),
    bi(
      'A cork footbed moulds to your foot over the first weeks of wear.',
      'Une semelle intérieure en liège se moule à votre pied au fil des premières semaines.',
    ),
  ],
  trail: [
    bi(
      'Deep multidirectional lugs grip on loose rock, mud and wet roots.',
      'Des crampons profonds multidirectionnels accrochent sur la roche instable, la boue et les racines mouillées.',
    ),
    bi(
      'A cushioned EVA midsole keeps you comfortable from the first mile to the last.',
      'Une semelle intermédiaire en EVA amortissante assure le confort du premier au dernier kilomètre.',
    ),
    bi('A rubber toe cap shrugs off rocks and roots.', 'Un pare-pierres en caoutchouc encaisse les chocs contre les rochers et les racines.'),
  ],
  court: [
    bi('A removable contoured footbed adds all-day cushioning.', 'Une semelle de propreté amovible et galbée apporte un amorti pour toute la journée.'),
    bi(
      'Recycled laces and a lining made from recycled bottles lighten its footprint.',
      'Des lacets recyclés et une doublure issue de bouteilles recyclées allègent son empreinte.',
    ),
    bi('A low-profile silhouette goes with everything in your wardrobe.', 'Sa silhouette épurée se marie avec toute votre garde-robe.'),
  ],
  sandal: [
    bi('Quick-drying straps adjust in three places for a secure fit.', 'Des brides à séchage rapide se règlent en trois points pour un bon maintien.'),
    bi('A contoured footbed supports the arch on long walks.', 'Un lit de pied galbé soutient la voûte plantaire lors des longues marches.'),
    bi('Everything rinses clean and dries in the sun.', 'Un simple rinçage suffit, et tout sèche au soleil.'),
  ],
};

/** Features a style earns from its name: a "Waterproof" boot says how it stays dry. */
export const FOOTWEAR_WATERPROOF = bi(
  'A seam-sealed waterproof membrane keeps feet dry through puddles and stream crossings.',
  'Une membrane imperméable à coutures étanchées garde les pieds au sec dans les flaques et les passages de gué.',
);
export const FOOTWEAR_INSULATED = bi(
  '200 g of recycled insulation holds warmth down to -25 °C.',
  "200 g d'isolant recyclé conservent la chaleur jusqu'à -25 °C.",
);

const WEIGHT_GRAMS: Record<FootwearKind, readonly [number, number]> = { boot: [480, 780], trail: [260, 620], court: [280, 400], sandal: [160, 320] };

function footwearDetails(kind: FootwearKind, { style, material: upperMaterial, sole: outsole, random }: CopyContext): Bilingual[] {
  const waterproof = style.modifier === 'waterproof' || upperMaterial.en.includes('waterproof');
  const lining = waterproof
    ? bi('Lining: waterproof breathable membrane', 'Doublure : membrane imperméable et respirante')
    : kind === 'sandal'
      ? bi('Footbed: contoured EVA topped with recycled cork', 'Lit de pied : EVA galbé recouvert de liège recyclé')
      : random.pick([bi('Lining: breathable recycled mesh', 'Doublure : mesh recyclé respirant'), bi('Lining: soft leather', 'Doublure : cuir souple')]);
  const [light, heavy] = WEIGHT_GRAMS[kind];
  const grams = Math.round(random.int(light, heavy) * (style.audience === 'kids' ? 0.55 : 1));
  const reference = style.audience === 'kids' ? '1Y' : style.audience === 'women' ? '7' : '9';
  const bullets = [upperMaterial.detail, lining];
  if (outsole) bullets.push(outsole.detail);
  bullets.push(bi(`Weight: ${grams} g (single shoe, US size ${reference})`, `Poids : ${grams} g (une chaussure, pointure US ${reference})`));
  if (style.type === 'runner') {
    const drop = random.pick([4, 6, 8]);
    bullets.push(bi(`Heel-to-toe drop: ${drop} mm`, `Drop : ${drop} mm`));
  }
  if (random.chance(0.6)) {
    bullets.push(
      upperMaterial.tags.includes('leather')
        ? bi('Care: brush off dirt and treat with leather conditioner', 'Entretien : brosser puis nourrir avec un baume pour cuir')
        : bi('Care: spot clean with mild soap and air dry', "Entretien : nettoyer localement au savon doux et laisser sécher à l'air libre"),
    );
  }
  return bullets;
}

export function isFootwear(type: ProductType): boolean {
  return FOOTWEAR_KIND[type] !== undefined;
}

export function footwearKit(type: ProductType): CopyKit {
  const kind = FOOTWEAR_KIND[type];
  if (!kind) throw new Error(`${type} is not footwear`);
  return {
    materials: MATERIALS[kind],
    soles: SOLES[kind],
    uses: USES[kind],
    features: FEATURES[kind],
    closers: [
      ...SHARED_CLOSERS,
      bi('Every pair is covered by our lifetime repair promise.', 'Chaque paire bénéficie de notre promesse de réparation à vie.'),
      ...(kind === 'sandal'
        ? []
        : [
            bi(
              'True to size; go up half a size for thick winter socks.',
              "Taille normalement ; prenez une demi-pointure au-dessus avec d'épaisses chaussettes d'hiver.",
            ),
          ]),
    ],
    eyebrows: [...SHARED_EYEBROWS, bi('Lifetime repair promise', 'Réparation à vie'), bi('All-day comfort', 'Confort toute la journée')],
    details: (context) => footwearDetails(kind, context),
  };
}

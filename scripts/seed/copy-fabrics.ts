// Garment fabrics per group: how the description names each one and its composition bullet.

import { bi, type Material, material } from './copy-kit.ts';

export type GarmentGroup = 'outerwear' | 'midlayer' | 'tops' | 'bottoms';

function fabric(en: string, fr: string, compositionEn: string, compositionFr: string, tags: string): Material {
  return material(en, fr, bi(`Fabric: ${compositionEn}`, `Matière : ${compositionFr}`), tags);
}

function shellAndFill(en: string, fr: string, fillEn: string, fillFr: string, tags: string): Material {
  return material(en, fr, bi(`Shell: 100% recycled nylon; fill: ${fillEn}`, `Extérieur : 100 % nylon recyclé ; garnissage : ${fillFr}`), tags);
}

const BRUSHED_FLEECE = fabric(
  'brushed-back organic cotton fleece',
  'un molleton de coton bio gratté',
  '80% organic cotton, 20% recycled polyester',
  '80 % coton bio, 20 % polyester recyclé',
  'organic brushed classic relaxed heavyweight',
);

export const FABRICS: Record<GarmentGroup, readonly Material[]> = {
  outerwear: [
    fabric(
      'a waterproof, breathable recycled nylon shell',
      'une coque en nylon recyclé imperméable et respirante',
      '100% recycled nylon with a 3-layer waterproof membrane',
      '100 % nylon recyclé, membrane imperméable 3 couches',
      'waterproof recycled lightweight packable',
    ),
    fabric(
      'recycled polyester ripstop',
      'un ripstop en polyester recyclé',
      '100% recycled polyester',
      '100 % polyester recyclé',
      'ripstop recycled packable lightweight',
    ),
    fabric(
      'waxed organic cotton canvas',
      'une toile de coton bio cirée',
      '100% organic cotton with a paraffin wax finish',
      '100 % coton bio, finition cirée',
      'waxed organic heavyweight',
    ),
    shellAndFill(
      'quilted recycled nylon with synthetic insulation',
      "un nylon recyclé matelassé garni d'isolant synthétique",
      '100% recycled polyester',
      '100 % polyester recyclé',
      'quilted insulated recycled',
    ),
    shellAndFill(
      'responsibly sourced 700-fill down under a recycled shell',
      "un duvet 700 cuin d'origine responsable sous une coque recyclée",
      '90% down, 10% feathers',
      '90 % duvet, 10 % plumes',
      'down insulated packable',
    ),
    fabric(
      'stretch softshell with a brushed interior',
      "un softshell stretch à l'intérieur gratté",
      '92% recycled polyester, 8% elastane',
      '92 % polyester recyclé, 8 % élasthanne',
      'lightweight recycled',
    ),
  ],
  midlayer: [
    fabric(
      'recycled polyester fleece',
      'une polaire en polyester recyclé',
      '100% recycled polyester fleece',
      'polaire 100 % polyester recyclé',
      'recycled lightweight classic',
    ),
    fabric(
      'heavyweight organic cotton French terry',
      'un molleton bouclette épais en coton bio',
      '100% organic cotton',
      '100 % coton bio',
      'heavyweight organic',
    ),
    fabric('high-pile sherpa fleece', 'une polaire sherpa à poils longs', '100% recycled polyester', '100 % polyester recyclé', 'heavyweight classic recycled'),
    BRUSHED_FLEECE,
    fabric('midweight merino wool', "une laine mérinos d'épaisseur moyenne", '100% merino wool', '100 % laine mérinos', 'merino wool lightweight'),
  ],
  tops: [
    fabric('organic cotton jersey', 'un jersey de coton bio', '100% organic cotton', '100 % coton bio', 'organic classic relaxed slim'),
    fabric('lightweight merino wool', 'une laine mérinos légère', '87% merino wool, 13% nylon', '87 % laine mérinos, 13 % nylon', 'merino lightweight'),
    fabric('brushed cotton flannel', 'une flanelle de coton brossé', '100% organic cotton', '100 % coton bio', 'brushed heavyweight organic classic'),
    fabric(
      'a hemp and organic cotton blend',
      'un mélange de chanvre et de coton bio',
      '55% hemp, 45% organic cotton',
      '55 % chanvre, 45 % coton bio',
      'hemp organic',
    ),
    fabric(
      'quick-drying recycled polyester',
      'un polyester recyclé à séchage rapide',
      '100% recycled polyester',
      '100 % polyester recyclé',
      'recycled lightweight stretch',
    ),
    fabric('heavyweight slub cotton', 'un coton flammé épais', '100% cotton', '100 % coton', 'heavyweight relaxed'),
    fabric('waxed cotton twill', 'un sergé de coton ciré', '100% cotton with a wax finish', '100 % coton, finition cirée', 'waxed'),
    fabric(
      'a recycled wool blend',
      'un mélange de laine recyclée',
      '70% recycled wool, 30% recycled polyester',
      '70 % laine recyclée, 30 % polyester recyclé',
      'wool heavyweight',
    ),
  ],
  bottoms: [
    fabric(
      'stretch organic cotton canvas',
      'une toile de coton bio stretch',
      '98% organic cotton, 2% elastane',
      '98 % coton bio, 2 % élasthanne',
      'stretch organic canvas classic slim relaxed',
    ),
    fabric(
      'lightweight recycled nylon',
      'un nylon recyclé léger',
      '90% recycled nylon, 10% elastane',
      '90 % nylon recyclé, 10 % élasthanne',
      'lightweight recycled stretch water-resistant',
    ),
    fabric(
      'durable cotton duck canvas',
      'une toile de coton résistante',
      '100% cotton duck, 12 oz',
      '100 % toile de coton, 400 g/m²',
      'canvas heavyweight relaxed',
    ),
    fabric(
      'quick-drying stretch ripstop',
      'un ripstop stretch à séchage rapide',
      '94% recycled nylon, 6% elastane',
      '94 % nylon recyclé, 6 % élasthanne',
      'ripstop stretch water-resistant',
    ),
    fabric('organic cotton twill', 'un sergé de coton bio', '100% organic cotton', '100 % coton bio', 'organic classic slim'),
    fabric(
      'hemp and organic cotton canvas',
      'une toile de chanvre et de coton bio',
      '55% hemp, 43% organic cotton, 2% elastane',
      '55 % chanvre, 43 % coton bio, 2 % élasthanne',
      'hemp',
    ),
  ],
};

export const JOGGER_FABRICS: readonly Material[] = [
  BRUSHED_FLEECE,
  fabric(
    'heavyweight organic cotton French terry',
    'un molleton bouclette épais en coton bio',
    '100% organic cotton',
    '100 % coton bio',
    'heavyweight organic relaxed',
  ),
  fabric(
    'lightweight recycled nylon',
    'un nylon recyclé léger',
    '90% recycled nylon, 10% elastane',
    '90 % nylon recyclé, 10 % élasthanne',
    'lightweight recycled stretch water-resistant',
  ),
];

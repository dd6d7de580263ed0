// Words that qualify a style name ("Waterproof", "Merino"), with their French forms.

import { type FrAdjective, frAdjective } from './text.ts';

export interface Modifier {
  en: string;
  fr: FrAdjective;
}

export const MODIFIERS = {
  waterproof: { en: 'Waterproof', fr: frAdjective('imperméable') },
  'water-resistant': { en: 'Water-Resistant', fr: frAdjective('déperlant') },
  insulated: { en: 'Insulated', fr: frAdjective('isolé') },
  lightweight: { en: 'Lightweight', fr: frAdjective('léger', 'légère') },
  heavyweight: { en: 'Heavyweight', fr: frAdjective('épais', 'épaisse') },
  leather: { en: 'Leather', fr: frAdjective('en cuir') },
  suede: { en: 'Suede', fr: frAdjective('en daim') },
  canvas: { en: 'Canvas', fr: frAdjective('en toile') },
  knit: { en: 'Knit', fr: frAdjective('en maille') },
  merino: { en: 'Merino', fr: frAdjective('en mérinos') },
  wool: { en: 'Wool', fr: frAdjective('en laine') },
  organic: { en: 'Organic Cotton', fr: frAdjective('en coton bio') },
  hemp: { en: 'Hemp', fr: frAdjective('en chanvre') },
  down: { en: 'Down', fr: frAdjective('en duvet') },
  ripstop: { en: 'Ripstop', fr: frAdjective('en ripstop') },
  recycled: { en: 'Recycled', fr: frAdjective('recyclé') },
  mid: { en: 'Mid', fr: frAdjective('mi-haut') },
  low: { en: 'Low', fr: frAdjective('bas', 'basse') },
  classic: { en: 'Classic', fr: frAdjective('classique') },
  relaxed: { en: 'Relaxed', fr: frAdjective('ample') },
  slim: { en: 'Slim', fr: frAdjective('ajusté') },
  stretch: { en: 'Stretch', fr: frAdjective('stretch') },
  packable: { en: 'Packable', fr: frAdjective('compressible') },
  quilted: { en: 'Quilted', fr: frAdjective('matelassé') },
  cushioned: { en: 'Cushioned', fr: frAdjective('amorti') },
  waxed: { en: 'Waxed', fr: frAdjective('ciré') },
  brushed: { en: 'Brushed', fr: frAdjective('gratté') },
  crepe: { en: 'Crepe-Sole', fr: frAdjective('à semelle crêpe') },
} as const satisfies Record<string, Modifier>;

export type ModifierKey = keyof typeof MODIFIERS;

/** Brand-style first words of a name: places and trail features, kept in English in every language. */
export const NAME_LINES = [
  'Ridgeline', 'Summit', 'Harbor', 'Basin', 'Cedar', 'Alder', 'Granite', 'Tamarack', 'Juniper', 'Cascade',
  'Sierra', 'Talus', 'Moraine', 'Larch', 'Birch', 'Fjord', 'Timberline', 'Canyon', 'Mesa', 'Boulder',
  'Cirque', 'Scree', 'Kestrel', 'Osprey', 'Driftwood', 'Glacier', 'Tundra', 'Spruce', 'Hemlock', 'Aspen',
  'Highland', 'Bluff', 'Cove', 'Pinnacle', 'Switchback', 'Traverse', 'Prairie', 'Meridian', 'Arete', 'Sequoia',
  'Redwood', 'Sawtooth', 'Beacon', 'Lookout', 'Headwall', 'Crestline', 'Trailhead', 'Ironwood', 'Saltmarsh', 'Bramble',
  'Wren', 'Heron', 'Lynx', 'Marten', 'Caribou', 'Fernhill', 'Stonecrop', 'Millbrook', 'Quarry', 'Outpost',
  'Northfork', 'Windrose', 'Evergreen', 'Shoreline', 'Foxglove', 'Thistle', 'Ember', 'Kettle', 'Drumlin', 'Palisade',
] as const;

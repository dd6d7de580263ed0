// Colourways: one definition per colour name (family and swatch), and the palette each type draws from.

import type { PaletteKey } from './type-info.ts';

export const COLOUR_FAMILIES = ['black', 'white', 'grey', 'brown', 'tan', 'beige', 'green', 'blue', 'red', 'pink', 'yellow', 'orange', 'purple', 'multi'] as const;
export type ColourFamily = (typeof COLOUR_FAMILIES)[number];

export interface Colour {
  name: string;
  family: ColourFamily;
  hex: string;
}

// A colour name always has the same family and swatch, whichever product wears it.
const COLOURS: Readonly<Record<string, readonly [ColourFamily, string]>> = {
  'Wheat Nubuck': ['tan', '#C9A15B'],
  'Black Full-Grain': ['black', '#1C1B1A'],
  'Dark Brown Full-Grain': ['brown', '#4A2E1E'],
  'Chestnut Leather': ['brown', '#7A4427'],
  'Tobacco Suede': ['brown', '#8A5A2E'],
  'Cognac Leather': ['brown', '#9A5B2C'],
  'Grey Suede': ['grey', '#85827C'],
  'Olive Nubuck': ['green', '#5E5E36'],
  'Navy Suede': ['blue', '#24314C'],
  'Burgundy Leather': ['red', '#6B1F2B'],
  'Sand Suede': ['beige', '#D6C3A0'],
  'Honey Oiled Leather': ['tan', '#B07A3B'],
  'Tan Leather': ['tan', '#B8875A'],
  'Dark Brown Leather': ['brown', '#4A2E1E'],
  'Black Leather': ['black', '#151515'],
  'Forest Night': ['green', '#2E4536'],
  'Storm Grey': ['grey', '#6B7075'],
  'Black Ember': ['black', '#1B1B1B'],
  'Slate Blue': ['blue', '#4D6A87'],
  'Moss Green': ['green', '#6E7A46'],
  'Ember Orange': ['orange', '#D35F2A'],
  Sandstone: ['beige', '#CDB894'],
  'Canyon Rust': ['orange', '#A4482A'],
  'Triple Black': ['black', '#141414'],
  'White Gum': ['white', '#F3F1EB'],
  'Chalk White': ['white', '#F1EEE6'],
  'Glacier Blue': ['blue', '#9CC4D6'],
  'Rose Dust': ['pink', '#D6A5A5'],
  Sunflower: ['yellow', '#E6B422'],
  'Plum Dusk': ['purple', '#5C3A5E'],
  'Trail Mix Multi': ['multi', '#7D6B4F'],
  'Oat Milk': ['beige', '#DCCFB8'],
  Black: ['black', '#121212'],
  'Ocean Blue': ['blue', '#2D6E92'],
  Coral: ['orange', '#E2725B'],
  Olive: ['green', '#5C5F36'],
  'Lagoon Stripe': ['multi', '#3A8A8C'],
  'Deep Navy': ['blue', '#1E2A44'],
  'Buckthorn Brown': ['brown', '#6A4A2E'],
  'Crimson Ridge': ['red', '#9E2A2B'],
  'Stone Khaki': ['tan', '#B8A57A'],
  'Pine Camo': ['multi', '#5B6247'],
  'Heather Grey': ['grey', '#A6A8AB'],
  'Charcoal Heather': ['grey', '#4A4C4F'],
  'Oatmeal Heather': ['beige', '#D8CDB7'],
  Rust: ['orange', '#A4462A'],
  Sage: ['green', '#9CAF88'],
  'Dusty Rose': ['pink', '#C99F9F'],
  Mustard: ['yellow', '#D1A336'],
  Natural: ['white', '#EEE8DA'],
  Plum: ['purple', '#5B3656'],
  'Red Buffalo Check': ['red', '#9E2B25'],
  'Blue Plaid': ['multi', '#3D5A80'],
  Sand: ['beige', '#D6C7A8'],
  Khaki: ['tan', '#B9A57A'],
  Charcoal: ['grey', '#3D4043'],
  Stone: ['beige', '#CFC6B2'],
  'Dark Brown': ['brown', '#4A3424'],
  'Sunset Stripe': ['multi', '#C8643C'],
  'Olive Webbing': ['green', '#5C5F36'],
  'Navy Webbing': ['blue', '#1E2A44'],
  Digital: ['multi', '#2E4536'],
};

const PALETTES: Readonly<Record<PaletteKey, readonly string[]>> = {
  leather: ['Wheat Nubuck', 'Black Full-Grain', 'Dark Brown Full-Grain', 'Chestnut Leather', 'Tobacco Suede', 'Cognac Leather', 'Grey Suede', 'Olive Nubuck', 'Navy Suede', 'Burgundy Leather', 'Sand Suede', 'Honey Oiled Leather'],
  trail: ['Wheat Nubuck', 'Dark Brown Leather', 'Forest Night', 'Storm Grey', 'Black Ember', 'Slate Blue', 'Moss Green', 'Ember Orange', 'Sandstone', 'Canyon Rust'],
  sport: ['Triple Black', 'White Gum', 'Chalk White', 'Forest Night', 'Slate Blue', 'Ember Orange', 'Storm Grey', 'Glacier Blue', 'Rose Dust', 'Sunflower', 'Plum Dusk', 'Trail Mix Multi', 'Oat Milk'],
  sandal: ['Black', 'Tan Leather', 'Sandstone', 'Ocean Blue', 'Coral', 'Olive', 'Sunflower', 'Lagoon Stripe'],
  outerwear: ['Black', 'Forest Night', 'Deep Navy', 'Ember Orange', 'Glacier Blue', 'Storm Grey', 'Buckthorn Brown', 'Sunflower', 'Crimson Ridge', 'Stone Khaki', 'Plum Dusk', 'Pine Camo'],
  knit: ['Heather Grey', 'Charcoal Heather', 'Black', 'Oatmeal Heather', 'Forest Night', 'Rust', 'Deep Navy', 'Sage', 'Dusty Rose', 'Mustard', 'Natural', 'Plum'],
  tops: ['Chalk White', 'Black', 'Heather Grey', 'Forest Night', 'Deep Navy', 'Sage', 'Dusty Rose', 'Mustard', 'Rust', 'Ocean Blue', 'Red Buffalo Check', 'Blue Plaid', 'Sand', 'Plum'],
  bottoms: ['Khaki', 'Black', 'Olive', 'Deep Navy', 'Charcoal', 'Stone', 'Dark Brown', 'Sage', 'Rust'],
  gear: ['Black', 'Heather Grey', 'Forest Night', 'Ember Orange', 'Deep Navy', 'Mustard', 'Oatmeal Heather', 'Rust', 'Glacier Blue', 'Pine Camo', 'Sunset Stripe', 'Plum'],
  belt: ['Black Leather', 'Dark Brown Leather', 'Tan Leather', 'Olive Webbing', 'Navy Webbing', 'Cognac Leather'],
  gift: ['Digital'],
};

export function colour(name: string): Colour {
  const entry = COLOURS[name];
  if (!entry) throw new Error(`Unknown colour ${name}`);
  return { name, family: entry[0], hex: entry[1] };
}

export function palette(key: PaletteKey): Colour[] {
  return PALETTES[key].map(colour);
}

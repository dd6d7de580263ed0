// The 18 stories of the article grid. Article pages do not exist yet, so each story links to the shop or event page it is about.

import type { Lang } from '../../../src/shared/locale/sites.ts';

export type Facet = 'hiking' | 'gear-care' | 'community' | 'travel';

export interface ArticleSeed {
  id: string;
  facet: Facet;
  date: string;
  tags: string[];
  /** A banner illustration, or the top product of a category. */
  picture: { banner: 'hero' | 'trail' | 'city' | 'kids' } | { productOf: string };
  /** A category slug, or the event page. */
  link: { category: string } | 'event';
}

/** Newest first, as the grid shows them. */
export const ARTICLES: readonly ArticleSeed[] = [
  { id: 'story-01', facet: 'hiking', date: '2026-10-20', tags: ['autumn', 'day-hikes'], picture: { banner: 'trail' }, link: { category: 'mens-hiking' } },
  {
    id: 'story-02',
    facet: 'gear-care',
    date: '2026-10-06',
    tags: ['boots', 'leather'],
    picture: { productOf: 'mens-boots' },
    link: { category: 'mens-boots' },
  },
  { id: 'story-03', facet: 'community', date: '2026-09-22', tags: ['trail-day', 'volunteers'], picture: { banner: 'city' }, link: 'event' },
  { id: 'story-04', facet: 'travel', date: '2026-09-08', tags: ['packing', 'mountains'], picture: { banner: 'hero' }, link: { category: 'womens-hiking' } },
  {
    id: 'story-05',
    facet: 'gear-care',
    date: '2026-08-25',
    tags: ['sneakers', 'cleaning'],
    picture: { productOf: 'womens-sneakers' },
    link: { category: 'womens-sneakers' },
  },
  { id: 'story-06', facet: 'hiking', date: '2026-08-11', tags: ['family', 'kids'], picture: { banner: 'kids' }, link: { category: 'kids-footwear' } },
  {
    id: 'story-07',
    facet: 'travel',
    date: '2026-07-28',
    tags: ['summer', 'road-trip'],
    picture: { productOf: 'mens-sandals' },
    link: { category: 'mens-sandals' },
  },
  { id: 'story-08', facet: 'community', date: '2026-07-14', tags: ['clean-up', 'volunteers'], picture: { banner: 'trail' }, link: 'event' },
  {
    id: 'story-09',
    facet: 'gear-care',
    date: '2026-06-30',
    tags: ['jackets', 'waterproofing'],
    picture: { productOf: 'mens-jackets' },
    link: { category: 'mens-jackets' },
  },
  { id: 'story-10', facet: 'hiking', date: '2026-06-16', tags: ['boots', 'fit'], picture: { productOf: 'womens-hiking' }, link: { category: 'womens-hiking' } },
  { id: 'story-11', facet: 'travel', date: '2026-06-02', tags: ['city', 'weekend'], picture: { banner: 'city' }, link: { category: 'womens-shoes' } },
  { id: 'story-12', facet: 'community', date: '2026-05-19', tags: ['trail-day', 'photos'], picture: { banner: 'hero' }, link: 'event' },
  { id: 'story-13', facet: 'gear-care', date: '2026-05-05', tags: ['socks', 'merino'], picture: { productOf: 'mens-socks' }, link: { category: 'mens-socks' } },
  { id: 'story-14', facet: 'hiking', date: '2026-04-21', tags: ['spring', 'mud'], picture: { banner: 'trail' }, link: { category: 'mens-hiking' } },
  { id: 'story-15', facet: 'travel', date: '2026-04-07', tags: ['flights', 'bags'], picture: { productOf: 'womens-bags' }, link: { category: 'womens-bags' } },
  { id: 'story-16', facet: 'community', date: '2026-03-24', tags: ['schools', 'kids'], picture: { banner: 'kids' }, link: { category: 'kids' } },
  {
    id: 'story-17',
    facet: 'gear-care',
    date: '2026-03-10',
    tags: ['boots', 'repairs'],
    picture: { productOf: 'womens-boots' },
    link: { category: 'womens-boots' },
  },
  { id: 'story-18', facet: 'hiking', date: '2026-02-24', tags: ['winter', 'layering'], picture: { banner: 'hero' }, link: { category: 'womens-jackets' } },
];

// Titles in ARTICLES order, one list per language so each reads as a whole.
const TITLES: Record<Lang, readonly string[]> = {
  en: [
    'Five autumn day hikes worth the drive',
    'How to waterproof leather boots',
    'Meet the Trail Day volunteers',
    'Packing light for a week in the mountains',
    'Keeping sneakers clean after a muddy run',
    'First hikes with small children',
    'A summer road trip along the coast',
    'Trail clean-up days: what we collected',
    'Washing and re-proofing a rain jacket',
    'Breaking in new hiking boots',
    'City breaks on foot: three walking weekends',
    'Trail Day 2026 in pictures',
    'Why merino socks prevent blisters',
    'Spring hiking: dealing with mud and meltwater',
    'What to carry on a long-haul flight',
    'Taking classes outdoors: our schools project',
    'Resoling: giving your boots a second life',
    'Layering for winter hikes',
  ],
  fr: [
    "Cinq randonnées d'automne qui valent le détour",
    'Comment imperméabiliser des bottes en cuir',
    'À la rencontre des bénévoles du Trail Day',
    'Voyager léger : une semaine en montagne',
    'Garder ses baskets propres après une course boueuse',
    'Premières randonnées avec de jeunes enfants',
    'Un road trip estival le long de la côte',
    'Journées de nettoyage des sentiers : notre bilan',
    'Laver et réimperméabiliser une veste de pluie',
    'Bien faire ses nouvelles chaussures de randonnée',
    'Escapades urbaines à pied : trois week-ends',
    'Le Trail Day 2026 en images',
    'Pourquoi les chaussettes en mérinos évitent les ampoules',
    'Randonner au printemps : boue et eau de fonte',
    'Que mettre dans son bagage cabine pour un long-courrier',
    'Faire classe dehors : notre projet avec les écoles',
    'Le ressemelage, une seconde vie pour vos bottes',
    "Bien superposer ses couches pour randonner l'hiver",
  ],
  de: [
    'Fünf Herbstwanderungen, die sich lohnen',
    'So imprägnieren Sie Lederstiefel',
    'Die Freiwilligen des Trail Day',
    'Leicht packen für eine Woche in den Bergen',
    'Sneaker nach einem Schlammlauf sauber halten',
    'Die ersten Wanderungen mit kleinen Kindern',
    'Ein Sommer-Roadtrip entlang der Küste',
    'Wege-Aufräumtage: unsere Bilanz',
    'Regenjacke waschen und neu imprägnieren',
    'Neue Wanderschuhe richtig einlaufen',
    'Städtereisen zu Fuß: drei Wochenenden',
    'Der Trail Day 2026 in Bildern',
    'Warum Merinosocken Blasen vorbeugen',
    'Wandern im Frühling: Schlamm und Schmelzwasser',
    'Was ins Handgepäck für einen Langstreckenflug gehört',
    'Unterricht im Freien: unser Schulprojekt',
    'Neu besohlen: ein zweites Leben für Ihre Stiefel',
    'Das Zwiebelprinzip für Winterwanderungen',
  ],
  it: [
    'Cinque escursioni autunnali che valgono il viaggio',
    'Come impermeabilizzare gli stivali in pelle',
    'Conosci i volontari del Trail Day',
    'Bagaglio leggero per una settimana in montagna',
    'Sneaker pulite dopo una corsa nel fango',
    'Le prime escursioni con i bambini piccoli',
    'Un viaggio estivo lungo la costa',
    'Giornate di pulizia dei sentieri: il nostro bilancio',
    'Lavare e reimpermeabilizzare una giacca antipioggia',
    'Come rodare i nuovi scarponi da trekking',
    'Città a piedi: tre weekend da camminare',
    'Il Trail Day 2026 per immagini',
    'Perché le calze in merino prevengono le vesciche',
    'Trekking in primavera: fango e acqua di disgelo',
    'Cosa portare in cabina su un volo intercontinentale',
    "Lezioni all'aperto: il nostro progetto per le scuole",
    'Risuolatura: una seconda vita per i tuoi stivali',
    'Vestirsi a strati per le escursioni invernali',
  ],
};

export function articleTitle(index: number, lang: Lang): string {
  const title = TITLES[lang][index];
  if (title === undefined) throw new Error(`No ${lang} title for article ${index}`);
  return title;
}

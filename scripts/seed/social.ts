// Seeded social photos (the store services issue, §5): shoppers' photos of Cairn products outdoors, drawn
// by scripts/art/shopper-photo.ts, shared with every site and in every language, from a named random stream.
// Most are approved; a couple wait for moderation and one has been reported, so the queue has work in it.

import { type PhotoSubject, shopperPhoto } from '../art/shopper-photo.ts';
import { addDays } from './dates.ts';
import { SEED_TODAY } from './model.ts';
import { createRandom } from './random.ts';
import type { SeedData, SeedRow } from './tables.ts';
import { TYPE_INFO } from './type-info.ts';

export const SOCIAL_TABLE_ORDER = ['social_users', 'social_media', 'social_media_streams', 'social_reports'] as const;

const SOCIAL_PHOTO_COUNT = 96;
const FEATURED_STYLES = 24;
const PHOTOS_PER_FEATURED = 3;
/** The photo seeded with reports (before the two waiting ones), and who reported it why. */
const REPORTED = SOCIAL_PHOTO_COUNT - 3;
const SEEDED_REPORTS = [
  ['C1000000001', 'not-cairn'],
  ['C1000000002', 'copyright'],
] as const;

const SCREEN_NAMES = [
  'trailmix_anna',
  'ridgeline.rob',
  'lea_en_montagne',
  'wanderjonas',
  'camille.rando',
  'peakbagger_sam',
  'giulia_in_vetta',
  'moorland_max',
  'northshore_kai',
  'bergliebe_mia',
  'sentiero_luca',
  'coastpath_ellie',
  'yukon_jules',
  'la_randonneuse',
  'alpenglow_tim',
  'highlands_iona',
] as const;

const LOCALES = ['en-us', 'en-us', 'en-us', 'en-ca', 'fr-ca', 'en-gb', 'en-gb', 'fr-fr', 'fr-fr', 'de-de', 'de-de', 'it-it'] as const;

const CAPTIONS: Record<string, readonly string[]> = {
  en: [
    'First light on the ridge, dry feet all the way up.',
    'Three days on the coast path and not a blister.',
    'Rain all morning, still warm and dry.',
    'Sunday loop with the dog. These go everywhere.',
    'Broke them in on the way to the summit.',
    'Snow on the pass, grip held the whole way.',
    'Camp at 2,000 m. Worth every step.',
  ],
  fr: [
    'Lever de soleil sur la crête, pieds au sec jusqu’en haut.',
    'Trois jours sur le sentier côtier, pas une ampoule.',
    'Pluie toute la matinée, toujours au chaud.',
    'Balade du dimanche avec le chien.',
    'Bivouac à 2 000 m, ça valait chaque pas.',
  ],
  de: [
    'Erstes Licht am Grat, trockene Füße bis oben.',
    'Drei Tage Küstenweg und keine einzige Blase.',
    'Den ganzen Morgen Regen, trotzdem warm und trocken.',
    'Schnee am Pass, der Grip hat gehalten.',
  ],
  it: [
    'Prima luce sulla cresta, piedi asciutti fino in cima.',
    'Tre giorni sul sentiero costiero, nessuna vescica.',
    'Pioggia tutta la mattina, sempre caldo e asciutto.',
    'Neve al passo, la presa ha tenuto.',
  ],
};

export function subjectOf(productType: string): PhotoSubject | null {
  const group = TYPE_INFO[productType as keyof typeof TYPE_INFO]?.group;
  if (!group || group === 'gift') return null;
  if (group === 'footwear') return 'footwear';
  if (group === 'tops' || group === 'outerwear' || group === 'midlayer') return 'top';
  if (group === 'bottoms') return 'bottoms';
  return 'gear';
}

export interface SeededPhoto {
  key: string;
  seed: string;
  subject: PhotoSubject;
  hex: string;
}

function plan(styles: readonly SeedRow[], products: readonly SeedRow[]): { rows: SeedData; photos: SeededPhoto[] } {
  const random = createRandom('social');
  const users: SeedRow[] = SCREEN_NAMES.map((name, i) => ({
    user_id: `U00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    consumer_no: null,
    screen_name: name,
    created_at: `${addDays(SEED_TODAY, -400 + i * 7)}T09:00:00.000Z`,
  }));
  const candidates = styles.filter(
    (style) => subjectOf(String(style.product_type)) && !style.is_digital && !(style.target_publish_date && String(style.target_publish_date) > SEED_TODAY),
  );
  // The best-known styles get a few photos each, as they would; a scatter of others one each.
  const featured = [...candidates].sort((a, b) => Number(a.featured_rank) - Number(b.featured_rank)).slice(0, FEATURED_STYLES);
  const others = random.shuffle(candidates.filter((style) => !featured.includes(style))).slice(0, SOCIAL_PHOTO_COUNT - FEATURED_STYLES * PHOTOS_PER_FEATURED);
  const chosen = random.shuffle([...featured.flatMap((style) => Array.from({ length: PHOTOS_PER_FEATURED }, () => style)), ...others]);
  const media: SeedRow[] = [];
  const streams: SeedRow[] = [];
  const photos: SeededPhoto[] = [];
  chosen.forEach((style, i) => {
    const styleId = String(style.id);
    const colours = products.filter((p) => p.style_id === styleId);
    const colour = random.pick(colours);
    const mediaId = `M00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
    const locale = random.pick(LOCALES);
    const lang = locale.slice(0, 2);
    const sharedAt = `${addDays(SEED_TODAY, -random.int(1, 240))}T${String(random.int(6, 21)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00.000Z`;
    // The last two wait for an operator; one before them was reported by two shoppers.
    const pending = i >= chosen.length - 2;
    const key = `social/seed/${mediaId}.png`;
    media.push({
      media_id: mediaId,
      user_id: String(random.pick(users).user_id),
      site_id: locale.slice(3).toUpperCase(),
      locale,
      source: 'upload',
      review_id: null,
      object_key: key,
      content_type: 'image/png',
      caption: random.chance(0.85) ? random.pick(CAPTIONS[lang] ?? CAPTIONS.en ?? []) : null,
      status: pending ? 'pending' : 'approved',
      status_reason: null,
      moderated_by: pending ? null : 'seed',
      moderated_at: pending ? null : sharedAt,
      reports: i === REPORTED ? SEEDED_REPORTS.length : 0,
      created_at: sharedAt,
      approved_at: pending ? null : sharedAt,
    });
    streams.push({ media_id: mediaId, style_id: styleId });
    // Now and then a second product in the picture, of the same kind of trip.
    const also = random.chance(0.25) ? random.pick(candidates) : null;
    if (also && also.id !== styleId) streams.push({ media_id: mediaId, style_id: String(also.id) });
    photos.push({ key, seed: mediaId, subject: subjectOf(String(style.product_type)) as PhotoSubject, hex: String(colour?.swatch_hex ?? '#556b2f') });
  });
  // The reports behind the reported photo's count, from two of the demo shoppers, so the queue says why.
  const reported = String(media[REPORTED]?.media_id);
  const reports: SeedRow[] = SEEDED_REPORTS.map(([consumerNo, reason]) => ({
    media_id: reported,
    consumer_no: consumerNo,
    reason,
    reported_at: `${SEED_TODAY}T08:00:00.000Z`,
  }));
  return { rows: { social_users: users, social_media: media, social_media_streams: streams, social_reports: reports }, photos };
}

/** The gallery rows. */
export function buildSocial(styles: readonly SeedRow[], products: readonly SeedRow[]): SeedData {
  return plan(styles, products).rows;
}

/** The photos the rows point to, to draw with `seededPhotoBytes` and put in the MEDIA bucket. */
export function seededPhotos(styles: readonly SeedRow[], products: readonly SeedRow[]): SeededPhoto[] {
  return plan(styles, products).photos;
}

export function seededPhotoBytes(photo: SeededPhoto): Promise<Uint8Array> {
  return shopperPhoto({ seed: photo.seed, subject: photo.subject, hex: photo.hex });
}

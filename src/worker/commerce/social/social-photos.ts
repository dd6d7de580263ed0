// Social photos (the store services issue, §5; account-content §7 "Social photo service"): photos shoppers
// share of themselves in Cairn gear, for the user-generated-content galleries. The calls are the spec's social
// photo service's; the store answers them itself from D1 (who shared what, tagged with which products, its
// moderation) and R2 (the photos). A customer is a site; a stream is a master product.
//
// Photos reach the galleries two ways: shared on their own (a stash, then media on the shopper's user), which
// waits for moderation; or with a review, which joins when the review is approved and leaves when it stops
// being shown. Only approved photos whose review (if any) is shown are ever listed or served.

import type { MediaInput } from '../../../shared/schema/social.ts';
import { HttpError } from '../../lib/http-error.ts';
import { storePhotos } from '../../lib/photo-store.ts';
import { PHOTO_EXTENSIONS } from '../../lib/uploaded-image.ts';
import { styleOf } from '../reviews/reviews.ts';

/** Reports that take a photo off the galleries until an operator looks at it again, as for reviews. */
export const REPORTS_TO_HIDE = 3;
/** How long an uploaded photo waits to be shared before the clean-up removes it. */
export const STASH_TTL_MS = 24 * 60 * 60 * 1000;

export interface SocialMedia {
  id: string;
  /** Served from the store's own origin, only while shown. */
  url: string;
  caption: string | null;
  user: { screenName: string };
  locale: string;
  source: 'upload' | 'review';
  reviewId: string | null;
  sharedAt: string;
  /** Master product ids of the products it shows. */
  streams: string[];
}

export interface MediaPage {
  media: SocialMedia[];
  page: number;
  count: number;
  total: number;
}

export interface Paging {
  page: number;
  count: number;
}

export interface SocialStream {
  id: string;
  /** The product ids that find this stream as tag key: the master and its colours. */
  tagKey: string;
  name: string;
  /** The colour shown for it, to link to. */
  productId: string;
}

export interface SocialUser {
  id: string;
  screenName: string;
  createdAt: string;
}

export interface Stash {
  id: string;
  userId: string;
  contentType: string;
  bytes: number;
  expiresAt: string;
}

export interface SocialCustomer {
  id: string;
  mediaCount: number;
  streamCount: number;
  links: Record<string, string>;
}

export interface SharedMedia {
  id: string;
  status: 'pending';
  streams: string[];
}

/** The social photo service's calls (account-content §7), one method each. */
export interface SocialPhotos {
  /** GET /: the customer and where its resources are. */
  customer(siteId: string): Promise<SocialCustomer>;
  /** GET /categories/media/recent: photos of products in the category or below it. */
  recentByCategory(categoryId: number, paging: Paging): Promise<MediaPage>;
  /** GET /customers/{customerId}/media/recent: photos shared with the site. */
  recentByCustomer(siteId: string, paging: Paging): Promise<MediaPage>;
  /** GET /media/{mediaId}/streams: the products a shown photo shows; null when it is not shown. */
  streamsOfMedia(mediaId: string, lang: string): Promise<SocialStream[] | null>;
  /** GET /streams/{streamId}/media/recent. */
  recentByStream(styleId: string, paging: Paging): Promise<MediaPage>;
  /** The stream a tag key (any id of a product) finds, for GET /streams/media/recent?tag_key=. */
  streamOfTag(tagKey: string): Promise<string | null>;
  /** POST /media/{mediaId}/reports: one per shopper; enough of them take the photo down for a look. */
  report(mediaId: string, consumerNo: string, reason: string, now?: Date): Promise<{ counted: boolean; hidden: boolean }>;
  /** POST /users: the shopper's user, made once and answered as it is after that. */
  userFor(consumerNo: string, screenName: string, now?: Date): Promise<{ user: SocialUser; created: boolean }>;
  /** The shopper's user, if made. */
  userOf(consumerNo: string): Promise<SocialUser | null>;
  /** POST /stashes: a photo checked, cleaned and kept until it is shared. */
  stash(userId: string, photo: File, now?: Date): Promise<Stash>;
  /** POST /users/{userId}/media: shares a stashed photo, tagged with products, for moderation. */
  share(userId: string, input: MediaInput, where: { siteId: string; locale: string }, now?: Date): Promise<SharedMedia>;
  /** Removes stashes older than the TTL and their photos. */
  cleanUp(now?: Date): Promise<number>;
}

/** Where a shown photo is served (pages/media-route.ts). */
export const socialMediaUrl = (mediaId: string) => `/media/social/${mediaId}`;

/** Shown (for rows aliased `m`): approved, and if it came with a review, that review is shown too. */
export const SHOWN_MEDIA = `m.status = 'approved' AND (m.review_id IS NULL OR EXISTS (SELECT 1 FROM reviews r WHERE r.review_id = m.review_id AND r.status = 'approved'))`;

interface MediaRow {
  media_id: string;
  caption: string | null;
  locale: string;
  source: 'upload' | 'review';
  review_id: string | null;
  approved_at: string;
  screen_name: string;
  streams: string;
  total: number;
}

const MEDIA_COLUMNS = `m.media_id, m.caption, m.locale, m.source, m.review_id, m.approved_at, u.screen_name,
  (SELECT json_group_array(s.style_id) FROM social_media_streams s WHERE s.media_id = m.media_id) AS streams,
  COUNT(*) OVER () AS total`;

function toMedia(row: MediaRow): SocialMedia {
  return {
    id: row.media_id,
    url: socialMediaUrl(row.media_id),
    caption: row.caption,
    user: { screenName: row.screen_name },
    locale: row.locale,
    source: row.source,
    reviewId: row.review_id,
    sharedAt: row.approved_at,
    streams: JSON.parse(row.streams) as string[],
  };
}

/** The site a locale belongs to: its country part ("fr-ca" is Canada's). */
export const SITE_OF_LOCALE_SQL = (column: string) => `upper(substr(${column}, 4, 2))`;

/** The built-in service: D1 for what is shared and by whom, the MEDIA bucket for the photos. */
export class D1SocialPhotos implements SocialPhotos {
  constructor(
    private readonly db: D1Database,
    private readonly bucket: R2Bucket,
  ) {}

  private async page(where: string, binds: unknown[], paging: Paging): Promise<MediaPage> {
    const n = binds.length;
    const { results } = await this.db
      .prepare(
        `SELECT ${MEDIA_COLUMNS} FROM social_media m JOIN social_users u ON u.user_id = m.user_id
         WHERE ${SHOWN_MEDIA} AND ${where} ORDER BY m.approved_at DESC, m.media_id LIMIT ?${n + 1} OFFSET ?${n + 2}`,
      )
      .bind(...binds, paging.count, (paging.page - 1) * paging.count)
      .all<MediaRow>();
    return { media: results.map(toMedia), page: paging.page, count: paging.count, total: results[0]?.total ?? 0 };
  }

  async customer(siteId: string): Promise<SocialCustomer> {
    const row = await this.db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM social_media m WHERE m.site_id = ?1 AND ${SHOWN_MEDIA}) AS media,
           (SELECT COUNT(DISTINCT s.style_id) FROM social_media_streams s JOIN social_media m ON m.media_id = s.media_id WHERE m.site_id = ?1 AND ${SHOWN_MEDIA}) AS streams`,
      )
      .bind(siteId)
      .first<{ media: number; streams: number }>();
    const base = '/api/social';
    return {
      id: siteId,
      mediaCount: row?.media ?? 0,
      streamCount: row?.streams ?? 0,
      links: {
        self: `${base}/?customer=${siteId}`,
        media: `${base}/customers/${siteId}/media/recent`,
        categoryMedia: `${base}/categories/media/recent{?category_id}`,
        streamMedia: `${base}/streams/{streamId}/media/recent`,
        tagMedia: `${base}/streams/media/recent{?tag_key}`,
        mediaStreams: `${base}/media/{mediaId}/streams`,
        reports: `${base}/media/{mediaId}/reports`,
        stashes: `${base}/stashes`,
        users: `${base}/users`,
        userMedia: `${base}/users/{userId}/media`,
      },
    };
  }

  recentByCategory(categoryId: number, paging: Paging): Promise<MediaPage> {
    return this.page(
      `m.media_id IN (SELECT s.media_id FROM social_media_streams s JOIN styles st ON st.id = s.style_id
         JOIN categories c ON c.id = st.category_id LEFT JOIN categories p ON p.id = c.parent_id
         WHERE ?1 IN (c.id, c.parent_id, p.parent_id))`,
      [categoryId],
      paging,
    );
  }

  recentByCustomer(siteId: string, paging: Paging): Promise<MediaPage> {
    return this.page('m.site_id = ?1', [siteId], paging);
  }

  recentByStream(styleId: string, paging: Paging): Promise<MediaPage> {
    return this.page('m.media_id IN (SELECT media_id FROM social_media_streams WHERE style_id = ?1)', [styleId], paging);
  }

  streamOfTag(tagKey: string): Promise<string | null> {
    // A product's reviews and its photos belong to the same master product.
    return styleOf(this.db, tagKey);
  }

  async streamsOfMedia(mediaId: string, lang: string): Promise<SocialStream[] | null> {
    const [shown, streams] = await this.db.batch<Record<string, unknown>>([
      this.db.prepare(`SELECT 1 AS shown FROM social_media m WHERE m.media_id = ?1 AND ${SHOWN_MEDIA}`).bind(mediaId),
      this.db
        .prepare(
          `SELECT s.style_id AS id, COALESCE(t.name, e.name) AS name,
             (SELECT p.id FROM products p WHERE p.style_id = s.style_id ORDER BY p.id LIMIT 1) AS productId
           FROM social_media_streams s
           JOIN style_texts e ON e.style_id = s.style_id AND e.lang = 'en'
           LEFT JOIN style_texts t ON t.style_id = s.style_id AND t.lang = ?2
           WHERE s.media_id = ?1 ORDER BY s.style_id`,
        )
        .bind(mediaId, lang),
    ]);
    if (!shown?.results.length) return null;
    return (streams?.results ?? []).map((row) => ({
      id: String(row.id),
      tagKey: String(row.id),
      name: String(row.name),
      productId: String(row.productId),
    }));
  }

  async report(mediaId: string, consumerNo: string, reason: string, now = new Date()) {
    const shown = await this.db.prepare(`SELECT 1 FROM social_media m WHERE m.media_id = ?1 AND ${SHOWN_MEDIA}`).bind(mediaId).first();
    if (!shown) throw new HttpError('API404', `No photo ${mediaId}.`);
    const [insert, update] = await this.db.batch([
      this.db
        .prepare('INSERT INTO social_reports (media_id, consumer_no, reason, reported_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING')
        .bind(mediaId, consumerNo, reason, now.toISOString()),
      // Counted only when this shopper's report was new (changes() is the insert's, in the same batch).
      this.db
        .prepare(
          `UPDATE social_media SET reports = reports + 1,
             status = CASE WHEN reports + 1 >= ?2 AND status = 'approved' THEN 'pending' ELSE status END
           WHERE media_id = ?1 AND changes() = 1 RETURNING status`,
        )
        .bind(mediaId, REPORTS_TO_HIDE),
    ]);
    const counted = (insert?.meta.changes ?? 0) === 1;
    const status = (update?.results[0] as { status?: string } | undefined)?.status;
    return { counted, hidden: status === 'pending' };
  }

  async userOf(consumerNo: string): Promise<SocialUser | null> {
    const row = await this.db
      .prepare('SELECT user_id, screen_name, created_at FROM social_users WHERE consumer_no = ?1')
      .bind(consumerNo)
      .first<{ user_id: string; screen_name: string; created_at: string }>();
    return row ? { id: row.user_id, screenName: row.screen_name, createdAt: row.created_at } : null;
  }

  async userFor(consumerNo: string, screenName: string, now = new Date()) {
    const inserted = await this.db
      .prepare('INSERT INTO social_users (user_id, consumer_no, screen_name, created_at) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (consumer_no) DO NOTHING')
      .bind(`U${crypto.randomUUID()}`, consumerNo, screenName, now.toISOString())
      .run();
    const user = await this.userOf(consumerNo);
    if (!user) throw new Error('social user missing after insert');
    return { user, created: inserted.meta.changes === 1 };
  }

  async stash(userId: string, photo: File, now = new Date()): Promise<Stash> {
    const stashId = `T${crypto.randomUUID()}`;
    const [stored] = await storePhotos(this.bucket, `social/stashes/${stashId}`, [photo]);
    if (!stored) throw new Error('photo not stored');
    try {
      await this.db
        .prepare('INSERT INTO social_stashes (stash_id, user_id, object_key, content_type, bytes, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)')
        .bind(stashId, userId, stored.key, stored.contentType, stored.bytes, now.toISOString())
        .run();
    } catch (error) {
      await this.bucket.delete(stored.key);
      throw error;
    }
    return { id: stashId, userId, contentType: stored.contentType, bytes: stored.bytes, expiresAt: new Date(now.getTime() + STASH_TTL_MS).toISOString() };
  }

  async share(userId: string, input: MediaInput, where: { siteId: string; locale: string }, now = new Date()): Promise<SharedMedia> {
    const stash = await this.db
      .prepare('SELECT object_key, content_type, created_at FROM social_stashes WHERE stash_id = ?1 AND user_id = ?2')
      .bind(input.stash_id, userId)
      .first<{ object_key: string; content_type: string; created_at: string }>();
    if (!stash || now.getTime() - Date.parse(stash.created_at) > STASH_TTL_MS) {
      throw new HttpError('API404', 'stash_id: That upload has expired or is not yours: upload the photo again.', [
        { field: 'stash_id', message: 'Upload the photo again.' },
      ]);
    }
    const styles = [...new Set(input.tag_keys.map((key) => key.slice(0, 6)))];
    const known = await this.db
      .prepare(`SELECT id FROM styles WHERE is_digital = 0 AND id IN (${styles.map((_, i) => `?${i + 1}`).join(', ')})`)
      .bind(...styles)
      .all<{ id: string }>();
    const unknown = styles.filter((id) => !known.results.some((row) => row.id === id));
    if (unknown.length > 0) {
      const message = `No product ${unknown.join(', ')} to tag.`;
      throw new HttpError('API400', `tag_keys: ${message}`, [{ field: 'tag_keys', message }]);
    }
    const mediaId = `M${crypto.randomUUID()}`;
    const extension = PHOTO_EXTENSIONS[stash.content_type as keyof typeof PHOTO_EXTENSIONS];
    const key = `social/${mediaId}.${extension}`;
    // R2 has no rename: the photo is copied to its lasting key, and the stash's copy removed once recorded.
    const object = await this.bucket.get(stash.object_key);
    if (!object)
      throw new HttpError('API404', 'stash_id: That upload has expired: upload the photo again.', [{ field: 'stash_id', message: 'Upload the photo again.' }]);
    await this.bucket.put(key, await object.arrayBuffer(), { httpMetadata: { contentType: stash.content_type } });
    const at = now.toISOString();
    try {
      await this.db.batch([
        this.db
          .prepare(
            `INSERT INTO social_media (media_id, user_id, site_id, locale, source, object_key, content_type, caption, status, created_at)
             VALUES (?1, ?2, ?3, ?4, 'upload', ?5, ?6, ?7, 'pending', ?8)`,
          )
          .bind(mediaId, userId, where.siteId, where.locale, key, stash.content_type, input.caption || null, at),
        ...styles.map((styleId) => this.db.prepare('INSERT INTO social_media_streams (media_id, style_id) VALUES (?1, ?2)').bind(mediaId, styleId)),
        this.db.prepare('DELETE FROM social_stashes WHERE stash_id = ?1').bind(input.stash_id),
      ]);
    } catch (error) {
      await this.bucket.delete(key);
      throw error;
    }
    await this.bucket.delete(stash.object_key);
    return { id: mediaId, status: 'pending', streams: styles };
  }

  async cleanUp(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - STASH_TTL_MS).toISOString();
    const { results } = await this.db
      .prepare('DELETE FROM social_stashes WHERE created_at < ?1 RETURNING object_key')
      .bind(before)
      .all<{ object_key: string }>();
    if (results.length > 0) await this.bucket.delete(results.map((row) => row.object_key));
    return results.length;
  }
}

export function socialPhotosFor(env: { DB: D1Database; MEDIA: R2Bucket }): SocialPhotos {
  return new D1SocialPhotos(env.DB, env.MEDIA);
}

/**
 * The statements that bring an approved review's photos into the galleries, in the moderation's batch: its
 * author's user (made from the review's nickname if they have none) and one photo per review photo, tagged
 * with the review's product. A review shown again after being taken down keeps its photos' ids.
 */
export function reviewPhotosStatements(db: D1Database, reviewId: string, now: Date): D1PreparedStatement[] {
  const at = now.toISOString();
  return [
    db
      .prepare(
        `INSERT INTO social_users (user_id, consumer_no, screen_name, created_at)
         SELECT ?2, r.consumer_no, r.nickname, ?3 FROM reviews r
         WHERE r.review_id = ?1 AND r.consumer_no IS NOT NULL AND EXISTS (SELECT 1 FROM review_photos p WHERE p.review_id = r.review_id)
         ON CONFLICT (consumer_no) DO NOTHING`,
      )
      .bind(reviewId, `U${crypto.randomUUID()}`, at),
    db
      .prepare(
        `INSERT INTO social_media (media_id, user_id, site_id, locale, source, review_id, object_key, content_type, caption, status, moderated_at, created_at, approved_at)
         SELECT 'M' || p.review_id || '-' || p.position, u.user_id, ${SITE_OF_LOCALE_SQL('r.locale')}, r.locale, 'review', r.review_id, p.object_key,
           p.content_type, r.title, 'approved', ?2, r.created_at, ?2
         FROM review_photos p JOIN reviews r ON r.review_id = p.review_id JOIN social_users u ON u.consumer_no = r.consumer_no
         WHERE p.review_id = ?1
         ON CONFLICT (media_id) DO NOTHING`,
      )
      .bind(reviewId, at),
    db
      .prepare(
        `INSERT INTO social_media_streams (media_id, style_id)
         SELECT 'M' || p.review_id || '-' || p.position, r.style_id FROM review_photos p JOIN reviews r ON r.review_id = p.review_id
         WHERE p.review_id = ?1 AND EXISTS (SELECT 1 FROM social_media m WHERE m.media_id = 'M' || p.review_id || '-' || p.position)
         ON CONFLICT DO NOTHING`,
      )
      .bind(reviewId),
  ];
}

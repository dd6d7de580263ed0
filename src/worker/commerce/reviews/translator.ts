// Translation of reviews (the store services issue, §1): Workers AI where its binding (`AI`) is configured.
// Outside production without it, the local phrasebook (phrasebook.ts), which translates the seeded reviews
// from their parallel copy and refuses any other text, as a failing model would. A production store without
// the binding has no translator: the page hides the control and the endpoint answers REV503. Nothing ever
// shows a made-up translation.

import type { Lang } from '../../../shared/locale/sites.ts';
import { phrasebookTranslator } from './phrasebook.ts';

export interface Translator {
  /** The texts in `to`, in order. */
  translate(texts: readonly string[], from: Lang, to: Lang): Promise<string[]>;
}

/** Meta's many-to-many model: one call per text, source and target by ISO 639-1 code. */
export const TRANSLATION_MODEL = '@cf/meta/m2m100-1.2b';

/** What the AI binding offers that this needs: the one model call, so tests can give their own. */
export interface TranslationModel {
  run(model: typeof TRANSLATION_MODEL, inputs: { text: string; source_lang: string; target_lang: string }): Promise<unknown>;
}

export class WorkersAiTranslator implements Translator {
  constructor(private readonly ai: TranslationModel) {}

  async translate(texts: readonly string[], from: Lang, to: Lang): Promise<string[]> {
    return Promise.all(
      texts.map(async (text) => {
        const answer = (await this.ai.run(TRANSLATION_MODEL, { text, source_lang: from, target_lang: to })) as { translated_text?: unknown };
        if (typeof answer?.translated_text !== 'string' || answer.translated_text.trim() === '') throw new Error('the translation model gave no text');
        return answer.translated_text;
      }),
    );
  }
}

export function translatorFor(env: { AI?: TranslationModel; ENVIRONMENT: string }): Translator | null {
  if (env.AI) return new WorkersAiTranslator(env.AI);
  return env.ENVIRONMENT === 'production' ? null : phrasebookTranslator;
}

/**
 * A review in another language, translated once and kept (review_translations): the same review is not sent
 * to the model twice for one language.
 */
export async function translateReview(
  db: D1Database,
  translator: Translator,
  review: { reviewId: string; lang: string; title: string; text: string },
  to: Lang,
  now = new Date(),
): Promise<{ title: string; text: string; lang: Lang; from: string; cached: boolean }> {
  const kept = await db
    .prepare('SELECT title, body FROM review_translations WHERE review_id = ?1 AND lang = ?2')
    .bind(review.reviewId, to)
    .first<{ title: string; body: string }>();
  if (kept) return { title: kept.title, text: kept.body, lang: to, from: review.lang, cached: true };
  const [title = '', text = ''] = await translator.translate([review.title, review.text], review.lang as Lang, to);
  await db
    .prepare('INSERT INTO review_translations (review_id, lang, title, body, translated_at) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING')
    .bind(review.reviewId, to, title, text, now.toISOString())
    .run();
  return { title, text, lang: to, from: review.lang, cached: false };
}

/** A review's translation into `lang` as kept, if one was made: what the page shows after "Translate". */
export function keptTranslation(db: D1Database, reviewId: string, lang: string): Promise<{ reviewId: string; title: string; text: string } | null> {
  return db
    .prepare('SELECT review_id AS reviewId, title, body AS text FROM review_translations WHERE review_id = ?1 AND lang = ?2')
    .bind(reviewId, lang)
    .first<{ reviewId: string; title: string; text: string }>();
}

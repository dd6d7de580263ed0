// Shoppers' photos as the social service keeps them (account-content §8), without HTTP against the real D1
// and R2: a shopper's report counts once, whatever they send at the same moment; the third shopper's takes
// the photo off the galleries until an operator keeps it, and keeping it starts the count again. The calls,
// the queue and the media URLs are social.test.ts.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { moderateMedia } from '../../src/worker/commerce/social/moderation.ts';
import { REPORTS_TO_HIDE, socialPhotosFor } from '../../src/worker/commerce/social/social-photos.ts';
import { consumerNoOf, one } from './helpers.ts';

const photos = socialPhotosFor(env);
const operator = { name: 'Otto (moderation)', correlationId: 'social-rules' };

describe('reports of a photo', () => {
  it(`count once per shopper under 12 at once, and the ${REPORTS_TO_HIDE}rd shopper's takes it down until an operator keeps it`, async () => {
    const target = await one<{ media_id: string }>(
      "SELECT media_id FROM social_media WHERE status = 'approved' AND reports = 0 AND site_id = 'US' ORDER BY media_id LIMIT 1",
    );
    const [ana, leo, ian] = await Promise.all(['ana@cairn.test', 'leo.loyalty@cairn.test', 'ian.ipa@cairn.test'].map(consumerNoOf));

    const first = await Promise.all(Array.from({ length: 12 }, () => photos.report(target.media_id, ana as string, 'spam')));

    expect(first.filter((r) => r.counted)).toHaveLength(1);
    expect(await one('SELECT reports, status FROM social_media WHERE media_id = ?1', target.media_id)).toEqual({ reports: 1, status: 'approved' });
    await photos.report(target.media_id, leo as string, 'offensive');
    expect(await photos.report(target.media_id, ian as string, 'not-cairn')).toEqual({ counted: true, hidden: true });
    // Off the galleries, so not reportable either.
    await expect(photos.report(target.media_id, ian as string, 'spam')).rejects.toMatchObject({ code: 'API404' });

    await moderateMedia(env.DB, target.media_id, 'approve', undefined, operator);
    expect(await one('SELECT reports, status FROM social_media WHERE media_id = ?1', target.media_id)).toEqual({ reports: 0, status: 'approved' });
  });
});

// Reads an espot (account-content §2 slot) for a page: augmented, personalised, and never a reason for
// the page to fail (a failure logs and shows nothing in the slot).

import type { Context } from 'hono';
import type { Block, BlocksDocument, EspotSlot } from '../../../shared/content/blocks.ts';
import { ANONYMOUS_VISITOR, activeSegments, personalize } from '../../../shared/personalisation.ts';
import { contentServiceFor } from '../../content/request.ts';
import type { AppEnv } from '../../env.ts';

export async function loadEspot(c: Context<AppEnv>, slot: EspotSlot): Promise<Block[]> {
  try {
    const content = await contentServiceFor(c, c.get('locale'), c.get('preview'));
    const read = await content.augmented<BlocksDocument>('espot', slot);
    if (!read.value) return [];
    const consent = c.get('consent');
    return personalize(read.value.items, {
      testContext: c.get('testContext'),
      visitorId: c.get('visitorId'),
      allowed: consent.targeting,
      segments: activeSegments(ANONYMOUS_VISITOR),
    });
  } catch (error) {
    c.get('logger').error('espot.failed', { error, slot });
    return [];
  }
}

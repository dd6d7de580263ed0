// Reads an espot (account-content §2 slot) for a page: augmented, personalised, and never a reason for
// the page to fail (a failure logs and shows nothing in the slot).

import type { Context } from 'hono';
import type { Block, BlocksDocument, EspotSlot } from '../../../shared/content/blocks.ts';
import { personalize } from '../../../shared/personalisation/personalisation.ts';
import type { AppEnv } from '../../env.ts';
import { pageContent, pageVisitor } from './page-content.ts';

export async function loadEspot(c: Context<AppEnv>, slot: EspotSlot): Promise<Block[]> {
  try {
    const read = await (await pageContent(c)).augmented<BlocksDocument>('espot', slot);
    return read.value ? personalize(read.value.items, pageVisitor(c)) : [];
  } catch (error) {
    c.get('logger').error('espot.failed', { error, slot });
    return [];
  }
}

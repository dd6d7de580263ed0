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

/** Stores with a slot of their own on their page (the West End flagship); every other store page shows the locator's. */
const STORE_SLOTS: Readonly<Record<string, EspotSlot>> = { 'GB-0001': 'westend' };

export function storeSlot(storeId: string): EspotSlot {
  return STORE_SLOTS[storeId] ?? 'store-locator';
}

/**
 * A listing's slot: gift cards have their own, a listing narrowed to sale items is a promotions page, and
 * any other category shows the category slot.
 */
export function listingSlot(categorySlug: string, badges: readonly string[]): EspotSlot {
  if (categorySlug === 'gift-cards') return 'gift-card';
  return badges.includes('sale') ? 'promotions' : 'category';
}

export function productSlot(productType: string): EspotSlot {
  return productType === 'gift-card' ? 'gift-card' : 'product';
}

// Reading the common fields of a child block: every block but a fragment reference has them.

import type { Block, CommonFields, Target } from '../../../shared/content/blocks.ts';
import { safeHref } from '../sanitize.ts';

export function commonFields(block: Block): CommonFields | null {
  return block.type === 'FragmentRef' ? null : block;
}

/** Where a card-like item leads: its media target, else its first call to action, when the link is safe. */
export function primaryTarget(fields: CommonFields): Target | undefined {
  return [fields.mediaTarget, ...(fields.targets ?? [])].find((t): t is Target => t !== undefined && safeHref(t.url) !== null);
}

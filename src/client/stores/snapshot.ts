// Reads the server's page snapshot once; stores seed themselves from it instead of fetching.

import { type PageState, STATE_SCRIPT_ID } from '../../shared/island.ts';

let cached: PageState | null | undefined;

export function pageState(): PageState | null {
  if (cached !== undefined) return cached;
  const element = typeof document === 'undefined' ? null : document.getElementById(STATE_SCRIPT_ID);
  cached = element?.textContent ? (JSON.parse(element.textContent) as PageState) : null;
  return cached;
}

// The published footer, pop-ups and menu around every page: read through the content service, which keeps
// them in memory for a few seconds, and each rendered once per published version. What is rendered once
// is shared by every request, so it is rendered from a context without the request in it (no path, no
// query, no nonce) and keeps the islands it holds beside its markup.

import type { Context } from 'hono';
import type { BlocksDocument, MenuDocument, PopupDocument } from '../../../shared/content/blocks.ts';
import type { IslandName } from '../../../shared/island.ts';
import type { AppEnv } from '../../env.ts';
import { pageContent } from '../cms/page-content.ts';

export interface ChromeContent {
  footer: BlocksDocument | null;
  popups: PopupDocument | null;
  menu: MenuDocument | null;
}

/**
 * The footer, pop-ups and menu documents; each null when none is published or the content service
 * failed: the page goes on with its built-in chrome.
 */
export async function chromeContent(c: Context<AppEnv>): Promise<ChromeContent> {
  try {
    const content = await pageContent(c);
    const [footer, popups, menu] = await Promise.all([
      content.augmented<BlocksDocument>('footer', ''),
      content.read<PopupDocument>('popups', ''),
      content.read<MenuDocument>('menu', ''),
    ]);
    return { footer: footer.value, popups: popups.value, menu: menu.value };
  } catch (error) {
    c.get('logger').error('chrome_content.failed', { error });
    return { footer: null, popups: null, menu: null };
  }
}

/** Markup shared by every page that shows a document, and the islands in it. */
export interface SharedPart {
  html: string;
  islands: ReadonlyMap<IslandName, boolean>;
  /** Lists of blocks left out because they failed to render: every request that shows the part says so. */
  failed: readonly string[];
}

const rendered = new WeakMap<object, Map<string, SharedPart>>();

/** Renders a part of a content document once for as long as the same document object is served. */
export function renderOnce(document: object, part: string, render: () => SharedPart): SharedPart {
  let parts = rendered.get(document);
  if (!parts) {
    parts = new Map();
    rendered.set(document, parts);
  }
  let shared = parts.get(part);
  if (!shared) {
    shared = render();
    parts.set(part, shared);
  }
  return shared;
}

// The published footer, pop-ups and menu around every page: read through the content service, which keeps
// it in memory for a few seconds, and rendered once per published version.

import type { Context } from 'hono';
import type { BlocksDocument, MenuDocument, PopupDocument } from '../../../shared/content/blocks.ts';
import { pageContent } from '../../content/request.ts';
import type { AppEnv } from '../../env.ts';

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
    const [footer, popups, menu] = await Promise.all([content.augmented<BlocksDocument>('footer', ''), content.read('popups', ''), content.read('menu', '')]);
    return { footer: footer.value, popups: popups.value as PopupDocument | null, menu: menu.value as MenuDocument | null };
  } catch (error) {
    c.get('logger').error('chrome_content.failed', { error });
    return { footer: null, popups: null, menu: null };
  }
}

const rendered = new WeakMap<object, string>();

/** Renders a content document's chrome once for as long as the same document object is served. */
export function renderOnce(document: object, render: () => string): string {
  let html = rendered.get(document);
  if (html === undefined) {
    html = render();
    rendered.set(document, html);
  }
  return html;
}

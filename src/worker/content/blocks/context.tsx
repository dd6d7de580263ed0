// What content blocks need from whoever renders them: media URLs, the page they are on, and UI labels.
// Locale and messages come from the I18nProvider every render has.

import { createContext, useContext } from 'react';
import type { MediaSource } from '../../../shared/content/blocks.ts';
import { isCurrentLink } from './links.ts';

/** Chrome strings the blocks show; the page passes them in so the blocks own no message keys. */
export type BlockLabelKey =
  | 'previous'
  | 'next'
  | 'readMore'
  | 'clearAll'
  | 'close'
  | 'seeMore'
  | 'seeLess'
  | 'filterBy'
  | 'slide'
  | 'register'
  | 'eventDates'
  | 'attendingDays';

export interface BlockContextValue {
  /** Resolves a media source to a same-origin URL; product media needs catalogue data the blocks do not carry. */
  mediaUrl: (source: MediaSource, width?: number) => string;
  /**
   * The page being shown: CTA and secondary-navigation links mark themselves current against it, article
   * filters link from it. Null when the markup is shared by every page (menu, footer, pop-ups): current
   * links are then marked per request (markCurrentLinks).
   */
  location: { pathname: string; search: string } | null;
  labels: Record<BlockLabelKey, string>;
}

const BlockContext = createContext<BlockContextValue | null>(null);
export const BlockContextProvider = BlockContext.Provider;

export function useBlocks(): BlockContextValue {
  const value = useContext(BlockContext);
  if (!value) throw new Error('useBlocks needs a BlockContextProvider above it');
  return value;
}

/** Whether a link names the page shown; 'deferred' in shared markup, where each request decides. */
export function useCurrentLink(): (url: string) => boolean | 'deferred' {
  const { location } = useBlocks();
  return (url) => (location ? isCurrentLink(url, location.pathname, location.search) : 'deferred');
}

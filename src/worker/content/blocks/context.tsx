// What content blocks need from the page beyond usePage(): media URLs, the query string and UI labels.

import { createContext, useContext } from 'react';
import type { MediaSource } from '../../../shared/content/blocks.ts';

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
  | 'signInToRegister'
  | 'eventDates'
  | 'attendingDays';

export interface BlockContextValue {
  /** Resolves a media source to a same-origin URL; product media needs catalogue data the blocks do not carry. */
  mediaUrl: (source: MediaSource, width?: number) => string;
  /** The request's query string ("" or "?a=b"): CTA highlighting and article filters read it. */
  search: string;
  segmentContext?: unknown;
  labels: Record<BlockLabelKey, string>;
}

const BlockContext = createContext<BlockContextValue | null>(null);
export const BlockContextProvider = BlockContext.Provider;

export function useBlocks(): BlockContextValue {
  const value = useContext(BlockContext);
  if (!value) throw new Error('useBlocks needs a BlockContextProvider above it');
  return value;
}

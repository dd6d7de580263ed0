// Translation context: pages provide the full catalogue, islands the subset carried in their props.

import { createContext, type ReactNode, useContext } from 'react';
import type { Translate } from '../i18n/format.ts';

export interface I18n {
  t: Translate;
  /** BCP 47 tag for Intl: "en-US". */
  localeTag: string;
  /** Path segment: "en-us". */
  locale: string;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ value, children }: { value: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n needs an I18nProvider above it');
  return value;
}

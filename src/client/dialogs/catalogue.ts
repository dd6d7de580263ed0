// The page language's whole message catalogue, for a dialog opened on a page whose own messages do not
// cover it. Loaded with the dialog, one language at a time.

import type { Lang } from '../../shared/locale/sites.ts';

export const CATALOGUES: Record<Lang, () => Promise<Record<string, string>>> = {
  en: () => import('../../shared/i18n/en.ts').then((module) => module.en),
  fr: () => import('../../shared/i18n/fr.ts').then((module) => module.fr),
  de: () => import('../../shared/i18n/de.ts').then((module) => module.de),
  it: () => import('../../shared/i18n/it.ts').then((module) => module.it),
};

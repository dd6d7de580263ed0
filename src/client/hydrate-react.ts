// Hydrates a React island inside the providers it was rendered in on the server (i18n: the page's locale
// and the messages its React islands use), so shared components work in any island. Loaded only when a
// page has a React island, so pages with vanilla islands ship no React. An event replayed on the island
// right after this call is safe: React hydrates a root at once when a discrete event reaches it.

import { createElement, type FunctionComponent } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { subsetTranslator } from '../shared/i18n/format.ts';
import { I18nProvider } from '../shared/ui/i18n-context.tsx';
import { pageState } from './stores/snapshot.ts';

export function hydrate(element: HTMLElement, component: FunctionComponent<object>, props: object): void {
  const state = pageState();
  const localeTag = state?.localeTag ?? document.documentElement.lang;
  const i18n = { t: subsetTranslator(state?.messages ?? {}, localeTag), localeTag, locale: state?.locale ?? '' };
  hydrateRoot(element, createElement(I18nProvider, { value: i18n, children: createElement(component, props) }), {
    onRecoverableError: (error) => console.error('island hydration recovered', element.dataset.island, error),
  });
}

// Hydrates a React island inside the providers it was rendered in on the server (i18n: the page's locale
// and the messages its React islands use), so shared components work in any island. Loaded only when a
// page has a React island, so pages with vanilla islands ship no React. An event replayed on the island
// right after this call is safe: React hydrates a root at once when a discrete event reaches it.

import { createElement, type FunctionComponent } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { subsetTranslator } from '../shared/i18n/format.ts';
import { type I18n, I18nProvider } from '../shared/ui/i18n-context.tsx';
import { pageState } from './stores/snapshot.ts';

const tree = <P extends object>(component: FunctionComponent<P>, props: P, i18n: I18n) =>
  createElement(I18nProvider, { value: i18n, children: createElement(component, props) });

export function hydrate(element: HTMLElement, component: FunctionComponent<object>, props: object): void {
  const state = pageState();
  const localeTag = state?.localeTag ?? document.documentElement.lang;
  hydrateRoot(element, tree(component, props, { t: subsetTranslator(state?.messages ?? {}, localeTag), localeTag, locale: state?.locale ?? '' }), {
    onRecoverableError: (error) => console.error('island hydration recovered', element.dataset.island, error),
  });
}

/**
 * A component with no server markup (a dialog opened on demand), rendered into `element` inside the same
 * provider with the catalogue it brought. Here so that React's DOM code stays in one chunk with this module.
 * Answers the way to unmount it.
 */
export function render<P extends object>(element: HTMLElement, component: FunctionComponent<P>, props: P, i18n: I18n): () => void {
  const root = createRoot(element);
  root.render(tree(component, props, i18n));
  return () => root.unmount();
}

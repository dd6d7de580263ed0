// Hydrates a React island inside the providers it was rendered in on the server (i18n: the page's locale
// and the messages its React islands use), so shared components work in any island. Loaded only when a
// page has a React island, so pages with vanilla islands ship no React.

import { createElement, Fragment, type FunctionComponent, useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { subsetTranslator } from '../shared/i18n/format.ts';
import { I18nProvider } from '../shared/ui/i18n-context.tsx';
import { pageState } from './stores/snapshot.ts';

/** Renders nothing; tells when React has committed the hydrated tree, so its handlers answer a replayed event. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useLayoutEffect(onCommit, []);
  return null;
}

export function hydrate(element: HTMLElement, component: FunctionComponent<object>, props: object): Promise<void> {
  const state = pageState();
  const localeTag = state?.localeTag ?? document.documentElement.lang;
  const i18n = { t: subsetTranslator(state?.messages ?? {}, localeTag), localeTag, locale: state?.locale ?? '' };
  return new Promise((resolve) => {
    const tree = createElement(Fragment, null, createElement(component, props), createElement(Committed, { onCommit: resolve }));
    hydrateRoot(element, createElement(I18nProvider, { value: i18n, children: tree }), {
      onRecoverableError: (error) => console.error('island hydration recovered', element.dataset.island, error),
    });
  });
}

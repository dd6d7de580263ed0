// Hydrates a React island. Loaded only when a page has one, so pages with vanilla islands ship no React.

import { createElement, type FunctionComponent } from 'react';
import { hydrateRoot } from 'react-dom/client';

export function hydrate(element: HTMLElement, component: FunctionComponent<object>, props: object): void {
  hydrateRoot(element, createElement(component, props), {
    onRecoverableError: (error) => console.warn('island hydration recovered', element.dataset.island, error),
  });
}

// Search suggestions as the shopper types: products and categories from the autoSuggest API, keyboard friendly.

import { subsetTranslator } from '../../../shared/i18n/format.ts';
import { api } from '../../api.ts';
import type { SearchSuggestProps } from './SearchSuggest.tsx';

const DEBOUNCE_MS = 150;
const MIN_LENGTH = 2;

interface Option {
  label: string;
  url: string;
  group: 'products' | 'categories';
}

function option(id: string, item: Option): HTMLElement {
  const element = document.createElement('a');
  element.id = id;
  element.href = item.url;
  element.className = 'search-box__option';
  element.setAttribute('role', 'option');
  element.setAttribute('aria-selected', 'false');
  element.tabIndex = -1;
  element.textContent = item.label;
  return element;
}

export function mount(element: HTMLElement, props: SearchSuggestProps): void {
  const t = subsetTranslator(props.messages, props.localeTag);
  const input = element.querySelector<HTMLInputElement>('input[name="q"]');
  const panel = element.querySelector<HTMLElement>('[role="listbox"]');
  if (!input || !panel) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let active = -1;
  let controller: AbortController | undefined;

  const options = () => [...panel.querySelectorAll<HTMLElement>('[role="option"]')];
  const close = () => {
    panel.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };
  const highlight = (index: number) => {
    const all = options();
    if (all.length === 0) return;
    active = (index + all.length) % all.length;
    for (const [i, o] of all.entries()) o.setAttribute('aria-selected', String(i === active));
    input.setAttribute('aria-activedescendant', all[active]?.id ?? '');
  };
  const render = (items: Option[]) => {
    panel.replaceChildren();
    if (items.length === 0) return close();
    for (const group of ['products', 'categories'] as const) {
      const inGroup = items.filter((i) => i.group === group);
      if (inGroup.length === 0) continue;
      const heading = document.createElement('p');
      heading.className = 'search-box__group';
      heading.textContent = t(group === 'products' ? 'search.products' : 'search.categories');
      heading.setAttribute('role', 'presentation');
      panel.appendChild(heading);
      for (const item of inGroup) panel.appendChild(option(`site-search-option-${items.indexOf(item)}`, item));
    }
    panel.hidden = false;
    input.setAttribute('aria-expanded', 'true');
    active = -1;
  };
  const fetchSuggestions = async (q: string) => {
    controller?.abort();
    controller = new AbortController();
    try {
      const response = await api.products.v2.search.autoSuggest.$get({ query: { q, locale: props.locale } }, { init: { signal: controller.signal } });
      if (!response.ok) return close();
      const body = await response.json();
      if (input.value.trim() !== q) return;
      render([
        ...body.products.map((p) => ({ label: p.name, url: p.url, group: 'products' as const })),
        ...body.categories.map((c) => ({ label: c.path.join(' › '), url: c.url, group: 'categories' as const })),
      ]);
    } catch (error) {
      // An aborted request was replaced by a newer one; anything else leaves the plain search form working.
      if ((error as Error).name !== 'AbortError') close();
    }
  };

  const suggest = () => {
    clearTimeout(timer);
    const q = input.value.trim();
    if (q.length < MIN_LENGTH) return close();
    timer = setTimeout(() => void fetchSuggestions(q), DEBOUNCE_MS);
  };
  input.addEventListener('input', suggest);
  input.addEventListener('keydown', (event) => {
    if (panel.hidden) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      highlight(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && active >= 0) {
      event.preventDefault();
      options()[active]?.click();
    } else if (event.key === 'Escape') {
      // A search field clears itself on Escape; the first Escape only closes the suggestions.
      event.preventDefault();
      close();
    }
  });
  element.addEventListener('focusout', (event) => {
    if (!element.contains(event.relatedTarget as Node | null)) close();
  });
  // On a slow connection the shopper may have typed before this script arrived: suggest for that too.
  if (document.activeElement === input) suggest();
}

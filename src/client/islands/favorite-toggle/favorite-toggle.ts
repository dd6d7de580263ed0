// The heart as a toggle without a reload: on first use it learns whether the colour is already a
// favorite (only when the browser has a session at all), then adds or removes it through the wishlists
// API and says so to screen readers. A few hundred bytes, no React.

import { api, type RouteAnswer } from '../../api.ts';
import { readAnswer } from '../../api-answer.ts';
import type { FavoriteToggleProps } from './FavoriteToggle.tsx';

const favorites = api.wishlists.v2.favorites;

type Favorites = RouteAnswer<'GET', '/api/wishlists/v2/favorites'>;

export function mount(element: HTMLElement, props: FavoriteToggleProps): void {
  const form = element.querySelector('form');
  const button = element.querySelector<HTMLButtonElement>('[data-favorite-button]');
  const label = element.querySelector<HTMLElement>('[data-favorite-label]');
  const status = element.querySelector<HTMLElement>('[data-favorite-status]');
  if (!form || !button || !label || !status) return;
  let favoriteId: string | null = null;
  const show = (on: boolean) => {
    button.setAttribute('aria-pressed', String(on));
    label.textContent = on ? props.labels.remove : props.labels.add;
  };
  const take = (answer: Favorites) => {
    favoriteId = answer.favoriteId;
    show(answer.items.some((item) => item.itemId === props.productId));
  };
  // A browser without the hint cookie (SESSION_HINT_COOKIE) has no session, so no favorites to ask about.
  const known = /(^|; )__Host-hint=/.test(document.cookie)
    ? favorites
        .$get({ query: { count: '100' } })
        .then((response) => readAnswer<Favorites>(response))
        .then(take, () => undefined)
    : Promise.resolve();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    void known
      .then(async () => {
        const on = button.getAttribute('aria-pressed') === 'true';
        take(
          await readAnswer(
            on && favoriteId
              ? await favorites[':favoriteId'].items[':itemId'].$delete({ param: { favoriteId, itemId: props.productId } })
              : await favorites.$post({ json: { id: props.productId, pageUrl: location.pathname } }),
          ),
        );
        status.textContent = on ? props.labels.removed : props.labels.added;
      })
      .catch(() => {
        status.textContent = props.labels.failed;
      })
      .finally(() => button.removeAttribute('aria-busy'));
  });
}

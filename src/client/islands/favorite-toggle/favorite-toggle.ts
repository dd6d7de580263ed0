// The heart as a toggle without a reload: on first use it learns whether the colour is already a
// favorite (only when the browser has a session at all), then adds or removes it through the wishlists
// API and says so to screen readers. A few hundred bytes, no React.

import type { ListPage } from '../../../worker/commerce/lists/service.ts';
import { callApi } from '../../api-answer.ts';
import type { FavoriteToggleProps } from './FavoriteToggle.tsx';

type Favorites = { favoriteId: string | null; items: ListPage['items'] };

const call = (method: string, path: string, body?: object) => callApi<Favorites>(method, `/api/wishlists/v2/favorites${path}`, body);

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
  const known = /(^|; )__Host-hint=/.test(document.cookie) ? call('GET', '?count=100').then(take, () => undefined) : Promise.resolve();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.getAttribute('aria-busy') === 'true') return;
    button.setAttribute('aria-busy', 'true');
    void known
      .then(async () => {
        const on = button.getAttribute('aria-pressed') === 'true';
        take(
          on && favoriteId
            ? await call('DELETE', `/${favoriteId}/items/${props.productId}`)
            : await call('POST', '', { id: props.productId, pageUrl: location.pathname }),
        );
        status.textContent = on ? props.labels.removed : props.labels.added;
      })
      .catch(() => {
        status.textContent = props.labels.failed;
      })
      .finally(() => button.removeAttribute('aria-busy'));
  });
}

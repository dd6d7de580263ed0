// The user-generated-content gallery's script (account-content §2, §8, §9; the store services issue, §5). The
// entry loads it when a gallery comes near the viewport; it waits 500 ms, then fills the frame the server drew
// from the social photo service. A photo opens in a dialog with the products it shows and a way to report it.
// Failures are logged, never shown: the frame then says there are no photos yet.

import { deliveredImageUrl, imageDeliveryOf } from '../../shared/media/image-delivery.ts';
import type { GalleryLabels, SOCIAL_REPORT_REASONS } from '../../shared/schema/social.ts';
import { api } from '../api.ts';

/** The page says whether an image service is bound (render.tsx). */
const imageDelivery = () => imageDeliveryOf(document.documentElement.dataset.imageDelivery);

const CREATE_DELAY_MS = 500;

interface Media {
  id: string;
  url: string;
  caption: string | null;
  user: { screenName: string };
}

interface Stream {
  name: string;
  url: string | null;
  image: string | null;
}

/** A DOM element with its properties and children; shoppers' text only ever goes in as text. */
function element<T = HTMLElement>(tag: string, props: Record<string, unknown> = {}, ...children: (Node | string)[]): T {
  const node = Object.assign(document.createElement(tag), props);
  for (const child of children) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  return node as T;
}

const fill = (template: string, name: string) => template.replace('{name}', name);

export function mount(section: HTMLElement): void {
  console.info(`ugc: creating widget ${section.dataset.ugcWidget} in ${CREATE_DELAY_MS} ms`);
  setTimeout(() => void create(section), CREATE_DELAY_MS);
}

async function create(section: HTMLElement): Promise<void> {
  const grid = section.querySelector<HTMLElement>('.ugc__grid');
  if (!grid) return;
  const labels = JSON.parse(section.dataset.ugcLabels ?? '{}') as GalleryLabels;
  let media: Media[] = [];
  try {
    const response = await fetch(section.dataset.ugcSource ?? '', { headers: { accept: 'application/json' } });
    if (!response.ok) {
      const product = section.dataset.ugcProduct;
      throw new Error(response.status === 404 && product ? `missing UGC product details for ${product}` : `gallery answered ${response.status}`);
    }
    media = ((await response.json()) as { media: Media[] }).media;
  } catch (error) {
    console.error('ugc: widget failed', section.dataset.ugcWidget, error);
  }
  grid.removeAttribute('aria-busy');
  if (media.length === 0) {
    // The frame keeps its size: the tiles go invisible and the empty note sits where they were.
    grid.classList.add('ugc__grid--empty');
    section.querySelector<HTMLElement>('.ugc__empty')?.removeAttribute('hidden');
    return;
  }
  const dialog = galleryDialog(section, labels);
  grid.replaceChildren(
    ...media.map((item) => {
      const alt = item.caption ? `${fill(labels.by, item.user.screenName)}: ${item.caption}` : fill(labels.by, item.user.screenName);
      const button = element<HTMLButtonElement>(
        'button',
        { type: 'button', className: 'ugc__tile' },
        element('img', { src: deliveredImageUrl(item.url, 240, imageDelivery()), alt, loading: 'lazy', decoding: 'async', width: 240, height: 240 }),
      );
      button.setAttribute('aria-haspopup', 'dialog');
      button.addEventListener('click', () => dialog.open(item, alt));
      return element('li', {}, button);
    }),
  );
}

function galleryDialog(section: HTMLElement, labels: GalleryLabels) {
  const locale = section.dataset.ugcLocale ?? '';
  const photo = element<HTMLImageElement>('img', { className: 'ugc-dialog__photo', width: 400, height: 400 });
  const by = element('p', { className: 'ugc-dialog__by' });
  const caption = element('p', { className: 'ugc-dialog__caption' });
  const products = element('ul', { className: 'ugc-dialog__products' });
  const shop = element<HTMLDivElement>('div', { className: 'ugc-dialog__shop', hidden: true }, element('h3', {}, labels.shop), products);
  const status = element('p', { className: 'ugc-dialog__status' });
  status.setAttribute('role', 'status');
  const reasonId = `${section.dataset.ugcWidget}-reason`;
  const reason = element<HTMLSelectElement>(
    'select',
    { id: reasonId, name: 'reason', className: 'field__input' },
    ...Object.entries(labels.reasons).map(([value, text]) => element('option', { value }, text)),
  );
  const send = element<HTMLButtonElement>('button', { type: 'submit', className: 'button button--secondary' }, labels.send);
  const reportForm = element<HTMLFormElement>(
    'form',
    { className: 'ugc-dialog__report-form' },
    element('label', { htmlFor: reasonId, className: 'field__label' }, labels.reason),
    reason,
    send,
  );
  const report = element<HTMLDetailsElement>('details', { className: 'ugc-dialog__report' }, element('summary', {}, labels.report), reportForm, status);
  const close = element('button', { type: 'submit', className: 'ugc-dialog__close', ariaLabel: labels.close }, '×');
  const dialog = element<HTMLDialogElement>(
    'dialog',
    { className: 'ugc-dialog' },
    element('form', { method: 'dialog' }, close),
    photo,
    element('div', { className: 'ugc-dialog__body' }, by, caption, shop, report),
  );
  dialog.setAttribute('aria-label', labels.shop);
  section.appendChild(dialog);
  // A click on the backdrop (the dialog element itself, outside its content) closes it.
  dialog.addEventListener('click', (event) => event.target === dialog && dialog.close());

  let current = '';
  reportForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    send.disabled = true;
    try {
      // The select offers only the report reasons.
      const json = { reason: reason.value as (typeof SOCIAL_REPORT_REASONS)[number] };
      // Typed as a plain response: the route's type lists only its successes, the refusals are thrown errors.
      const response: { ok: boolean; status: number } = await api.social.media[':mediaId'].reports.$post(
        { param: { mediaId: current }, json },
        { headers: { accept: 'application/json' } },
      );
      status.textContent = response.status === 401 ? labels.signIn : response.ok ? labels.reported : '';
      if (!response.ok && response.status !== 401) console.error('ugc: report failed', response.status);
    } catch (error) {
      console.error('ugc: report failed', error);
    } finally {
      send.disabled = false;
    }
  });

  return {
    async open(item: Media, alt: string) {
      current = item.id;
      photo.src = deliveredImageUrl(item.url, 640, imageDelivery());
      photo.alt = alt;
      by.textContent = fill(labels.by, item.user.screenName);
      caption.textContent = item.caption ?? '';
      status.textContent = '';
      report.open = false;
      shop.hidden = true;
      products.replaceChildren();
      dialog.showModal();
      try {
        const response = await api.social.media[':mediaId'].streams.$get(
          { param: { mediaId: item.id }, query: { locale } },
          { headers: { accept: 'application/json' } },
        );
        if (!response.ok) throw new Error(`streams answered ${response.status}`);
        const { streams } = (await response.json()) as { streams: Stream[] };
        if (current !== item.id) return;
        products.replaceChildren(
          ...streams
            .filter((stream) => stream.url)
            .map((stream) =>
              element(
                'li',
                {},
                element(
                  'a',
                  { href: stream.url ?? '' },
                  element('img', { className: 'ugc-dialog__thumb', src: stream.image ?? '', alt: '', width: 64, height: 64, loading: 'lazy' }),
                  element('span', {}, stream.name),
                ),
              ),
            ),
        );
        shop.hidden = products.childElementCount === 0;
      } catch (error) {
        console.error('ugc: products of a photo failed', item.id, error);
      }
    },
  };
}

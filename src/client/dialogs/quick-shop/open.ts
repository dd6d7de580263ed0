// Opens the quick-shop dialog for a category card's product: its details from the API, the language's
// messages, React, all loaded on the first click (the card's link leads to the product page without
// script). After an add the dialog closes and the mini-cart opens; otherwise focus returns to the card.
// Opened from a cart line or a saved item (data-quick-shop-update), it shows that item's size and changes
// it in place (commerce-core §2, update-in-cart); the cart page is then shown again as it now is.

import { subsetTranslator } from '../../../shared/i18n/format.ts';
import { DEFAULT_LOCALE, findLocale } from '../../../shared/locale/sites.ts';
import { api, type RouteAnswer } from '../../api.ts';
import { readAnswer } from '../../api-answer.ts';
import { pageState } from '../../stores/snapshot.ts';
import { CATALOGUES } from '../catalogue.ts';
import { QuickShopDialog } from './QuickShopDialog.tsx';

type ProductAnswer = RouteAnswer<'GET', '/api/products/v2/products/:productId/details'>['product'];

let opening = false;
let miniCartShown = false;

/**
 * The change an opener on the cart page asks for: "line:{basketId}:{itemId}" changes a cart line's variant
 * (keeping its quantity), "saved:{listId}:{itemId}" a saved item's.
 */
function updater(opener: HTMLElement): ((variantId: string) => Promise<void>) | undefined {
  const [kind, owner, itemId] = (opener.dataset.quickShopUpdate ?? '').split(':');
  if ((kind !== 'line' && kind !== 'saved') || !owner || !itemId) return undefined;
  const qty = Number(opener.dataset.quickShopQty ?? '1');
  return async (productId) => {
    await readAnswer(
      kind === 'line'
        ? await api.cart.v1.cart[':basketId'].item.$put({ param: { basketId: owner }, json: { itemId, qty, productId } })
        : await api.cart.v2.saveForLater[':saveForLaterId'].items[':itemId'].$patch({ param: { saveForLaterId: owner, itemId }, json: { productId } }),
    );
  };
}

export async function open(opener: HTMLElement): Promise<void> {
  const productId = opener.dataset.quickShop ?? '';
  if (opening || !/^[A-Z0-9]{8}$/.test(productId)) return;
  opening = true;
  try {
    const locale = findLocale(pageState()?.locale) ?? DEFAULT_LOCALE;
    const [{ render }, { default: Picker, MiniCart }, catalogue, product] = await Promise.all([
      import('../../hydrate-react.ts'),
      import('../../islands/product-picker/ProductPicker.tsx'),
      CATALOGUES[locale.lang](),
      api.products.v2.products[':productId'].details
        .$get({ param: { productId }, query: {} })
        .then((response) => readAnswer<{ product: ProductAnswer }>(response))
        .then((answer) => answer.product),
    ]);
    const i18n = { t: subsetTranslator(catalogue, locale.tag), localeTag: locale.tag, locale: locale.code };
    const cartUrl = `/${locale.code}/cart`;
    const update = updater(opener);
    const current = product.variants.find((variant) => variant.id === opener.dataset.quickShopVariant);
    // The mini-cart lives beside the dialog: it opens once an add has closed the quick shop.
    if (!miniCartShown && !update) {
      miniCartShown = true;
      const miniHost = document.createElement('div');
      document.body.appendChild(miniHost);
      render(miniHost, MiniCart, { cartUrl, onClosed: () => undefined }, i18n);
    }
    const host = document.createElement('div');
    document.body.appendChild(host);
    const unmount = render(
      host,
      QuickShopDialog,
      {
        name: product.name,
        colour: product.colour.name,
        image: { src: product.images[0]?.url ?? '', alt: '' },
        productUrl: product.url,
        Picker,
        picker: {
          productId: product.id,
          baseUrl: product.url,
          attributes: product.attributes.filter((a) => a.type !== 'color'),
          variants: product.variants,
          price: product.price,
          lowestPriceNotice: locale.site.lowestPriceNotice,
          // Opened to change an item: its size is the one chosen to start with.
          selection: current ? { ...current.attributes } : {},
          flags: {
            presale: product.presale,
            comingSoon: product.comingSoon ? (product.targetPublishDate ?? '') : null,
            notifyMe: product.notifyMe,
            isRobisOnly: product.isRobisOnly,
            digital: product.productType === 'digital',
          },
          addUrl: `${cartUrl}/add`,
          cartUrl,
        },
        update,
        onClosed: (added) => {
          unmount();
          host.remove();
          // A changed item: the cart page again, priced as the cart now is.
          if (added && update) location.reload();
          else if (!added && opener.isConnected) opener.focus();
        },
      },
      i18n,
    );
  } catch (error) {
    // The product page is still there: the card's link goes to it.
    console.error('quick shop failed', error);
    location.assign((opener as HTMLAnchorElement).href);
  } finally {
    opening = false;
  }
}

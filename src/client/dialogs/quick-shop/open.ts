// Opens the quick-shop dialog for a category card's product: its details from the API, the language's
// messages, React, all loaded on the first click (the card's link leads to the product page without
// script). After an add the dialog closes and the mini-cart opens; otherwise focus returns to the card.

import { subsetTranslator } from '../../../shared/i18n/format.ts';
import { DEFAULT_LOCALE, findLocale } from '../../../shared/sites.ts';
import type { productResource } from '../../../worker/commerce/catalog/resources.ts';
import { readAnswer } from '../../api-answer.ts';
import { browserHeaders } from '../../browser-headers.ts';
import { pageState } from '../../stores/snapshot.ts';
import { CATALOGUES } from '../catalogue.ts';
import { QuickShopDialog } from './QuickShopDialog.tsx';

type ProductAnswer = ReturnType<typeof productResource>;

let opening = false;
let miniCartShown = false;

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
      fetch(`/api/products/v2/products/${productId}/details`, { headers: browserHeaders() })
        .then((response) => readAnswer<{ product: ProductAnswer }>(response))
        .then((answer) => answer.product),
    ]);
    const i18n = { t: subsetTranslator(catalogue, locale.tag), localeTag: locale.tag, locale: locale.code };
    const cartUrl = `/${locale.code}/cart`;
    // The mini-cart lives beside the dialog: it opens once an add has closed the quick shop.
    if (!miniCartShown) {
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
          selection: {},
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
        onClosed: (added) => {
          unmount();
          host.remove();
          if (!added && opener.isConnected) opener.focus();
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

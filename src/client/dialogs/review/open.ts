// Opens the write-a-review or ask-a-question dialog from its link on the product page or the reviews page
// (data-review-dialog="write" or "ask", data-review-product the product's id). React, the language's
// messages and the product's facts (its name, whether it asks how the size fits, what it rates) load on the
// first click; without script, or when they cannot load, the link leads to the form's own page. A guest
// who chooses to sign in gets the sign-in dialog in its place. What was typed and not sent comes back when
// the dialog is opened again on this page.

import { subsetTranslator } from '../../../shared/i18n/format.ts';
import { DEFAULT_LOCALE, findLocale } from '../../../shared/locale/sites.ts';
import { callRoute } from '../../api-answer.ts';
import { readHint } from '../../session-ui.ts';
import { pageState } from '../../stores/snapshot.ts';
import { CATALOGUES } from '../catalogue.ts';
import type { FormValues } from '../dialog-forms.ts';
import { QuestionDialog } from './QuestionDialog.tsx';
import { type DialogOutcome, ReviewDialog } from './ReviewDialog.tsx';

let opening = false;
/** Unsent forms by dialog and product ("write:A1B2C3D4"), for as long as the page is open. */
const drafts = new Map<string, FormValues>();

export async function open(opener: HTMLElement): Promise<void> {
  const kind = opener.dataset.reviewDialog === 'ask' ? 'ask' : 'write';
  const productId = opener.dataset.reviewProduct ?? '';
  if (opening || !/^[A-Z0-9]{8}$/.test(productId)) return;
  opening = true;
  try {
    const locale = findLocale(pageState()?.locale) ?? DEFAULT_LOCALE;
    const [{ render }, catalogue, { product }] = await Promise.all([
      import('../../hydrate-react.ts'),
      CATALOGUES[locale.lang](),
      callRoute('GET', `/api/products/v2/products/${productId}/details`),
    ]);
    // The hint cookie says whether the shopper is signed in; the API has the last word (AUT401).
    const hint = readHint();
    const key = `${kind}:${productId}`;
    const values = drafts.get(key) ?? { nickname: hint.firstName ?? '' };
    const host = document.createElement('div');
    document.body.appendChild(host);
    const onClosed = (outcome: DialogOutcome) => {
      unmount();
      host.remove();
      if (outcome.draft) drafts.set(key, outcome.draft);
      else if (!outcome.signIn) drafts.delete(key);
      if (outcome.signIn) void import('../sign-in/open.ts').then((signIn) => signIn.open(opener, '', false));
      else if (opener.isConnected) opener.focus();
    };
    const i18n = { t: subsetTranslator(catalogue, locale.tag), localeTag: locale.tag, locale: locale.code };
    const unmount =
      kind === 'ask'
        ? render(host, QuestionDialog, { product: { id: productId, name: product.name }, signedIn: hint.signedIn, values, onClosed }, i18n)
        : render(
            host,
            ReviewDialog,
            {
              product: {
                id: productId,
                name: product.name,
                footwear: product.sizeSystem === 'shoe',
                benefitKeys: product.benefitRatings.map((benefit) => benefit.key),
                reviewsUrl: `${product.url}/reviews`,
              },
              signedIn: hint.signedIn,
              values,
              onClosed,
            },
            i18n,
          );
  } catch (error) {
    // The form's own page is still there: the link goes to it.
    console.error('review dialog failed', error);
    location.assign((opener as HTMLAnchorElement).href);
  } finally {
    opening = false;
  }
}

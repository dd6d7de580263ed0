// Opens the sign-in dialog: loaded only when a shopper reaches for a control that opens it, with the
// page language's messages and, for a signed-in shopper, the profile the initial step depends on.

import { subsetTranslator } from '../../../shared/i18n/format.ts';
import { DEFAULT_LOCALE, findLocale } from '../../../shared/locale/sites.ts';
import { pageState } from '../../stores/snapshot.ts';
import { CATALOGUES } from '../catalogue.ts';
import type { Variant } from './dialog-steps.ts';
import { readProfile } from './flow-api.ts';
import { SignInDialog } from './SignInDialog.tsx';

const VARIANTS: readonly Variant[] = ['', 'loyalty', 'simplified', 'checkout'];
/** From the first click until the dialog is open: a second click meanwhile opens nothing more. */
let loading = false;

export async function open(opener: HTMLElement, requested: string, signedIn: boolean): Promise<void> {
  if (loading || document.querySelector('dialog.sign-in-dialog[open]')) return;
  loading = true;
  try {
    const state = pageState();
    const locale = findLocale(state?.locale) ?? DEFAULT_LOCALE;
    const [{ render }, catalogue, profile] = await Promise.all([
      import('../../hydrate-react.ts'),
      CATALOGUES[locale.lang](),
      signedIn ? readProfile().catch(() => null) : null,
    ]);
    const host = document.createElement('div');
    document.body.appendChild(host);
    const t = subsetTranslator(catalogue, locale.tag);
    const unmount = render(
      host,
      SignInDialog,
      {
        locale,
        variant: VARIANTS.includes(requested as Variant) ? (requested as Variant) : '',
        profile,
        botSiteKey: state?.botSiteKey,
        onOpened: () => {
          loading = false;
        },
        onClosed: () => {
          unmount();
          host.remove();
          if (opener.isConnected) opener.focus();
        },
      },
      { t, localeTag: locale.tag, locale: locale.code },
    );
  } catch (error) {
    loading = false;
    throw error;
  }
}

// The sign-in dialog (commerce-core §2, account-content §2): lookup, sign-in, sign-up, forgot password and
// the complete-profile steps 0 to 5, in the forms the account page posts without JavaScript. The shared
// schemas check each form before it is sent; the server's coded answers go where the spec places them.
// A native modal <dialog>: the page behind is inert, Tab stays inside, Escape closes, focus returns to
// the control that opened it.

import { useEffect, useId, useRef, useState } from 'react';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import type { DialogStep, Variant } from './dialog-steps.ts';
import type { Profile } from './flow-api.ts';
import { IdentitySteps } from './IdentitySteps.tsx';
import { ProfileSteps } from './ProfileSteps.tsx';
import { useSignInFlow } from './use-sign-in-flow.ts';

export interface SignInDialogProps {
  locale: Locale;
  variant: Variant;
  profile: Profile | null;
  botSiteKey?: string | undefined;
  /** Called once the dialog is open, and once it has closed (its closing transition done). */
  onOpened: () => void;
  onClosed: () => void;
}

const TRANSITION_MS = 250;

const TITLES: Record<DialogStep, MessageKey> = {
  lookup: 'account.lookupTitle',
  'sign-in': 'account.signInTitle',
  'sign-up': 'account.signUpTitle',
  forgot: 'forgot.title',
  'forgot-sent': 'forgot.title',
  'profile-0-non-loyalty': 'account.joinTitle',
  'profile-1-welcome': 'account.welcome.title',
  'profile-2-mobile': 'account.mobile.title',
  'profile-3-profile': 'account.complete.title',
  'profile-4-interests': 'account.interests.title',
  'profile-5-success': 'account.success.title',
  'signed-in': 'account.signInTitle',
  'employee-terms': 'account.employeeTerms.title',
};

const ESPOTS: Partial<Record<DialogStep, string>> = { lookup: 'sign-in-modal', 'sign-in': 'sign-in-modal', 'sign-up': 'sign-up-modal' };

export function SignInDialog({ locale, variant, profile, botSiteKey, onOpened, onClosed }: SignInDialogProps) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = () => {
    const element = dialog.current;
    if (!element?.open) return;
    element.close();
  };
  const flow = useSignInFlow({ t, locale, variant, profile, botSiteKey, close });
  const { step, errors } = flow;
  const name = flow.profile?.consumerDetails.firstName ?? flow.values.firstName ?? '';

  useEffect(() => {
    dialog.current?.showModal();
    onOpened();
  }, [onOpened]);

  // Each step starts at its title, so a screen reader hears where it is; errors move focus to the first field at fault.
  useEffect(() => {
    body.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [step]);
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const target = body.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    target?.focus();
  }, [errors]);

  const slot = ESPOTS[step];
  const espot = useEspot(slot, locale.code);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a pointer's way to close; Escape is the keyboard's.
    <dialog
      ref={dialog}
      className="sign-in-dialog panel-dialog"
      aria-labelledby={titleId}
      onClose={() => setTimeout(onClosed, TRANSITION_MS)}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="panel-dialog__body" ref={body}>
        <div className="panel-dialog__bar">
          <h2 id={titleId} tabIndex={-1}>
            {t(TITLES[step], { name })}
          </h2>
          <button className="panel-dialog__close" type="button" aria-label={t('account.close')} onClick={close}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" fill="none" />
            </svg>
          </button>
        </div>
        {espot ? (
          // The storefront's own render of its CMS blocks (sanitised there), from this origin.
          <div className="espot espot--dialog" dangerouslySetInnerHTML={{ __html: espot }} />
        ) : null}
        <IdentitySteps flow={flow} name={name} />
        <ProfileSteps flow={flow} />
      </div>
    </dialog>
  );
}

/** The CMS block a step shows above its form, fetched once per slot while the dialog is open. */
function useEspot(slot: string | undefined, localeCode: string): string | undefined {
  const [espot, setEspot] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!slot || slot in espot) return;
    let live = true;
    fetch(`/${localeCode}/account/espot/${slot}`, { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.text() : ''))
      .catch(() => '')
      .then((html) => {
        if (live) setEspot((current) => ({ ...current, [slot]: html }));
      });
    return () => {
      live = false;
    };
  }, [slot, espot, localeCode]);
  return slot ? espot[slot] : undefined;
}

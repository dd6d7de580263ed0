// The SMS consent box (commerce-core §4): on the plain form a checkbox with its terms beneath; in the
// dialog the terms open once it is ticked, and consent counts only once they are accepted.

import type { Translate } from '../i18n/format.ts';
import { LinkOut, type PolicyLinks } from './account-form-frame.tsx';
import { CheckboxField } from './form.tsx';

export interface SmsConsentState {
  /** The dialog shows the terms once the box is ticked, and counts consent only once they are accepted. */
  ticked: boolean;
  accepted: boolean;
  onTick: (ticked: boolean) => void;
  onAccept: () => void;
}

/** The SMS box (commerce-core §4, SMS consent): the terms under it, with an accept button in the dialog. */
export function SmsConsent({
  t,
  id,
  links,
  error,
  state,
  ticked,
}: {
  t: Translate;
  id: string;
  links: PolicyLinks;
  error?: string | undefined;
  state?: SmsConsentState | undefined;
  /** The plain form's box as a refused post had it. */
  ticked?: boolean | undefined;
}) {
  const termsId = `${id}-terms`;
  const terms = (
    <p className="field__hint" id={termsId}>
      {t('account.smsTerms')} <LinkOut href={links.smsTerms}>{t('account.smsTermsLink')}</LinkOut>
    </p>
  );
  if (!state) {
    return (
      <div className="sms-consent">
        <CheckboxField id={id} name="smsNotificationConsent" label={t('account.sms')} error={error} aria-describedby={termsId} defaultChecked={ticked} />
        {terms}
      </div>
    );
  }
  return (
    <div className="sms-consent">
      <CheckboxField
        id={id}
        name="smsNotificationConsent"
        label={t('account.sms')}
        error={error}
        checked={state.ticked}
        onChange={(event) => state.onTick(event.currentTarget.checked)}
      />
      {state.ticked && !state.accepted ? (
        <div className="sms-consent__terms">
          {terms}
          <button className="button button--secondary" type="button" onClick={state.onAccept}>
            {t('account.smsAccept')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

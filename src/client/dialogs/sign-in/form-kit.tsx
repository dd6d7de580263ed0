// What the sign-in dialog's forms share: the props every form takes, the SMS consent's state and a button
// that reads as a link.

import type { ReactNode } from 'react';
import type { SignInFlow } from './use-sign-in-flow.ts';

export const formCommon = ({ t, errors, busy }: SignInFlow) => ({ t, errors, busy, idPrefix: 'dialog' }) as const;

export const accountHref = ({ locale }: SignInFlow) => `/${locale.code}/account`;

export function smsProps({ sms, setSms }: SignInFlow) {
  return {
    sms: {
      ...sms,
      onTick: (ticked: boolean) => setSms({ ticked, accepted: false }),
      onAccept: () => setSms({ ticked: true, accepted: true }),
    },
    // Clearing the phone number withdraws the consent given for it.
    onPhoneInput: (value: string) => {
      if (!value.trim()) setSms({ ticked: false, accepted: false });
    },
  };
}

export const linkButton = (label: string, onClick: () => void): ReactNode => (
  <button className="button button--link" type="button" onClick={onClick}>
    {label}
  </button>
);

// The sign-in dialog's steps: which there are, how the dialog was opened, and where a shopper starts.

import { type FlowStep, initialStep, missingProfileFields } from '../../../shared/account/account-forms.ts';
import type { ProfileField } from '../../../shared/ui/account-forms.tsx';
import type { Profile } from './flow-api.ts';

export type DialogStep = FlowStep | 'signed-in' | 'employee-terms';

/** How the dialog was opened: the default, the loyalty sign-up, the simplified enrolment, or sign-in to buy. */
export type Variant = '' | 'loyalty' | 'simplified' | 'checkout';

/** Where a signed-in shopper starts (account-content §2), the loyalty sign-up offering the club first. */
export function startStep(profile: Profile | null, variant: Variant): DialogStep {
  if (!profile) return 'lookup';
  if (variant === 'loyalty' && !profile.isLoyaltyMember) return 'profile-0-non-loyalty';
  const step = initialStep({ signedIn: true, hasPhone: Boolean(profile.consumerDetails.phone) });
  // The profile step with nothing left to fill goes on to the interests.
  return step === 'profile-3-profile' && missingOf(profile).length === 0 ? 'profile-4-interests' : step;
}

export function missingOf(profile: Profile | null): ProfileField[] {
  return profile ? (missingProfileFields(profile.consumerDetails) as ProfileField[]) : [];
}

/** The header follows the new session at once (its code loads only when there is a session to show). */
export function sessionChanged(): void {
  void import('../../session-ui.ts').then((ui) => ui.showSession());
}

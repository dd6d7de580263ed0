// The sign-in dialog's steps after signing in: the missing profile fields (steps 2 and 3), the interests
// (step 4), joining the club (step 0) and an employee's discount terms.

import { siteForm } from '../../../shared/account/account-site.ts';
import { joinInterests } from '../../../shared/account/interests.ts';
import type { ProfileField } from '../../../shared/ui/account-forms.tsx';
import { missingOf, sessionChanged } from './dialog-steps.ts';
import { updateProfile } from './flow-api.ts';
import { fieldsOf, type SignInFlow } from './use-sign-in-flow.ts';

type Submit = (event: React.FormEvent<HTMLFormElement>) => void;

/** Steps 2 and 3: the missing fields; then the next step the profile still needs. */
export function onComplete(flow: SignInFlow, fields: readonly ProfileField[]): Submit {
  const { t, run, go, setErrors, sms, step } = flow;
  return (event) => {
    const posted = fieldsOf(event);
    const empty = fields.filter((field) => !(posted[field] ?? '').trim());
    if (empty.length > 0) return setErrors(Object.fromEntries(empty.map((field) => [field, t('validation.required')])));
    if (fields.includes('phone') && siteForm(flow.locale.site.id).rules.smsConsentRequired && sms.ticked && !sms.accepted)
      return setErrors({ smsNotificationConsent: t('account.smsAccept') });
    const consumerDetails = Object.fromEntries(fields.map((field) => [field, (posted[field] ?? '').trim()]));
    void run(async () => {
      const updated = await updateProfile({
        consumerDetails,
        ...(sms.accepted && consumerDetails.phone ? { subscriptions: { smsNotificationConsent: true } } : {}),
      });
      flow.setProfile(updated);
      go(missingOf(updated).length > 0 && step === 'profile-2-mobile' ? 'profile-3-profile' : 'profile-4-interests');
    });
  };
}

export function onInterests({ run, go, setProfile }: SignInFlow): Submit {
  return (event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const interests = data.getAll('interests').filter((value): value is string => typeof value === 'string');
    void run(async () => {
      setProfile(await updateProfile({ preferences: { interests: joinInterests(interests), preferredShoeSize: String(data.get('preferredShoeSize') ?? '') } }));
      go('profile-5-success');
    });
  };
}

export function onJoin({ t, run, go, setErrors, setProfile, setMemberId }: SignInFlow): Submit {
  return (event) => {
    const fields = fieldsOf(event);
    if (fields.loyaltyConsent !== 'on') return setErrors({ loyaltyConsent: t('validation.required') });
    void run(async () => {
      const updated = await updateProfile({ subscriptions: { loyaltyEnrollment: true, loyaltyConsent: true } });
      setProfile(updated);
      setMemberId(updated.memberId);
      sessionChanged();
      go('profile-5-success');
    });
  };
}

export function onEmployeeTerms({ run, go, setProfile }: SignInFlow): Submit {
  return (event) => {
    event.preventDefault();
    void run(async () => {
      setProfile(await updateProfile({ isEmployeeDiscountTCAccepted: true }));
      go('signed-in');
    });
  };
}

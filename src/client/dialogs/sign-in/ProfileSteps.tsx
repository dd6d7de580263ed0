// The sign-in dialog's steps after signing in: an employee's terms, the club offered (step 0), the welcome
// (1), the missing profile fields (2 and 3), the interests (4) and the end (5).

import { employeeTermsHref, policyLinks, siteForm, siteShoeSizes } from '../../../shared/account/account-site.ts';
import { parseInterests } from '../../../shared/account/interests.ts';
import { CompleteProfileForm, EmployeeTermsForm, InterestsForm, JoinLoyaltyForm, type ProfileField } from '../../../shared/ui/account-forms.tsx';
import { missingOf } from './dialog-steps.ts';
import { accountHref, formCommon, linkButton, smsProps } from './form-kit.tsx';
import { onComplete, onEmployeeTerms, onInterests, onJoin } from './profile-handlers.ts';
import type { SignInFlow } from './use-sign-in-flow.ts';

export function ProfileSteps({ flow }: { flow: SignInFlow }) {
  const { t, step, go, locale, close, profile } = flow;
  const common = formCommon(flow);
  const account = accountHref(flow);
  switch (step) {
    case 'employee-terms':
      return <EmployeeTermsForm {...common} action={`${account}/employee-terms`} termsHref={employeeTermsHref(locale.code)} onSubmit={onEmployeeTerms(flow)} />;
    case 'profile-0-non-loyalty':
      return (
        <JoinLoyaltyForm
          {...common}
          action={`${account}/loyalty`}
          links={policyLinks(locale.code)}
          onSubmit={onJoin(flow)}
          secondary={linkButton(t('account.skip'), close)}
        />
      );
    case 'profile-1-welcome':
      return (
        <div className="sign-in-dialog__done">
          <p role="status">{t('account.welcome.text')}</p>
          {flow.memberId ? <p>{t('account.joined', { memberId: flow.memberId })}</p> : null}
          <div className="form__actions">
            {/* Sign-in to buy goes straight back to the purchase (commerce-core §4). */}
            <button className="button button--primary" type="button" onClick={flow.variant === 'checkout' ? close : () => go('profile-4-interests')}>
              {t('account.continue')}
            </button>
          </div>
        </div>
      );
    case 'profile-2-mobile':
    case 'profile-3-profile':
      return <CompleteProfile flow={flow} />;
    case 'profile-4-interests':
      return (
        <InterestsForm
          {...common}
          action={`${account}/interests`}
          interests={parseInterests(profile?.preferences.interests)}
          shoeSize={profile?.preferences.preferredShoeSize}
          sizes={siteShoeSizes(locale.site.id)}
          onSubmit={onInterests(flow)}
          secondary={linkButton(t('account.skip'), () => go('profile-5-success'))}
        />
      );
    case 'profile-5-success':
      return (
        <div className="sign-in-dialog__done">
          <p role="status">{t('account.success.text')}</p>
          {flow.memberId && flow.variant === 'loyalty' ? <p>{t('account.joined', { memberId: flow.memberId })}</p> : null}
          <div className="form__actions">
            <button className="button button--primary" type="button" onClick={close}>
              {t('account.continueShopping')}
            </button>
            <a href={account}>{t('account.goToAccount')}</a>
          </div>
        </div>
      );
    default:
      return null;
  }
}

/** Steps 2 and 3: the mobile number, then whatever else the profile is missing. */
function CompleteProfile({ flow }: { flow: SignInFlow }) {
  const { t, step, go, locale } = flow;
  const stepFields: Record<'profile-2-mobile' | 'profile-3-profile', ProfileField[]> = {
    'profile-2-mobile': ['phone'],
    'profile-3-profile': missingOf(flow.profile).filter((field) => field !== 'phone'),
  };
  const fields = step === 'profile-2-mobile' ? stepFields['profile-2-mobile'] : stepFields['profile-3-profile'];
  return (
    <>
      <p>{step === 'profile-2-mobile' ? t('account.mobile.intro') : t('account.complete.intro')}</p>
      <CompleteProfileForm
        {...formCommon(flow)}
        {...smsProps(flow)}
        key={step}
        action={`${accountHref(flow)}/profile`}
        fields={fields}
        values={{}}
        site={siteForm(locale.site.id)}
        links={policyLinks(locale.code)}
        onSubmit={onComplete(flow, fields)}
        secondary={linkButton(t('account.skip'), () =>
          go(step === 'profile-2-mobile' && stepFields['profile-3-profile'].length > 0 ? 'profile-3-profile' : 'profile-4-interests'),
        )}
      />
    </>
  );
}

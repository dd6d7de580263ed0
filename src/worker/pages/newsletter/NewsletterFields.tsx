// The newsletter form's fields (commerce-core §5: a valid email, the policy accepted), one markup for the
// newsletter page and the footer's form (rendered once per locale, so nothing here is the request's).

import type { MessageKey } from '../../../shared/i18n/en.ts';
import type { Translate } from '../../../shared/i18n/format.ts';
import { CheckboxField, TextField } from '../../../shared/ui/form.tsx';

export function NewsletterFields({
  idPrefix,
  t,
  localeCode,
  email,
  errors,
}: {
  idPrefix: string;
  t: Translate;
  localeCode: string;
  email?: string | undefined;
  errors?: Partial<Record<'email' | 'policy', MessageKey>> | undefined;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-email`}
        name="email"
        type="email"
        label={t('newsletter.email')}
        autoComplete="email"
        required
        maxLength={100}
        defaultValue={email}
        error={errors?.email ? t(errors.email) : undefined}
      />
      <CheckboxField
        id={`${idPrefix}-policy`}
        name="policy"
        required
        label={
          <>
            {t('newsletter.policy')} <a href={`/${localeCode}/privacy`}>{t('newsletter.privacyLink')}</a>
          </>
        }
        error={errors?.policy ? t(errors.policy) : undefined}
      />
    </>
  );
}

// The fields a review and a question both ask, the same on the plain form pages and in their dialogs.

import { NICKNAME_MAX } from '../schema/review-limits.ts';
import { CheckboxField, TextField } from './form.tsx';
import { useI18n } from './i18n-context.tsx';

/** The name shown with what the shopper writes. */
export function Nickname({ id, value, error }: { id: string; value: string | undefined; error: string | undefined }) {
  const { t } = useI18n();
  return (
    <TextField
      id={id}
      name="nickname"
      label={t('reviews.nickname')}
      hint={t('reviews.nicknameHint')}
      maxLength={NICKNAME_MAX}
      defaultValue={value}
      autoComplete="nickname"
      required
      error={error}
    />
  );
}

/** The shopper's word that what they wrote follows the guidelines. */
export function Guidelines({ id, checked, error }: { id: string; checked: boolean; error: string | undefined }) {
  const { t } = useI18n();
  return <CheckboxField id={id} name="termsAccepted" label={t('reviews.guidelines')} defaultChecked={checked} required error={error} />;
}

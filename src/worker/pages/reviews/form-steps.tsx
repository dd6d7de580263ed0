import { NICKNAME_MAX } from '../../../shared/schema/review-limits.ts';
import { CheckboxField, TextField } from '../../../shared/ui/form.tsx';
import { usePage } from '../page-context.tsx';

/** The name shown with what the shopper writes, and their word that it follows the guidelines. */
export function Nickname({ id, value, error }: { id: string; value: string | undefined; error: string | undefined }) {
  const { t } = usePage();
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

export function Guidelines({ id, checked, error }: { id: string; checked: boolean; error: string | undefined }) {
  const { t } = usePage();
  return <CheckboxField id={id} name="termsAccepted" required error={error} label={t('reviews.guidelines')} defaultChecked={checked} />;
}

/** A guest's step: what they would do, and the way to sign in first. */
export function SignInStep({ title, text }: { title: string; text: string }) {
  const { t, locale } = usePage();
  return (
    <>
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <a className="button button--primary" href={`/${locale.code}/account`}>
          {t('event.signIn')}
        </a>
      </p>
    </>
  );
}

/** The thank-you step the spec's success dialogs show, with a way back to the product. */
export function DoneStep({ id, title, texts, back }: { id: string; title: string; texts: string[]; back: string }) {
  const { t } = usePage();
  return (
    <section aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <p>
        <a className="button button--primary" href={back}>
          {t('event.close')}
        </a>
      </p>
    </section>
  );
}

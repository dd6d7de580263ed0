import { usePage } from '../page-context.tsx';

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

export { Guidelines, Nickname } from '../../../shared/ui/review-fields.tsx';

// The review and question dialogs' steps that are not a form: a guest's way to sign in first, the
// thank-you the spec's success dialogs show (ask-question success), and a review already written.

import { FormNotice } from '../../../shared/ui/form.tsx';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';

/** A guest's step: what signing in lets them do, and the sign-in dialog in place of this one. */
export function SignInStep({ text, onSignIn }: { text: string; onSignIn: () => void }) {
  const { t } = useI18n();
  return (
    <div className="form-dialog__step">
      <p>{text}</p>
      <button className="button button--primary button--wide" type="button" onClick={onSignIn}>
        {t('event.signIn')}
      </button>
    </div>
  );
}

/** The thank-you: what happens next (moderation), and the way back to the page. */
export function DoneStep({ texts, onClose }: { texts: readonly string[]; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <div className="form-dialog__step form-dialog__step--done">
      <svg className="form-dialog__tick" viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" />
        <path d="M14 24.5l7 7 13-14" />
      </svg>
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
      <button className="button button--primary button--wide" type="button" onClick={onClose}>
        {t('event.close')}
      </button>
    </div>
  );
}

/** One review per shopper and product: theirs is already written, and the others are a link away. */
export function ExistsStep({ reviewsUrl }: { reviewsUrl: string }) {
  const { t } = useI18n();
  return (
    <div className="form-dialog__step">
      <FormNotice kind="info">
        <p>{t('error.reviewExists')}</p>
      </FormNotice>
      <a className="button button--secondary button--wide" href={reviewsUrl}>
        {t('reviews.readAll')}
      </a>
    </div>
  );
}

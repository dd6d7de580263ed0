// The bank's 3-D Secure challenge in a dialog (commerce-core §2, three-D-secure challenge): the bank's
// page in a frame on its origin; its message that the shopper answered is only taken from that origin.
// Loaded only when a payment asks for it.

import { useEffect, useRef } from 'react';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';

export default function ChallengeDialog({ url, onDone, onCancel }: { url: string; onDone: () => void; onCancel: () => void }) {
  const { t, locale } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const origin = new URL(url).origin;
  useEffect(() => {
    dialog.current?.showModal();
    const onMessage = (event: MessageEvent<{ source?: string; type?: string }>) => {
      if (event.origin === origin && event.data?.source === 'sandbox-pay' && event.data.type === 'challenge-complete') onDone();
    };
    window.addEventListener('message', onMessage);
    const element = dialog.current;
    return () => {
      window.removeEventListener('message', onMessage);
      element?.close();
    };
  }, [origin, onDone]);
  const src = `${url}?parent=${encodeURIComponent(location.origin)}&lang=${locale.slice(0, 2)}`;
  return (
    <dialog ref={dialog} className="dialog checkout__challenge" aria-labelledby="challenge-title" onCancel={onCancel}>
      <h2 id="challenge-title" className="dialog__title">
        {t('checkout.challengeTitle')}
      </h2>
      <iframe title={t('checkout.challengeTitle')} src={src} className="checkout__challenge-frame" />
      <button type="button" className="button button--secondary" onClick={onCancel}>
        {t('checkout.challengeClose')}
      </button>
    </dialog>
  );
}

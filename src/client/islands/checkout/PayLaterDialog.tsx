// The buy-now-pay-later dialog (commerce-core §2): Klarna's Pay in 3 for what is left to pay, as the API
// words and dates it, or why it is not offered. Loaded only when the shopper asks to see the plan.

import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import { api } from '../../api.ts';
import { readAnswer } from '../../api-answer.ts';

type Offer = { eligible: true; total: string; instalments: { due: string; display: { amount: string; due: string } }[] } | { eligible: false; message: string };

export default function PayLaterDialog({ basketId, onClose }: { basketId: string; onClose: () => void }) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const [offer, setOffer] = useState<Offer | null>(null);
  useEffect(() => {
    dialog.current?.showModal();
    let live = true;
    api.cart.v1.cart[':basketId'].payLater
      .$get({ param: { basketId } })
      .then((response) => readAnswer<Offer>(response))
      .then((answer) => live && setOffer(answer))
      .catch(() => live && setOffer({ eligible: false, message: '' }));
    return () => {
      live = false;
    };
  }, [basketId]);
  return (
    <dialog ref={dialog} className="dialog checkout__pay-later" aria-labelledby="pay-later-title" aria-busy={offer === null} onClose={onClose}>
      <h2 id="pay-later-title" className="dialog__title">
        {t('payLater.title')}
      </h2>
      {offer?.eligible ? (
        <ol className="pay-later__plan">
          {offer.instalments.map((instalment) => (
            <li key={instalment.due}>
              <span>{instalment.display.due}</span> <strong>{instalment.display.amount}</strong>
            </li>
          ))}
        </ol>
      ) : offer ? (
        <p role="alert">{offer.message || t('error.general')}</p>
      ) : null}
      <p className="checkout__hint">{t('payLater.terms')}</p>
      <form method="dialog">
        <button type="submit" className="button button--secondary">
          {t('payLater.close')}
        </button>
      </form>
    </dialog>
  );
}

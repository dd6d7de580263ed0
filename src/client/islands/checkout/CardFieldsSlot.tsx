// Where the processor's card fields go (a new card, or a saved card's security code asked again). The
// loader comes with the fields, when a step shows them.

import { useEffect, useRef } from 'react';
import type { CheckoutProps } from '../../../shared/commerce/checkout.ts';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import type { CardFields } from './card-fields.ts';

export function CardFieldsSlot({
  config,
  mode,
  fieldsRef,
}: {
  config: CheckoutProps['cardFields'];
  mode: 'card' | 'cvc';
  fieldsRef: { current: CardFields | null };
}) {
  const { t, locale } = useI18n();
  const slot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = slot.current;
    if (!container) return;
    let live: CardFields | null = null;
    let gone = false;
    void import('./card-fields.ts')
      .then((module) => module.mountCardFields(container, config, { lang: locale.slice(0, 2), mode, title: t('checkout.card') }))
      .then((fields) => {
        if (gone) fields.destroy();
        else {
          live = fields;
          fieldsRef.current = fields;
        }
      });
    return () => {
      gone = true;
      live?.destroy();
      fieldsRef.current = null;
    };
  }, [config, mode, locale, t, fieldsRef]);
  return (
    <div className={`card-fields card-fields--${mode}`}>
      <div ref={slot} className="card-fields__slot" />
      <p className="checkout__hint">{t('checkout.cardSecure')}</p>
    </div>
  );
}

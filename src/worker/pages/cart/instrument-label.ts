// What the shopper reads for stored value paying part of a cart: a gift card, a reward code or a reward card.

import type { Translate } from '../../../shared/i18n/format.ts';

export function instrumentLabel(t: Translate, instrument: { payment_method_id: string; maskedGiftCertificateCode: string }): string {
  const code = instrument.maskedGiftCertificateCode;
  if (instrument.payment_method_id === 'REWARD_CODE') return t('cart.rewardCode', { code });
  if (instrument.payment_method_id === 'REWARD_CARD') return t('cart.rewardCard', { code });
  return t('cart.giftCardPaid', { card: code });
}

export const isReward = (instrument: { payment_method_id: string }) =>
  instrument.payment_method_id === 'REWARD_CODE' || instrument.payment_method_id === 'REWARD_CARD';

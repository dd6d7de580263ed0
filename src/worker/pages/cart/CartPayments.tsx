// What pays part of the cart before the card: gift cards, a member's points and reward codes or cards,
// each applied or taken off with a plain form and refused at its own field.

import { TextField } from '../../../shared/ui/form.tsx';
import type { LoyaltyVoucher } from '../../commerce/cart/loyalty.ts';
import type { MemberReward } from '../../commerce/cart/reward-instruments.ts';
import type { CartEntity } from '../../commerce/cart/service.ts';
import { PostButton } from '../components/PostButton.tsx';
import { usePage } from '../page-context.tsx';
import type { CartPageState } from './CartPage.tsx';
import { instrumentLabel, isReward } from './instrument-label.ts';

/** Gift cards: apply one (or check its balance) with plain forms; applied ones with what each pays. */
export function GiftCards({
  cart,
  base,
  money,
  answer,
}: {
  cart: CartEntity;
  base: string;
  money: (minor: number) => string;
  answer: CartPageState['giftCard'];
}) {
  const { t } = usePage();
  const refusal = answer && 'field' in answer ? answer : undefined;
  const giftCards = cart.payment_instruments.filter((instrument) => !isReward(instrument));
  return (
    <details className="cart__gift-cards" open={answer !== undefined || giftCards.length > 0}>
      <summary>{t('cart.giftCardTitle')}</summary>
      {giftCards.length > 0 ? (
        <ul className="cart__coupons">
          {giftCards.map((instrument) => (
            <li key={instrument.payment_instrument_id}>
              <span>
                {t('cart.giftCardPaid', { card: instrument.maskedGiftCertificateCode })}: {money(instrument.amount)}
              </span>
              <PostButton
                action={`${base}/gift-card/${instrument.payment_instrument_id}/remove`}
                label={t('cart.giftCardRemove', { card: instrument.maskedGiftCertificateCode })}
              >
                {t('cart.remove')}
              </PostButton>
            </li>
          ))}
        </ul>
      ) : null}
      {answer && 'balance' in answer ? (
        <p className="cart__callout cart__callout--reached" role="status">
          {answer.balance}
        </p>
      ) : null}
      <form className="cart__gift-card-form" method="post" action={`${base}/gift-card`}>
        <TextField
          id="cart-gift-card"
          name="cardNumber"
          label={t('cart.giftCardNumber')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={23}
          error={refusal?.field === 'cardNumber' ? refusal.error : undefined}
        />
        <TextField
          id="cart-gift-card-pin"
          name="pin"
          label={t('cart.giftCardPin')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          error={refusal?.field === 'pin' ? refusal.error : undefined}
        />
        <div className="form__actions">
          <button className="button button--secondary" type="submit">
            {t('cart.giftCardApply')}
          </button>
          <button className="link-button" type="submit" formAction={`${base}/gift-card/balance`}>
            {t('cart.giftCardBalance')}
          </button>
        </div>
      </form>
    </details>
  );
}

/** A member's points: choose a voucher to pay part of the cart, or take it off. */
export function Rewards({
  cart,
  base,
  money,
  loyalty,
  error,
  instrumentError,
}: {
  cart: CartEntity;
  base: string;
  money: (minor: number) => string;
  loyalty: { points: number; vouchers: LoyaltyVoucher[]; rewards: MemberReward[] };
  error: string | undefined;
  instrumentError: string | undefined;
}) {
  const { t, locale } = usePage();
  const applied = cart.totals.appliedRewards[0];
  const usable = loyalty.vouchers.filter((voucher) => voucher.available);
  return (
    <section className="cart__rewards" aria-labelledby="cart-rewards-title">
      <h3 id="cart-rewards-title">{t('cart.rewardsTitle')}</h3>
      <p>{t('cart.rewardsPoints', { points: new Intl.NumberFormat(locale.tag).format(loyalty.points) })}</p>
      {applied ? (
        <form className="cart__reward-applied" method="post" action={`${base}/reward`}>
          <input type="hidden" name="points" value="" />
          <span>
            {t('cart.rewardPaid', { points: applied.points })}: {money(applied.amount)}
          </span>
          <button className="link-button" type="submit">
            {t('cart.remove')}
          </button>
        </form>
      ) : usable.length > 0 ? (
        <form method="post" action={`${base}/reward`}>
          <fieldset className="form__choices" aria-describedby={error ? 'cart-reward-error' : undefined}>
            <legend className="sr-only">{t('cart.rewardsTitle')}</legend>
            {usable.map((voucher, index) => (
              <label key={voucher.points} className="cart__reward-choice">
                <input type="radio" name="points" value={voucher.points} defaultChecked={index === 0} />
                {t('cart.rewardChoice', { amount: voucher.amountInCurrency, points: voucher.points })}
              </label>
            ))}
          </fieldset>
          <button className="button button--secondary" type="submit">
            {t('cart.rewardApply')}
          </button>
        </form>
      ) : (
        <p className="field__hint">{t('cart.rewardsNotYet')}</p>
      )}
      {error ? (
        <p className="field__error" id="cart-reward-error">
          {error}
        </p>
      ) : null}
      <RewardInstruments cart={cart} base={base} money={money} rewards={loyalty.rewards} error={instrumentError} />
    </section>
  );
}

/** A member's reward codes and cards: the one paying part of the cart, or theirs to choose from, or one typed in. */
function RewardInstruments({
  cart,
  base,
  money,
  rewards,
  error,
}: {
  cart: CartEntity;
  base: string;
  money: (minor: number) => string;
  rewards: MemberReward[];
  error: string | undefined;
}) {
  const { t } = usePage();
  const applied = cart.payment_instruments.find(isReward);
  const errorId = error ? 'cart-reward-code-error' : undefined;
  return (
    <div className="cart__reward-instruments">
      <h4>{t('cart.rewardInstruments')}</h4>
      {applied ? (
        <div className="cart__reward-applied">
          <span>
            {instrumentLabel(t, applied)}: {money(applied.amount)}
          </span>
          <PostButton
            action={`${base}/reward-instrument/${applied.payment_instrument_id}/remove`}
            label={t('cart.giftCardRemove', { card: instrumentLabel(t, applied) })}
          >
            {t('cart.remove')}
          </PostButton>
        </div>
      ) : (
        <>
          {rewards.length > 0 ? (
            <form method="post" action={`${base}/reward-instrument`}>
              <fieldset className="form__choices">
                <legend className="sr-only">{t('cart.rewardInstruments')}</legend>
                {rewards.map((reward, index) => (
                  <label key={reward.id} className="cart__reward-choice">
                    <input type="radio" name="reward" value={`${reward.kind}:${reward.id}`} defaultChecked={index === 0} />
                    {t('cart.rewardInstrumentChoice', { reason: reward.reason, code: reward.masked, balance: money(reward.balance) })}
                  </label>
                ))}
              </fieldset>
              <button className="button button--secondary" type="submit">
                {t('cart.rewardInstrumentApply')}
              </button>
            </form>
          ) : null}
          <form className="cart__gift-card-form" method="post" action={`${base}/reward-instrument`}>
            <TextField id="cart-reward-code" name="code" label={t('cart.rewardCodeLabel')} autoComplete="off" maxLength={24} error={error} />
            <div className="form__actions">
              <button className="button button--secondary" type="submit" aria-describedby={errorId}>
                {t('cart.rewardCodeApply')}
              </button>
            </div>
          </form>
        </>
      )}
    </div>
  );
}

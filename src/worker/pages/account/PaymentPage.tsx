// /{locale}/account/payment (the account issue, §1 Payment): saved cards (brand, last four and expiry, never
// more), the main one marked, each made main or removed with a plain form; a new card in the processor's own
// fields (the save-card island); and a member's reward codes and cards with what is left on them.

import type { CardFieldsConfig } from '../../../shared/commerce/checkout.ts';
import { formatMoney } from '../../../shared/commerce/money.ts';
import { CheckboxField, TextField } from '../../../shared/ui/form.tsx';
import type { SavedGiftCard } from '../../commerce/account/wallet.ts';
import type { MemberReward } from '../../commerce/cart/reward-instruments.ts';
import type { SavedCard } from '../../commerce/checkout/payment.ts';
import { Island } from '../islands.tsx';
import { usePage } from '../page-context.tsx';
import { AccountNav } from './AccountNav.tsx';

export interface PaymentState {
  cards: SavedCard[];
  giftCards: SavedGiftCard[];
  rewards: MemberReward[];
  cardFields: CardFieldsConfig;
  notice?: 'saved' | 'deleted' | 'giftCardSaved' | undefined;
  error?: string | undefined;
  /** A gift card form refused: its fields' messages, and what was typed (never the PIN). */
  giftCardErrors?: Record<string, string> | undefined;
  giftCardNumber?: string | undefined;
}

function SaveCardForm({ labels }: { labels: { title: string; main: string; save: string; noScript: string } }) {
  return (
    <div className="save-card">
      <form className="form address-form" noValidate>
        <div className="card-fields card-fields--card">
          <div className="card-fields__slot" data-card-slot="" />
        </div>
        <noscript>
          <p className="field__hint">{labels.noScript}</p>
        </noscript>
        <CheckboxField id="save-card-main" name="main" label={labels.main} />
        {/* Turnstile's widget, where the site runs it (the island renders it; account-content §6). */}
        <div className="bot-check" data-bot-slot="" />
        <p className="field__error" data-card-error="" role="alert" tabIndex={-1} />
        <div className="form__actions">
          <button className="button button--primary" type="submit" disabled>
            {labels.save}
          </button>
        </div>
      </form>
    </div>
  );
}

export function PaymentPage({ state }: { state: PaymentState }) {
  const { t, locale } = usePage();
  const base = `/${locale.code}/account/payment`;
  const expiry = (card: SavedCard) => `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`;
  return (
    <div className="page account">
      <header className="account__head">
        <h1>{t('payment.title')}</h1>
      </header>
      <AccountNav current="payment" />
      {state.notice ? (
        <p className="notice notice--success" role="status">
          {t(state.notice === 'saved' ? 'payment.saved' : state.notice === 'giftCardSaved' ? 'payment.giftCardSaved' : 'payment.deleted')}
        </p>
      ) : null}
      {state.error ? (
        <p className="notice notice--error" role="alert">
          {state.error}
        </p>
      ) : null}
      <section className="account__section" aria-labelledby="payment-cards">
        <h2 id="payment-cards">{t('payment.cards')}</h2>
        {state.cards.length === 0 ? <p>{t('payment.noCards')}</p> : null}
        <ul className="address-book">
          {state.cards.map((card) => {
            const name = t('payment.cardName', { brand: card.brand.toUpperCase(), last4: card.last4 });
            return (
              <li key={card.paymentInstrumentId} className="address-book__entry">
                <p className="address-book__text">
                  {card.main ? <span className="address-book__main">{t('addresses.main')}</span> : null}
                  <strong>{name}</strong>
                  <br />
                  {t('payment.expires', { date: expiry(card) })}
                </p>
                <div className="address-book__actions">
                  {card.main ? null : (
                    <form method="post" action={`${base}/${card.paymentInstrumentId}/main`}>
                      <button className="link-button" type="submit" aria-label={t('payment.makeMainOf', { card: name })}>
                        {t('addresses.makeMain')}
                      </button>
                    </form>
                  )}
                  <form method="post" action={`${base}/${card.paymentInstrumentId}/delete`}>
                    <button className="link-button" type="submit" aria-label={t('payment.deleteOf', { card: name })}>
                      {t('addresses.delete')}
                    </button>
                  </form>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <section className="account__section" aria-labelledby="payment-add">
        <h2 id="payment-add">{t('payment.add')}</h2>
        <p>{t('checkout.cardSecure')}</p>
        <Island
          name="save-card"
          component={SaveCardForm}
          hydrate="visible"
          props={{ labels: { title: t('checkout.card'), main: t('payment.setMain'), save: t('payment.save'), noScript: t('payment.noScript') } }}
          clientProps={{
            config: state.cardFields,
            lang: locale.lang,
            title: t('checkout.card'),
            done: `${base}?notice=saved`,
            toast: { title: t('payment.title'), failed: t('payment.saveFailed'), close: t('account.close') },
            giftCard: { failed: t('payment.giftCardSaveFailed'), done: `${base}?notice=giftCardSaved` },
          }}
        />
      </section>
      <section className="account__section" aria-labelledby="payment-gift-cards">
        <h2 id="payment-gift-cards">{t('payment.giftCards')}</h2>
        {state.giftCards.length === 0 ? (
          <p>{t('payment.noGiftCards')}</p>
        ) : (
          <ul className="address-book">
            {state.giftCards.map((card) => (
              <li key={card.paymentInstrumentId} className="address-book__entry">
                <p className="address-book__text">
                  <strong>{t('payment.giftCard', { number: card.maskedNumber })}</strong>
                  <br />
                  {t('payment.giftCardBalance', { amount: formatMoney(card.balance, card.currency, locale.tag) })}
                  {card.expiresOn ? ` · ${t('payment.rewardExpires', { date: card.expiresOn })}` : ''}
                </p>
                <div className="address-book__actions">
                  <form method="post" action={`${base}/gift-cards/${card.paymentInstrumentId}/delete`}>
                    <button className="button button--link" type="submit" aria-label={t('payment.removeGiftCard', { number: card.maskedNumber })}>
                      {t('payment.remove')}
                    </button>
                  </form>
                </div>
              </li>
            ))}
          </ul>
        )}
        <form className="form address-form" method="post" action={`${base}/gift-cards`} noValidate data-gift-card-save="">
          <h3>{t('payment.addGiftCard')}</h3>
          <TextField
            id="payment-gift-card-number"
            name="cardNumber"
            label={t('cart.giftCardNumber')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={23}
            defaultValue={state.giftCardNumber ?? ''}
            error={state.giftCardErrors?.cardNumber}
            required
          />
          <TextField
            id="payment-gift-card-pin"
            name="pin"
            label={t('cart.giftCardPin')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={8}
            error={state.giftCardErrors?.pin}
            required
          />
          <div className="form__actions">
            <button className="button button--secondary" type="submit">
              {t('payment.saveGiftCard')}
            </button>
          </div>
        </form>
      </section>
      {state.rewards.length > 0 ? (
        <section className="account__section" aria-labelledby="payment-rewards">
          <h2 id="payment-rewards">{t('cart.rewardInstruments')}</h2>
          <ul className="address-book">
            {state.rewards.map((reward) => (
              <li key={reward.id} className="address-book__entry">
                <p className="address-book__text">
                  <strong>{t(reward.kind === 'REWARD_CODE' ? 'cart.rewardCode' : 'cart.rewardCard', { code: reward.masked })}</strong>
                  <br />
                  {reward.reason} · {formatMoney(reward.balance, locale.site.currency, locale.tag)}
                  {reward.expiresOn ? ` · ${t('payment.rewardExpires', { date: reward.expiresOn })}` : ''}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

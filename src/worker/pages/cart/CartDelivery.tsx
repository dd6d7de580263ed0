// How the cart reaches the shopper: each line delivered or collected at a store, and the home shipment's
// method or pickup point, each chosen with plain forms (the delivery dialog takes over with script).

import type { CartLineDelivery } from '../../../shared/commerce/delivery.ts';
import { hoursToday, StoreFacts } from '../../../shared/ui/StoreFacts.tsx';
import type { CartEntity } from '../../commerce/cart/service.ts';
import { PostButton } from '../components/PostButton.tsx';
import { usePage } from '../page-context.tsx';
import type { CartPageItem } from './CartLine.tsx';
import type { CartPageState } from './CartPage.tsx';

/** "Today", or "In 3–5 days": a delivery time as the shopper reads it. */
function useDeliveryTime(): (deliveryTime: string) => string {
  const { t } = usePage();
  return (deliveryTime) => (deliveryTime === '0' ? t('delivery.today') : t('delivery.inDays', { days: deliveryTime.replace('-', '–') }));
}

/** How a line reaches the shopper: delivered, or collected at a store they choose from those near a place. */
export function LineDelivery({
  item,
  base,
  basketId,
  money,
  storeSearch,
}: {
  item: CartPageItem;
  base: string;
  basketId: string;
  money: (minor: number) => string;
  storeSearch: CartPageState['storeSearch'];
}) {
  const { t, locale } = usePage();
  const when = useDeliveryTime();
  const delivery = item.shippingOptions;
  if (!delivery || delivery.selected === 'digital') return null;
  // Made to order: the workshop sends it to the delivery address; there is nothing to choose.
  if (delivery.selected === 'customs') {
    return (
      <div className="cart-line__delivery">
        <p className="cart-line__delivery-now">
          <strong>{delivery.shippingMethod.label}</strong> · {when(delivery.shippingMethod.deliveryTime)}
        </p>
      </div>
    );
  }
  const pickup = delivery.selected === 'BOPIS_SD' || delivery.selected === 'BOPIS_STS';
  const action = `${base}/items/${item.id}/store`;
  const searchId = `store-search-${item.id}`;
  // With script, the summary opens the delivery dialog instead: the change-shipping-method step for a
  // pickup, the store picker for a delivery.
  const dialogData: CartLineDelivery = {
    basketId,
    itemId: item.id,
    name: item.name,
    variantId: item.productId,
    qty: item.qty,
    selected: delivery.selected,
    options: delivery.available.map((o) => ({ code: o.code, label: o.label, price: money(o.price.amount), deliveryTime: o.deliveryTime })),
    store: delivery.storeInfo ? { id: delivery.storeInfo.id, name: delivery.storeInfo.name, city: delivery.storeInfo.city } : null,
  };
  return (
    <div className="cart-line__delivery">
      <p className="cart-line__delivery-now">
        <strong>{delivery.shippingMethod.label}</strong>
        {pickup && delivery.storeInfo ? ` · ${delivery.storeInfo.name}, ${delivery.storeInfo.city}` : ''} · {when(delivery.shippingMethod.deliveryTime)}
      </p>
      <details className="cart-line__stores" open={storeSearch !== undefined}>
        <summary data-delivery={JSON.stringify(dialogData)} data-delivery-start={pickup ? 'method' : 'stores'} aria-haspopup="dialog">
          {pickup ? t('delivery.change') : t('delivery.pickUpInStore')}
        </summary>
        {pickup ? (
          <PostButton action={action} fields={{ storeId: '' }}>
            {t('delivery.deliverInstead')}
          </PostButton>
        ) : null}
        <form className="cart-line__store-search" method="get" action={base}>
          <input type="hidden" name="line" value={item.id} />
          <label htmlFor={searchId}>{t('delivery.postalOrCity')}</label>
          <input id={searchId} name="storeSearch" type="search" defaultValue={storeSearch?.query ?? ''} maxLength={80} required />
          <button className="button button--secondary button--small" type="submit">
            {t('delivery.findStores')}
          </button>
        </form>
        {storeSearch ? (
          storeSearch.stores.length === 0 ? (
            <p className="field__hint">{t('delivery.noStores')}</p>
          ) : (
            <ul className="store-list">
              {storeSearch.stores.map((store) => {
                const possible = Boolean(store.pickupToday || store.shipToStore);
                return (
                  <li key={store.id} className="store-list__store">
                    <StoreFacts store={store} t={t} localeTag={locale.tag} />
                    {possible ? (
                      <PostButton
                        action={action}
                        fields={{ storeId: store.id }}
                        className="button button--secondary button--small"
                        label={t('delivery.chooseStoreNamed', { store: store.name })}
                      >
                        {t('delivery.chooseStore')}
                      </PostButton>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )
        ) : null}
      </details>
    </div>
  );
}

/**
 * The home shipment's method, for the lines delivered home: standard, express, or a pickup point (a
 * locker or partner shop) found near a postal code or city, all with plain forms.
 */
export function HomeDelivery({
  cart,
  base,
  money,
  pointSearch,
}: {
  cart: CartEntity;
  base: string;
  money: (minor: number) => string;
  pointSearch: CartPageState['pointSearch'];
}) {
  const { t, locale } = usePage();
  const when = useDeliveryTime();
  const shipment = cart.shippingMethods[0];
  if (!shipment || shipment.lines === 0) return null;
  // A pickup point is a choice once one is named; until then it is found below.
  const choices = shipment.applicableShippingMethods.filter((method) => method.code !== 'pudo' || shipment.point);
  const km = new Intl.NumberFormat(locale.tag, { maximumFractionDigits: 1 });
  return (
    <div className="cart__home-delivery">
      <form className="cart__home-methods" method="post" action={`${base}/shipping`}>
        <fieldset className="form__choices">
          <legend className="cart__legend">{t('delivery.homeMethod')}</legend>
          {choices.map((method) => (
            <label key={method.code} className="cart__reward-choice">
              <input type="radio" name="code" value={method.code} defaultChecked={method.code === shipment.code} />
              <span>
                {method.label}
                {method.code === 'pudo' && shipment.point ? `: ${shipment.point.name}, ${shipment.point.city}` : ''} ({when(method.deliveryTime)}) ·{' '}
                {money(method.price.amount)}
              </span>
            </label>
          ))}
        </fieldset>
        {shipment.point ? <input type="hidden" name="pointId" value={shipment.point.id} /> : null}
        <button className="link-button" type="submit">
          {t('delivery.updateMethod')}
        </button>
      </form>
      <details className="cart__points" open={pointSearch !== undefined}>
        <summary>{shipment.point ? t('delivery.changePoint') : t('delivery.toPoint')}</summary>
        <form className="cart-line__store-search" method="get" action={base}>
          <label htmlFor="point-search">{t('delivery.postalOrCity')}</label>
          <input id="point-search" name="pointSearch" type="search" defaultValue={pointSearch?.query ?? ''} maxLength={80} required />
          <button className="button button--secondary button--small" type="submit">
            {t('delivery.findPoints')}
          </button>
        </form>
        {pointSearch ? (
          pointSearch.points.length === 0 ? (
            <p className="field__hint">{t('delivery.noPoints')}</p>
          ) : (
            <ul className="store-list">
              {pointSearch.points.map((point) => (
                <li key={point.id} className="store-list__store">
                  <div>
                    <p className="store-list__name">{point.name}</p>
                    <p className="store-list__meta">
                      {point.kind === 'locker' ? t('delivery.locker') : t('delivery.shop')} · {point.addressLine1}, {point.city} · {km.format(point.distanceKm)}{' '}
                      km
                    </p>
                    <p className="store-list__meta">{hoursToday(point, t)}</p>
                  </div>
                  <PostButton
                    action={`${base}/shipping`}
                    fields={{ code: 'pudo', pointId: point.id }}
                    className="button button--secondary button--small"
                    label={t('delivery.deliverToNamed', { point: point.name })}
                  >
                    {t('delivery.deliverHere')}
                  </PostButton>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </details>
    </div>
  );
}

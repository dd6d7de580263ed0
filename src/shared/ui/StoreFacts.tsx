// A store as the store pickers show it (the cart page's plain form and the delivery dialog): its name,
// address and distance, today's hours, and what it can do with the item asked about.

import { SHIP_TO_STORE_TIME } from '../commerce/commerce-config.ts';
import { numberFormat, type Translate } from '../i18n/format.ts';

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

export interface StoreView {
  name: string;
  addressLine1: string;
  city: string;
  distanceKm: number;
  openingHours: Record<string, [string, string] | null>;
  pickupToday?: boolean | undefined;
  shipToStore?: boolean | undefined;
}

/** "Open today 10:00–20:00" or "Closed today", by the place's week. */
export function hoursToday(place: Pick<StoreView, 'openingHours'>, t: Translate): string {
  const hours = place.openingHours[WEEKDAYS[new Date().getDay()] ?? 'mon'];
  return hours ? t('delivery.openToday', { from: hours[0], to: hours[1] }) : t('delivery.closedToday');
}

export function StoreFacts({ store, t, localeTag }: { store: StoreView; t: Translate; localeTag: string }) {
  return (
    <div>
      <p className="store-list__name">{store.name}</p>
      <p className="store-list__meta">
        {store.addressLine1}, {store.city} · {numberFormat(localeTag, { maximumFractionDigits: 1 }, 'km').format(store.distanceKm)} km
      </p>
      <p className="store-list__meta">{hoursToday(store, t)}</p>
      <p className={store.pickupToday ? 'store-list__stock store-list__stock--ok' : 'store-list__stock'}>
        {store.pickupToday
          ? t('delivery.inStockToday')
          : store.shipToStore
            ? t('delivery.shipsToStore', { days: SHIP_TO_STORE_TIME.replace('-', '–') })
            : t('delivery.notHere')}
      </p>
    </div>
  );
}

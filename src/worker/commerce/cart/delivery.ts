// Delivery per line (the cart issue, §4): home delivery (STH), pickup in store today (BOPIS_SD) when the
// store has the quantity, ship to store (BOPIS_STS) when it does not but offers it, digital for gift
// cards. Store stock is read on every answer, so a pickup the store can no longer serve changes on its own
// and the shopper is told (the transitions of commerce-core §4). Also the home shipment's method and price.

import { HOME_DELIVERY, SHIP_TO_STORE_TIME } from '../../../shared/commerce/commerce-config.ts';
import { CUSTOMS_DELIVERY_TIME } from '../../../shared/commerce/customs.ts';
import { type DeliveryCode, deliverySortKey, deliveryTransition, type HomeMethod } from '../../../shared/commerce/delivery.ts';
import type { Translate } from '../../../shared/i18n/format.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import type { CartState, StoredLine } from './cart-state.ts';
import { expressReachesCart, homeMethodOf } from './shipment-choice.ts';

export interface ShippingOption {
  code: DeliveryCode;
  label: string;
  price: { amount: number };
  deliveryTime: string;
}

export interface LineDelivery {
  selected: DeliveryCode;
  available: ShippingOption[];
  shippingMethod: ShippingOption;
  storeInfo: { id: string; name: string; city: string; province: string | null; storeInventory: number } | null;
}

export interface HomeMethodOption {
  code: HomeMethod;
  label: string;
  price: { amount: number };
  deliveryTime: string;
}

interface StoreFacts {
  id: string;
  name: string;
  city: string;
  province: string | null;
  services: string[];
}

/** The stores the lines name (and the shopper's favourite store), and their stock of the lines' variants. */
async function storeFacts(
  db: D1Database,
  storeIds: readonly string[],
  variantIds: readonly string[],
): Promise<{ stores: Map<string, StoreFacts>; stock: Map<string, number> }> {
  if (storeIds.length === 0) return { stores: new Map(), stock: new Map() };
  const [stores, stock] = await db.batch<Record<string, unknown>>([
    db.prepare('SELECT id, name, city, province, services FROM stores WHERE id IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(storeIds)),
    db
      .prepare(
        `SELECT store_id, variant_id, quantity FROM store_inventory
         WHERE store_id IN (SELECT value FROM json_each(?1)) AND variant_id IN (SELECT value FROM json_each(?2))`,
      )
      .bind(JSON.stringify(storeIds), JSON.stringify(variantIds)),
  ]);
  return {
    stores: new Map(
      ((stores?.results ?? []) as { id: string; name: string; city: string; province: string | null; services: string }[]).map((row) => [
        row.id,
        { id: row.id, name: row.name, city: row.city, province: row.province, services: JSON.parse(row.services) as string[] },
      ]),
    ),
    stock: new Map(
      ((stock?.results ?? []) as { store_id: string; variant_id: string; quantity: number }[]).map((row) => [
        `${row.store_id}|${row.variant_id}`,
        row.quantity,
      ]),
    ),
  };
}

export interface Deliveries {
  byLine: Map<string, LineDelivery>;
  /** The home shipment: its method, the methods it may take, and what it costs (promotable part, surcharge). */
  home: { method: HomeMethod; options: HomeMethodOption[]; lines: number; cost: number; surcharge: number };
  /** Pairs made to order: the workshop's shipment to the delivery address, at no cost of its own. */
  customs: { option: ShippingOption; lines: number };
  /** Lines whose delivery changed on its own since the last answer. */
  transitions: { type: string; itemId: string }[];
  /** Each line's delivery now, to remember for the next answer. */
  codes: Record<string, DeliveryCode>;
  /** Where tax is due when nothing is delivered home: the pickup store's province. */
  pickupProvince: string | null;
}

export async function deliveriesFor(
  db: D1Database,
  locale: Locale,
  t: Translate,
  state: CartState,
  lines: readonly { line: StoredLine; isDigital: boolean }[],
  favStoreId?: string | undefined,
): Promise<Deliveries> {
  const storeIds = [
    ...new Set([...lines.map(({ line }) => state.deliveries[line.id]?.storeId).filter((id): id is string => Boolean(id)), ...(favStoreId ? [favStoreId] : [])]),
  ];
  const { stores, stock } = await storeFacts(
    db,
    storeIds,
    lines.map(({ line }) => line.variantId),
  );
  const prices = HOME_DELIVERY[locale.site.id] ?? HOME_DELIVERY.US;
  if (!prices) throw new Error(`no delivery prices for ${locale.site.id}`);
  const option = (code: DeliveryCode, amount: number, deliveryTime: string): ShippingOption => ({
    code,
    label: t(`delivery.${code}`),
    price: { amount },
    deliveryTime,
  });
  const byLine = new Map<string, LineDelivery>();
  const transitions: Deliveries['transitions'] = [];
  const codes: Record<string, DeliveryCode> = {};
  let pickupProvince: string | null = null;
  for (const { line, isDigital } of lines) {
    const chosenStore = state.deliveries[line.id]?.storeId ?? null;
    const store = stores.get(chosenStore ?? favStoreId ?? '');
    const inStore = store ? (stock.get(`${store.id}|${line.variantId}`) ?? 0) : 0;
    const sameDay = Boolean(store?.services.includes('pickup') && inStore >= line.qty);
    const shipToStore = Boolean(store?.services.includes('ship-to-store'));
    const home = option('STH', prices.standard.amount, prices.standard.deliveryTime);
    // A pair made to order leaves the workshop for the delivery address: never a store, never today.
    const madeToOrder = line.recipeId !== null;
    const available: ShippingOption[] = isDigital
      ? [option('digital', 0, '0')]
      : madeToOrder
        ? [option('customs', 0, CUSTOMS_DELIVERY_TIME)]
        : [home, ...(sameDay ? [option('BOPIS_SD', 0, '0')] : shipToStore ? [option('BOPIS_STS', 0, SHIP_TO_STORE_TIME)] : [])];
    available.sort((a, b) => deliverySortKey(a.deliveryTime) - deliverySortKey(b.deliveryTime));
    let selected: DeliveryCode = isDigital ? 'digital' : madeToOrder ? 'customs' : 'STH';
    if (!isDigital && !madeToOrder && chosenStore && store) selected = sameDay ? 'BOPIS_SD' : shipToStore ? 'BOPIS_STS' : 'STH';
    if (selected === 'BOPIS_SD' || selected === 'BOPIS_STS') pickupProvince ??= store?.province ?? null;
    const last = state.deliveries[line.id]?.lastCode as DeliveryCode | null | undefined;
    const transition = last ? deliveryTransition(last, selected) : null;
    if (transition) transitions.push({ type: transition, itemId: line.id });
    codes[line.id] = selected;
    byLine.set(line.id, {
      selected,
      available,
      shippingMethod: available.find((o) => o.code === selected) ?? home,
      storeInfo: store ? { id: store.id, name: store.name, city: store.city, province: store.province, storeInventory: inStore } : null,
    });
  }
  const homeLines = [...byLine.values()].filter((d) => d.selected === 'STH').length;
  // Express does not reach every address: there the shipment goes standard (the address answer says so once).
  const reaches = expressReachesCart(state, locale.site.id);
  const method = homeMethodOf(state, locale.site.id);
  const options: HomeMethodOption[] = (reaches ? (['standard', 'express', 'pudo'] as const) : (['standard', 'pudo'] as const))
    .map((code) => ({ code, label: t(`delivery.${code}`), price: { amount: prices[code].amount }, deliveryTime: prices[code].deliveryTime }))
    .sort((a, b) => deliverySortKey(a.deliveryTime) - deliverySortKey(b.deliveryTime));
  // A free-shipping promotion takes off up to the standard price; express costs its difference on top.
  const cost = homeLines === 0 ? 0 : method === 'pudo' ? prices.pudo.amount : prices.standard.amount;
  const surcharge = homeLines > 0 && method === 'express' ? prices.express.amount - prices.standard.amount : 0;
  const customs = { option: option('customs', 0, CUSTOMS_DELIVERY_TIME), lines: [...byLine.values()].filter((d) => d.selected === 'customs').length };
  return { byLine, home: { method, options, lines: homeLines, cost, surcharge }, customs, transitions, codes, pickupProvince };
}

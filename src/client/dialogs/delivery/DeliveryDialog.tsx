// A cart line's delivery (commerce-core §2 dialogs; the cart issue, §4): the cart change-shipping-method
// dialog (delivered home, or picked up at the line's store), the pickup-in-store dialog with its store
// picker (distance, hours today, this item's stock in each store), the change-store confirmation when the
// shopper's other pickups are at another store, and the store-changed dialog saying how each item now
// reaches them. One modal whose step changes; each step has its own title, which takes the focus.

import { useEffect, useRef, useState } from 'react';
import { SHIP_TO_STORE_TIME } from '../../../shared/commerce/commerce-config.ts';
import type { CartLineDelivery as LineDelivery } from '../../../shared/commerce/delivery.ts';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import { StoreFacts } from '../../../shared/ui/StoreFacts.tsx';
import { api, type RouteAnswer } from '../../api.ts';
import { readAnswer } from '../../api-answer.ts';
import type { CartEntity } from '../../stores/cart.ts';
import { DialogClose } from '../DialogClose.tsx';

/** commerce-core §2: dialog transitions last 250 ms. */
const TRANSITION_MS = 250;

type Step =
  | { kind: 'method' }
  | { kind: 'stores' }
  | { kind: 'confirm'; store: PickupStore; others: LineDelivery[] }
  | { kind: 'changed'; store: PickupStore; items: { name: string; selected: string }[] };

type StoreResult = RouteAnswer<'POST', '/api/stores/v1/search'>['stores'][number];
/** Where to look for stores: a postal code, a city, or the shopper's coordinates. */
type Place = { postalCode: string } | { city: string } | { latitude: number; longitude: number };

/** What choosing a store needs of it. */
type PickupStore = Pick<StoreResult, 'id' | 'name'>;

export interface DeliveryDialogProps {
  line: LineDelivery;
  /** The cart's other lines, for the one-store question and the store-changed summary. */
  others: LineDelivery[];
  /** Where to start: the store picker when the line has no store to offer yet. */
  start: 'method' | 'stores';
  /** Called once closed; `changed` when the cart changed, so the page shows it as it is now. */
  onClosed: (changed: boolean) => void;
}

async function putLine(line: LineDelivery, storeId: string | null): Promise<CartEntity> {
  const json = { itemId: line.itemId, qty: line.qty, storeId };
  return readAnswer<CartEntity>(await api.cart.v1.cart[':basketId'].item.$put({ param: { basketId: line.basketId }, json }));
}

export function DeliveryDialog({ line, others, start, onClosed }: DeliveryDialogProps) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const changed = useRef(false);
  const [step, setStep] = useState<Step>({ kind: start });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => dialog.current?.showModal(), []);
  // Each step is a dialog of its own to the shopper: its title is where they are.
  useEffect(() => title.current?.focus(), [step.kind]);
  const close = () => dialog.current?.close();
  const when = (deliveryTime: string) => (deliveryTime === '0' ? t('delivery.today') : t('delivery.inDays', { days: deliveryTime.replace('-', '–') }));

  /** Runs a change of the cart: busy meanwhile, its failure said in the dialog. */
  const change = async (run: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await run();
      changed.current = true;
    } catch {
      setError(t('delivery.changeFailed'));
    } finally {
      setBusy(false);
    }
  };

  const deliverHome = () =>
    change(async () => {
      await putLine(line, null);
      close();
    });

  const pickUpAt = (store: PickupStore, everything: boolean) =>
    change(async () => {
      const moving = everything ? [line, ...others.filter((o) => o.store && o.store.id !== store.id && o.selected !== 'STH')] : [line];
      let cart: CartEntity | null = null;
      for (const each of moving) cart = await putLine(each, store.id);
      const hadStore = Boolean(line.store) || moving.length > 1;
      if (!hadStore || !cart) {
        close();
        return;
      }
      const ids = new Set(moving.map((m) => m.itemId));
      setStep({
        kind: 'changed',
        store,
        items: cart.items.filter((item) => ids.has(item.id)).map((item) => ({ name: item.name, selected: item.shippingOptions?.selected ?? 'STH' })),
      });
    });

  const chooseStore = (store: PickupStore) => {
    const elsewhere = others.filter((o) => o.store && o.store.id !== store.id && (o.selected === 'BOPIS_SD' || o.selected === 'BOPIS_STS'));
    if (elsewhere.length > 0) setStep({ kind: 'confirm', store, others: elsewhere });
    else void pickUpAt(store, false);
  };

  const titleId = `delivery-title-${step.kind}`;
  return (
    <dialog
      ref={dialog}
      className="panel-dialog delivery-dialog"
      aria-labelledby={titleId}
      onClose={() => setTimeout(() => onClosed(changed.current), TRANSITION_MS)}
    >
      <div className="panel-dialog__body">
        <div className="panel-dialog__bar">
          <h2 id={titleId} ref={title} tabIndex={-1}>
            {step.kind === 'method'
              ? t('delivery.methodTitle')
              : step.kind === 'stores'
                ? t('delivery.storesTitle')
                : step.kind === 'confirm'
                  ? t('delivery.confirmTitle')
                  : t('delivery.changedTitle')}
          </h2>
          <DialogClose label={t('account.close')} onClick={close} />
        </div>
        {step.kind === 'changed' ? null : <p className="delivery-dialog__item">{line.name}</p>}
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        {step.kind === 'method' ? (
          <Methods
            line={line}
            busy={busy}
            when={when}
            onHome={deliverHome}
            onStore={(store) => pickUpAt(store, false)}
            onFind={() => setStep({ kind: 'stores' })}
          />
        ) : step.kind === 'stores' ? (
          <StorePicker line={line} busy={busy} onChoose={chooseStore} />
        ) : step.kind === 'confirm' ? (
          <div className="delivery-dialog__confirm">
            <p>{t('delivery.confirmBody', { old: step.others[0]?.store?.name ?? '', store: step.store.name })}</p>
            <button className="button button--primary button--wide" type="button" disabled={busy} onClick={() => pickUpAt(step.store, true)}>
              {t('delivery.confirmAll', { store: step.store.name })}
            </button>
            <button className="button button--secondary button--wide" type="button" disabled={busy} onClick={() => pickUpAt(step.store, false)}>
              {t('delivery.confirmOne')}
            </button>
          </div>
        ) : (
          <div className="delivery-dialog__changed">
            <p>{t('delivery.changedBody', { store: step.store.name })}</p>
            <ul className="delivery-dialog__lines">
              {step.items.map((item) => (
                <li key={item.name}>
                  <strong>{item.name}</strong>
                  <span>
                    {item.selected === 'BOPIS_SD'
                      ? t('delivery.inStockToday')
                      : item.selected === 'BOPIS_STS'
                        ? t('delivery.shipsToStore', { days: SHIP_TO_STORE_TIME.replace('-', '–') })
                        : t('delivery.deliveredInstead')}
                  </span>
                </li>
              ))}
            </ul>
            <button className="button button--primary button--wide" type="button" onClick={close}>
              {t('delivery.done')}
            </button>
          </div>
        )}
      </div>
    </dialog>
  );
}

/** The cart change-shipping-method step: home delivery, the line's store if it has one, or another store. */
function Methods(props: {
  line: LineDelivery;
  busy: boolean;
  when: (deliveryTime: string) => string;
  onHome: () => void;
  onStore: (store: PickupStore) => void;
  onFind: () => void;
}) {
  const { t } = useI18n();
  const home = props.line.options.find((o) => o.code === 'STH');
  const pickup = props.line.options.find((o) => o.code === 'BOPIS_SD' || o.code === 'BOPIS_STS');
  const store = props.line.store;
  return (
    <ul className="delivery-dialog__methods">
      {home ? (
        <li>
          <button className="delivery-dialog__method" type="button" aria-pressed={props.line.selected === 'STH'} disabled={props.busy} onClick={props.onHome}>
            <strong>{home.label}</strong>
            <span>
              {props.when(home.deliveryTime)} · {home.price}
            </span>
          </button>
        </li>
      ) : null}
      {pickup && store ? (
        <li>
          <button
            className="delivery-dialog__method"
            type="button"
            aria-pressed={props.line.selected === pickup.code}
            disabled={props.busy}
            onClick={() => props.onStore(store)}
          >
            <strong>{t('delivery.pickupAt', { method: pickup.label, store: store.name })}</strong>
            <span>
              {store.city} · {props.when(pickup.deliveryTime)}
            </span>
          </button>
        </li>
      ) : null}
      <li>
        <button className="link-button" type="button" onClick={props.onFind}>
          {store ? t('delivery.findStore') : t('delivery.pickUpInStore')}
        </button>
      </li>
    </ul>
  );
}

/** The pickup-in-store step: stores near a postal code, a city or the shopper's location, with this item's stock. */
function StorePicker({ line, busy, onChoose }: { line: LineDelivery; busy: boolean; onChoose: (store: StoreResult) => void }) {
  const { t, localeTag } = useI18n();
  const [query, setQuery] = useState('');
  const [stores, setStores] = useState<StoreResult[] | null>(null);
  const [status, setStatus] = useState('');
  const [failed, setFailed] = useState<string | null>(null);

  const search = async (place: Place) => {
    setStatus(t('delivery.searching'));
    setFailed(null);
    try {
      const json = { ...place, productId: line.variantId, qty: line.qty, limit: 8 };
      const answer = await readAnswer<{ stores: StoreResult[] }>(await api.stores.v1.search.$post({ json }));
      setStores(answer.stores);
      setStatus(answer.stores.length === 0 ? t('delivery.noStores') : t('delivery.storesFound', { count: answer.stores.length }));
    } catch {
      setStatus('');
      setFailed(t('delivery.changeFailed'));
    }
  };

  const locate = () => {
    // The browser asks the shopper first; a refusal leaves the postal code or city to type.
    navigator.geolocation.getCurrentPosition(
      (position) => void search({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => setFailed(t('delivery.locationFailed')),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  };

  return (
    <div className="delivery-dialog__stores">
      <form
        className="cart-line__store-search"
        onSubmit={(event) => {
          event.preventDefault();
          const place = query.trim();
          if (place) void search(/\d/.test(place) ? { postalCode: place } : { city: place });
        }}
      >
        <label htmlFor="delivery-store-search">{t('delivery.postalOrCity')}</label>
        <input id="delivery-store-search" type="search" value={query} maxLength={80} required onChange={(event) => setQuery(event.target.value)} />
        <button className="button button--secondary button--small" type="submit">
          {t('delivery.findStores')}
        </button>
      </form>
      {'geolocation' in navigator ? (
        <button className="link-button" type="button" onClick={locate}>
          {t('delivery.useLocation')}
        </button>
      ) : null}
      <p className="field__hint" role="status">
        {status}
      </p>
      {failed ? (
        <p className="field__error" role="alert">
          {failed}
        </p>
      ) : null}
      {stores && stores.length > 0 ? (
        <ul className="store-list">
          {stores.map((store) => {
            const possible = Boolean(store.pickupToday || store.shipToStore);
            return (
              <li key={store.id} className="store-list__store">
                <StoreFacts store={store} t={t} localeTag={localeTag} />
                {possible ? (
                  <button
                    className="button button--secondary button--small"
                    type="button"
                    disabled={busy}
                    aria-label={t('delivery.chooseStoreNamed', { store: store.name })}
                    onClick={() => onChoose(store)}
                  >
                    {t('delivery.chooseStore')}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

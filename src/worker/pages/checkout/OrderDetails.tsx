// An order's delivery, payment and items with its totals: what the confirmation page and the account's
// order page both show, read back from the order.

import { formatMoney } from '../../../shared/commerce/money.ts';
import type { OrderEntity } from '../../commerce/orders/order-entity.ts';
import { usePage } from '../page-context.tsx';
import { OrderSummary } from './OrderLines.tsx';

export function OrderDetails({ order, stores }: { order: OrderEntity; stores: Record<string, string> }) {
  const { t, locale } = usePage();
  const money = (minor: number) => formatMoney(minor, order.currency, locale.tag);
  const totals = order.totals as { itemSubTotal: number; shipping: number; tax: number; taxIncluded?: boolean; totalDiscount: number; total: number };
  return (
    <div className="confirmation__layout">
      <section aria-labelledby="confirmation-delivery" className="confirmation__section">
        <h2 id="confirmation-delivery">{t('order.delivery')}</h2>
        <ul className="confirmation__shipments">
          {order.shipments.map((shipment) => (
            <li key={shipment.shipmentId}>
              {shipment.method === 'pickup'
                ? t('order.pickupAt', { store: stores[shipment.storeId ?? ''] ?? shipment.storeId ?? '' })
                : shipment.method === 'ship-to-store'
                  ? t('order.shipToStore', { store: stores[shipment.storeId ?? ''] ?? shipment.storeId ?? '' })
                  : shipment.method === 'digital'
                    ? t('order.digital')
                    : t('order.homeDelivery', { method: shipment.method })}
              {shipment.address ? <address>{addressLines(shipment.address as Record<string, string>)}</address> : null}
              {shipment.contact?.contactName ? (
                <p>{t('order.collectedBy', { name: shipment.contact.contactName, phone: shipment.contact.mobilePhone ?? '' })}</p>
              ) : shipment.contact ? (
                <p>{t('order.readyNotice', { email: shipment.contact.email })}</p>
              ) : null}
            </li>
          ))}
        </ul>
        <h2>{t('order.paymentTitle')}</h2>
        <ul className="confirmation__payments">
          {order.paymentMethod.map((payment) => (
            <li key={`${payment.code}-${payment.amount}`}>
              {payment.additionalData.last4
                ? `${String(payment.additionalData.brand ?? '').toUpperCase()} •••• ${payment.additionalData.last4}`
                : payment.label}{' '}
              · {money(payment.amount)}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="confirmation-items" className="confirmation__section">
        <h2 id="confirmation-items">{t('order.items')}</h2>
        <OrderSummary
          currency={order.currency}
          lines={order.items.map((item) => ({
            id: item.itemId,
            name: item.name,
            colour: item.variants.color,
            size: item.variants.size,
            qty: item.qty,
            amount: item.rowTotal,
            madeToOrder: item.recipeId !== null,
          }))}
          totals={totals}
        />
      </section>
    </div>
  );
}

function addressLines(address: Record<string, string>): string {
  return [
    `${address.firstName ?? ''} ${address.lastName ?? ''}`,
    address.addressLine1,
    address.addressLine2,
    `${address.postalCode ?? ''} ${address.city ?? ''}`,
    address.province,
    address.countryCode,
  ]
    .filter((part) => part?.trim())
    .join(', ');
}

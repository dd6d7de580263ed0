// Choosing what to send back (the account issue, returns): each returnable line with how many and why, as a
// plain form. The account's order page and the guest returns page both use it; a guest's form carries the
// order's access token instead of a session.

import type { MessageKey } from '../../../shared/i18n/en.ts';
import { SelectField } from '../../../shared/ui/form.tsx';
import type { OrderEntity } from '../../commerce/orders/order-entity.ts';
import { RETURN_REASONS, RETURN_WINDOW_DAYS, type ReturnView } from '../../commerce/orders/returns.ts';
import { usePage } from '../page-context.tsx';

/** Units of a line still at the shopper's, free to go on a return (digital gift cards never). */
export function returnableUnits(item: OrderEntity['items'][number]): number {
  return item.digital ? 0 : item.qty - item.cancelledQty - item.returnedQty - item.returningQty;
}

export interface ReturnFormProps {
  order: OrderEntity;
  action: string;
  /** A guest's proof that the order is theirs, sent with the form. */
  st?: string | undefined;
  error?: string | undefined;
  /** What a refused form had chosen (chosenLinesOf): shown again, so trying again is one click. */
  chosen?: readonly ChosenLine[] | undefined;
}

export function ReturnForm({ order, action, st, error, chosen = [] }: ReturnFormProps) {
  const { t } = usePage();
  const lines = order.items.filter((item) => returnableUnits(item) > 0);
  return (
    <form className="form return-form" method="post" action={action}>
      <p>{t('returns.intro', { days: RETURN_WINDOW_DAYS })}</p>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      {st ? <input type="hidden" name="st" value={st} /> : null}
      {lines.map((item) => {
        const units = returnableUnits(item);
        const again = chosen.find((line) => line.itemId === item.itemId);
        return (
          <fieldset className="return-form__line" key={item.itemId}>
            <legend>
              {item.name} · {item.variants.color} · {item.variants.size}
            </legend>
            <SelectField
              id={`return-qty-${item.itemId}`}
              name={`qty:${item.itemId}`}
              label={t('returns.quantity')}
              options={Array.from({ length: units + 1 }, (_, n) => ({ value: String(n), label: n === 0 ? t('returns.keep') : String(n) }))}
              defaultValue={again && again.quantity <= units ? String(again.quantity) : '0'}
            />
            <SelectField
              id={`return-reason-${item.itemId}`}
              name={`reason:${item.itemId}`}
              label={t('returns.reason')}
              options={RETURN_REASONS.map((reason) => ({ value: reason, label: t(`returns.reason.${reason}` as MessageKey) }))}
              defaultValue={again?.reason}
            />
          </fieldset>
        );
      })}
      <div className="form__actions">
        <button className="button button--primary" type="submit">
          {t('returns.submit')}
        </button>
      </div>
    </form>
  );
}

/** The returns made for an order, each with its label to print while it is on its way. */
export function ReturnsList({ returns, labelQuery = '' }: { returns: ReturnView[]; labelQuery?: string }) {
  const { t } = usePage();
  if (returns.length === 0) return null;
  return (
    <ul className="returns-list">
      {returns.map((view) => (
        <li key={view.returnId}>
          <strong>{t('returns.numbered', { number: view.returnId })}</strong> · {t(`returns.status.${view.status}` as MessageKey)}
          <ul>
            {view.items.map((item) => (
              <li key={item.itemId}>
                {item.quantity} × {item.name} ({t(`returns.reason.${item.reason}` as MessageKey)})
              </li>
            ))}
          </ul>
          {view.status === 'label_issued' ? (
            <a
              className="button button--secondary"
              href={`/api/consumers-v3/consumer/return/${view.orderNumber}/${view.returnId}/label${labelQuery}`}
              download={`cairn-return-${view.returnId}.pdf`}
            >
              {t('returns.label')}
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export interface ChosenLine {
  itemId: string;
  quantity: number;
  reason: string;
}

/** The lines a posted form chose (the return form, the cancel-items form): `qty:{itemId}` above zero, each with its `reason:{itemId}` when it has one (checked by the return). */
export function chosenLinesOf(fields: Record<string, string>): ChosenLine[] {
  const lines: ChosenLine[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (!name.startsWith('qty:')) continue;
    const itemId = name.slice(4);
    const quantity = Number(value);
    if (!Number.isInteger(quantity) || quantity <= 0 || quantity > 99) continue;
    lines.push({ itemId, quantity, reason: fields[`reason:${itemId}`] ?? '' });
  }
  return lines;
}

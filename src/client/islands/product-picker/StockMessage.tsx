// The stock line under the pickers: what the shopper's choice means for availability, read out politely.

import { stockStatusLabel } from '../../../shared/commerce/stock.ts';
import type { ProductAttribute } from '../../../shared/commerce/variants.ts';
import type { Translate } from '../../../shared/i18n/format.ts';
import { isChoosable, type PickerVariant } from '../../stores/product.ts';
import type { ProductPickerProps } from './ProductPicker.tsx';

interface StockMessageProps {
  attributes: ProductAttribute[];
  variants: readonly PickerVariant[];
  variant: PickerVariant | undefined;
  flags: ProductPickerProps['flags'];
  t: Translate;
}

function statusLine({ variants, variant, t, attributes }: StockMessageProps): { text: string; tone: 'ok' | 'low' | 'out' | 'hint' } {
  if (!variants.some((v) => v.inStock)) return { text: t('product.soldOutColour'), tone: 'out' };
  if (!variant) {
    const choosable = new Set(attributes.filter(isChoosable).map((a) => a.type));
    const key = choosable.has('width') ? 'product.chooseSizeWidth' : choosable.has('length') ? 'product.chooseSizeLength' : 'product.chooseSize';
    return { text: t(key), tone: 'hint' };
  }
  const tone = variant.stockStatus === 'OUT_OF_STOCK' ? 'out' : variant.stockStatus === 'LOW_STOCK' ? 'low' : 'ok';
  return { text: stockStatusLabel(t, variant), tone };
}

export function StockMessage(props: StockMessageProps) {
  const { flags, t, variant } = props;
  const status = statusLine(props);
  const notes: string[] = [];
  if (flags.comingSoon) notes.push(t('product.comingSoon', { date: flags.comingSoon }));
  else if (flags.presale) notes.push(t('product.presale'));
  if (flags.isRobisOnly) notes.push(t('product.robisOnly'));
  if (flags.digital) notes.push(t('product.digital'));
  return (
    <div className="stock">
      <p className={`stock__status stock__status--${status.tone}`} role="status" aria-live="polite">
        {status.text}
      </p>
      {variant ? <p className="stock__sku">{t('product.sku', { id: variant.id })}</p> : null}
      {notes.map((note) => (
        <p key={note} className="stock__note">
          {note}
        </p>
      ))}
    </div>
  );
}

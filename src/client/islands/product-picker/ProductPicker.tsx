// Size, width and length pickers with price and stock that follow the choice, without a reload.
// Every option is a real link, so the page works the same before hydration or without JavaScript.

import type { MessageKey } from '../../../shared/i18n/en.ts';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';
import { Price, type PriceView } from '../../../shared/ui/Price.tsx';
import { completeSelection, isOptionAvailable, type ProductAttribute, resolveVariant, type Selection } from '../../../shared/variants.ts';
import { type PickerVariant, useProductStore } from '../../stores/product.ts';
import { StockMessage } from './StockMessage.tsx';

export interface ProductPickerProps {
  productId: string;
  baseUrl: string;
  attributes: ProductAttribute[];
  variants: PickerVariant[];
  price: PriceView;
  lowestPriceNotice: boolean;
  selection: Selection;
  flags: { presale: boolean; comingSoon: string | null; notifyMe: boolean; isRobisOnly: boolean; digital: boolean };
}

/** Query string of a selection, in attribute order, for links and the address bar. */
function selectionQuery(attributes: readonly ProductAttribute[], selection: Selection): string {
  const params = new URLSearchParams();
  for (const a of attributes) {
    const value = selection[a.type];
    if (a.type !== 'color' && value !== undefined && a.options.length > 1) params.set(a.type, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

const LABEL_KEYS: Record<string, MessageKey> = { size: 'product.size', width: 'product.width', length: 'product.length' };

export default function ProductPicker(props: ProductPickerProps) {
  const { attributes, baseUrl, flags } = props;
  const { t } = useI18n();
  const { snap, select } = useProductStore(props.productId, props.variants, props.selection);
  const choosable = attributes.filter((a) => a.type !== 'color' && a.options.length > 1);
  const selection = completeSelection(attributes, snap.selection);
  const variant = resolveVariant(attributes, snap.variants, snap.selection);

  const choose = (event: React.MouseEvent<HTMLAnchorElement>, type: ProductAttribute['type'], value: string) => {
    // Modified clicks open the variant in a new tab as a plain link would.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    select(type, value);
    history.replaceState(history.state, '', `${baseUrl}${selectionQuery(attributes, { ...snap.selection, [type]: value })}`);
  };

  const price: PriceView = variant
    ? {
        ...props.price,
        current: variant.price.current,
        original: variant.price.original,
        lowCurrent: variant.price.current,
        highCurrent: variant.price.current,
        onSale: variant.price.onSale,
      }
    : props.price;

  return (
    <div className="picker">
      <Price price={price} lowestPriceNotice={props.lowestPriceNotice} size="large" />
      {choosable.map((attribute) => {
        const labelKey = props.flags.digital && attribute.type === 'size' ? 'product.amount' : (LABEL_KEYS[attribute.type] ?? 'product.size');
        const chosen = attribute.options.find((o) => o.value === selection[attribute.type]);
        return (
          <fieldset key={attribute.type} className={`picker__group picker__group--${attribute.type}`}>
            <legend className="picker__legend">
              {t(labelKey)}
              {chosen ? <span className="picker__chosen">{optionLabel(t, attribute.type, chosen.label)}</span> : null}
            </legend>
            <ul className="picker__options">
              {attribute.options.map((option) => {
                const available = isOptionAvailable(snap.variants, selection, attribute.type, option.value);
                const selected = selection[attribute.type] === option.value;
                const label = optionLabel(t, attribute.type, option.label);
                return (
                  <li key={option.value}>
                    <a
                      className={`picker__option${selected ? ' is-selected' : ''}${available ? '' : ' is-unavailable'}`}
                      href={`${baseUrl}${selectionQuery(attributes, { ...selection, [attribute.type]: option.value })}`}
                      aria-current={selected ? 'true' : undefined}
                      aria-label={available ? label : t('product.unavailableOption', { label })}
                      rel="nofollow"
                      onClick={(event) => choose(event, attribute.type, option.value)}
                    >
                      {attribute.type === 'width' ? option.label : label}
                    </a>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
      <StockMessage attributes={attributes} variants={snap.variants} variant={variant} flags={flags} t={t} />
    </div>
  );
}

function optionLabel(t: (key: MessageKey) => string, type: string, label: string): string {
  if (type === 'width' && (label === 'M' || label === 'W')) return t(`product.width.${label}`);
  return label;
}

// Price display (commerce-core §3 Price, §9): sale with the original struck through, ranges, EU lowest price.

import { formatMoney } from '../commerce/money.ts';
import { useI18n } from './i18n-context.tsx';

export interface PriceView {
  currency: string;
  current: number;
  original: number;
  lowCurrent: number;
  highCurrent: number;
  onSale: boolean;
  percentagePriceDiscount: number;
  historicBestPrice: number | null;
}

export interface PriceProps {
  price: PriceView;
  /** EU sites show the lowest price of the 30 days before a reduction. */
  lowestPriceNotice?: boolean;
  size?: 'small' | 'large';
}

export function Price({ price, lowestPriceNotice = false, size = 'small' }: PriceProps) {
  const { t, localeTag } = useI18n();
  const money = (minor: number) => formatMoney(minor, price.currency, localeTag);
  const isRange = price.lowCurrent !== price.highCurrent;
  const className = `price price--${size}${price.onSale ? ' price--sale' : ''}`;
  return (
    <div className={className}>
      {isRange ? (
        <span className="price__current">{t('price.range', { low: money(price.lowCurrent), high: money(price.highCurrent) })}</span>
      ) : price.onSale ? (
        <>
          <span className="price__current">
            <span className="sr-only">{t('price.current')} </span>
            {money(price.current)}
          </span>{' '}
          <s className="price__original">
            <span className="sr-only">{t('price.original')} </span>
            {money(price.original)}
          </s>{' '}
          <span className="price__off">{t('price.off', { percent: Math.round(price.percentagePriceDiscount) })}</span>
        </>
      ) : (
        <span className="price__current">{money(price.current)}</span>
      )}
      {lowestPriceNotice && price.onSale && price.historicBestPrice !== null ? (
        <p className="price__lowest">{t('price.lowest30', { price: money(price.historicBestPrice) })}</p>
      ) : null}
    </div>
  );
}

// Description, details, size and fit, and performance ratings below the picker.

import type { MessageKey } from '../../../shared/i18n/en.ts';
import type { ProductDetail } from '../../commerce/catalog/product.ts';
import { usePage } from '../page-context.tsx';

export function ProductInfo({ product }: { product: ProductDetail }) {
  const { t } = usePage();
  return (
    <div className="pdp__info">
      <section className="info-block">
        <h2 className="info-block__title">{t('product.description')}</h2>
        <p>{product.description}</p>
      </section>
      {product.details.length > 0 ? (
        <section className="info-block">
          <h2 className="info-block__title">{t('product.details')}</h2>
          <ul className="info-block__list">
            {product.details.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {product.modelMeasurements ? (
        <section className="info-block">
          <h2 className="info-block__title">{t('product.modelMeasurements')}</h2>
          <p>{product.modelMeasurements}</p>
        </section>
      ) : null}
      {product.benefitRatings.length > 0 ? (
        <section className="info-block">
          <h2 className="info-block__title">{t('product.benefits')}</h2>
          <dl className="benefits">
            {product.benefitRatings.map((b) => (
              <div key={b.key} className="benefits__row">
                <dt>{t(`product.benefit.${b.key}` as MessageKey)}</dt>
                <dd>
                  <meter min={0} max={5} value={b.value} aria-label={t('product.benefitValue', { value: b.value })}>
                    {t('product.benefitValue', { value: b.value })}
                  </meter>
                  <span className="benefits__value" aria-hidden="true">
                    {b.value}/5
                  </span>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}

// The size guide beside the size picker (the store services issue, §4): the product's own chart in a native
// popover, opened and closed by the browser (popovertarget), so the product page ships no script for it.

import { type Audience, apparelChart, bottomsChart, shoeAudience, shoeChart } from '../../../shared/size-charts.ts';
import { usePage } from '../page-context.tsx';

export function SizeGuide({ sizeSystem, sizes }: { sizeSystem: string; sizes: readonly string[] }) {
  const { t, locale } = usePage();
  if (sizeSystem !== 'shoe' && sizeSystem !== 'apparel' && sizeSystem !== 'bottoms') return null;
  // Apparel: a kids' run stops at XL; an adult's chart is the men's, the women's is on the size guide page.
  const audience: Audience = sizeSystem === 'shoe' ? shoeAudience(sizes) : sizes.includes('XXL') ? 'men' : 'kids';
  return (
    <>
      <button type="button" className="button button--link pdp__size-guide" popoverTarget="size-guide">
        {t('sizeGuide.open')}
      </button>
      <div id="size-guide" popover="auto" role="dialog" aria-labelledby="size-guide-title" className="size-guide">
        <div className="size-guide__head">
          <h2 id="size-guide-title">{t('sizeGuide.title')}</h2>
          <button type="button" className="button button--link" popoverTarget="size-guide" popoverTargetAction="hide">
            {t('sizeGuide.close')}
          </button>
        </div>
        {sizeSystem === 'shoe' ? (
          <table className="size-guide__table">
            <caption>{t(`sizeGuide.${audience}`)}</caption>
            <thead>
              <tr>
                <th scope="col">US</th>
                <th scope="col">UK</th>
                <th scope="col">EU</th>
                <th scope="col">{t('sizeGuide.footLength')}</th>
              </tr>
            </thead>
            <tbody>
              {shoeChart(audience).map((row) => (
                <tr key={row.us}>
                  <th scope="row">{row.us}</th>
                  <td>{row.uk}</td>
                  <td>{row.eu}</td>
                  <td>{row.cm}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {sizeSystem === 'apparel' ? (
          <table className="size-guide__table">
            <caption>{t(`sizeGuide.${audience}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('sizeGuide.size')}</th>
                <th scope="col">{t('sizeGuide.chest')}</th>
                <th scope="col">{t('sizeGuide.waist')}</th>
              </tr>
            </thead>
            <tbody>
              {apparelChart(audience).map((row) => (
                <tr key={row.size}>
                  <th scope="row">{row.size}</th>
                  <td>{row.chest}</td>
                  <td>{row.waist}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {sizeSystem === 'bottoms' ? (
          <table className="size-guide__table">
            <caption>{t('sizeGuide.waistCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('sizeGuide.waistInches')}</th>
                <th scope="col">{t('sizeGuide.waistCm')}</th>
              </tr>
            </thead>
            <tbody>
              {bottomsChart().waists.map((row) => (
                <tr key={row.waist}>
                  <th scope="row">{row.waist}</th>
                  <td>{row.waistCm}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <p className="size-guide__more">
          <a href={`/${locale.code}/size-guide`}>{t('sizeGuide.all')}</a>
        </p>
      </div>
    </>
  );
}

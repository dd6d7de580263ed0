// The size charts as tables (shared/size-charts.ts), for the product page's size guide and the size guide page.

import { type Audience, apparelChart, bottomsChart, shoeChart } from '../../../shared/size-charts.ts';
import { usePage } from '../page-context.tsx';

export function ShoeSizeTable({ audience }: { audience: Audience }) {
  const { t } = usePage();
  return (
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
  );
}

export function BodySizeTable({ audience }: { audience: Audience }) {
  const { t } = usePage();
  return (
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
  );
}

/** Two columns, a row per size: the waists in inches and centimetres, or the inside legs. */
export function BottomsTable({ part }: { part: 'waists' | 'insideLeg' }) {
  const { t } = usePage();
  const chart = bottomsChart();
  const rows = part === 'waists' ? chart.waists.map((row) => [row.waist, row.waistCm]) : chart.insideLeg.map((row) => [row.length, row.cm]);
  return (
    <table className="size-guide__table">
      <caption>{t(part === 'waists' ? 'sizeGuide.waistCaption' : 'sizeGuide.insideLeg')}</caption>
      <thead>
        <tr>
          <th scope="col">{part === 'waists' ? t('sizeGuide.waistInches') : 'in'}</th>
          <th scope="col">{part === 'waists' ? t('sizeGuide.waistCm') : 'cm'}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([inches, cm]) => (
          <tr key={inches}>
            <th scope="row">{inches}</th>
            <td>{cm}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

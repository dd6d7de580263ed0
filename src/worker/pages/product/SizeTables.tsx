// The size charts as tables (commerce/catalog/size-charts.ts), for the product page's size guide and the size guide page.

import { type Audience, apparelChart, bottomsChart, shoeChart } from '../../commerce/catalog/size-charts.ts';
import { usePage } from '../page-context.tsx';

/** A chart: a header cell per column, then a row per size, its first cell the row's header. */
function ChartTable({ caption, columns, rows }: { caption: string; columns: readonly string[]; rows: readonly (readonly (string | number)[])[] }) {
  return (
    <table className="size-guide__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([first, ...rest]) => (
          <tr key={first}>
            <th scope="row">{first}</th>
            {rest.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ShoeSizeTable({ audience }: { audience: Audience }) {
  const { t } = usePage();
  return (
    <ChartTable
      caption={t(`sizeGuide.${audience}`)}
      columns={['US', 'UK', 'EU', t('sizeGuide.footLength')]}
      rows={shoeChart(audience).map((row) => [row.us, row.uk, row.eu, row.cm])}
    />
  );
}

export function BodySizeTable({ audience }: { audience: Audience }) {
  const { t } = usePage();
  return (
    <ChartTable
      caption={t(`sizeGuide.${audience}`)}
      columns={[t('sizeGuide.size'), t('sizeGuide.chest'), t('sizeGuide.waist')]}
      rows={apparelChart(audience).map((row) => [row.size, row.chest, row.waist])}
    />
  );
}

/** Two columns, a row per size: the waists in inches and centimetres, or the inside legs. */
export function BottomsTable({ part }: { part: 'waists' | 'insideLeg' }) {
  const { t } = usePage();
  const chart = bottomsChart();
  return part === 'waists' ? (
    <ChartTable
      caption={t('sizeGuide.waistCaption')}
      columns={[t('sizeGuide.waistInches'), t('sizeGuide.waistCm')]}
      rows={chart.waists.map((row) => [row.waist, row.waistCm])}
    />
  ) : (
    <ChartTable caption={t('sizeGuide.insideLeg')} columns={['in', 'cm']} rows={chart.insideLeg.map((row) => [row.length, row.cm])} />
  );
}

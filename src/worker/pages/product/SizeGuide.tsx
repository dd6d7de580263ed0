// The size guide beside the size picker (the store services issue, §4): the product's own chart in a native
// popover, opened and closed by the browser (popovertarget), so the product page ships no script for it.

import { type Audience, shoeAudience } from '../../commerce/catalog/size-charts.ts';
import { usePage } from '../page-context.tsx';
import { BodySizeTable, BottomsTable, ShoeSizeTable } from './SizeTables.tsx';

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
        {sizeSystem === 'shoe' ? <ShoeSizeTable audience={audience} /> : null}
        {sizeSystem === 'apparel' ? <BodySizeTable audience={audience} /> : null}
        {sizeSystem === 'bottoms' ? <BottomsTable part="waists" /> : null}
        <p className="size-guide__more">
          <a href={`/${locale.code}/size-guide`}>{t('sizeGuide.all')}</a>
        </p>
      </div>
    </>
  );
}

// Renders a list of content blocks: one component per block type, each inside a wrapper that carries the
// common per-breakpoint hiding and bottom margin.

import type { ReactNode } from 'react';
import type { Block } from '../../../shared/content/blocks.ts';
import { ArticleGrid } from './ArticleGrid.tsx';
import { Banner } from './Banner.tsx';
import { BenefitBar, PromoBar } from './Bars.tsx';
import { CategoryCard, LinkedCard } from './Cards.tsx';
import { Collection } from './Collection.tsx';
import { shellClasses } from './classes.ts';
import { EventSignUp } from './EventSignUp.tsx';
import { ProductRecommendations } from './ProductRecommendations.tsx';
import { MediaList } from './parts.tsx';
import { filterShows, useContentPlace } from './place.tsx';
import { Accordion, GenericDialog, RichText, SecondaryNavigation, Spacer, UgcWidget } from './TextBlocks.tsx';
import { VideoPlayer } from './VideoPlayer.tsx';

function renderItem(item: Block): ReactNode {
  return <BlockView block={item} />;
}

function BlockBody({ block }: { block: Block }): ReactNode {
  switch (block.type) {
    case 'Banner':
      return <Banner block={block} />;
    case 'Collection':
      return <Collection block={block} renderItem={renderItem} />;
    case 'CategoryCard':
      return <CategoryCard block={block} />;
    case 'LinkedCard':
    case 'MultiLinkCard':
      return <LinkedCard block={block} />;
    case 'ProductRecommendations':
      return <ProductRecommendations block={block} />;
    case 'PromoBar':
      return <PromoBar block={block} />;
    case 'BenefitBar':
      return <BenefitBar block={block} />;
    case 'RichText':
      return <RichText block={block} />;
    case 'Spacer':
      return <Spacer block={block} />;
    case 'Accordion':
      return <Accordion block={block} />;
    case 'VideoPlayer':
      return <VideoPlayer block={block} />;
    case 'ArticleGrid':
      return <ArticleGrid block={block} />;
    case 'SecondaryNavigation':
      return <SecondaryNavigation block={block} />;
    case 'FilterBy':
      // Shown only where its rule holds for this page (place.tsx): BlockView leaves it out elsewhere.
      return <Blocks items={block.components} />;
    case 'UgcWidget':
      return <UgcWidget block={block} />;
    case 'EventSignUp':
      return <EventSignUp block={block} />;
    case 'GenericDialog':
      return <GenericDialog block={block} />;
    case 'Experience':
    case 'Segmentation':
      // The content service swaps in the chosen variant or segment as `baselines` before rendering.
      return <Blocks items={block.baselines} />;
    case 'FragmentRef':
      return null;
  }
}

function BlockView({ block }: { block: Block }) {
  const place = useContentPlace();
  // Augmentation inlines fragments, so a reference left over has nothing to show.
  if (block.type === 'FragmentRef') return null;
  if (block.type === 'FilterBy' && !filterShows(block, place)) return null;
  return (
    <div className={shellClasses(block)} data-promotion={block.promotionTracking?.promotionName}>
      <BlockBody block={block} />
      <MediaList media={block.mediaList} />
    </div>
  );
}

export function Blocks({ items }: { items: Block[] }) {
  return (
    <>
      {items.map((block, i) => (
        <BlockView key={`${i}-${block.id}`} block={block} />
      ))}
    </>
  );
}

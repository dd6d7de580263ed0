// Augments a content document for rendering: fragments inlined, category cards named, product
// recommendations filled with the site's products. The augmented page is what gets cached, tagged
// with every fragment and product it embeds so a purge by tag finds it.

import type { Block, CategoryCardBlock, FragmentRefBlock, ProductRecommendationsBlock, RecommendedProduct } from '../../shared/content/blocks.ts';
import type { Locale } from '../../shared/locale/sites.ts';
import { paths } from '../../shared/routes.ts';
import { type CatalogIndex, categoryName, descendantIds } from '../commerce/catalog/catalog-index.ts';
import { recommendedProducts } from '../commerce/catalog/recommendations.ts';

export interface AugmentDeps {
  db: D1Database;
  index: CatalogIndex;
  locale: Locale;
  /** Reads a fragment's blocks through the content cache. */
  fragment: (fragmentId: string) => Promise<Block[] | null>;
}

const MAX_FRAGMENT_DEPTH = 3;
const DEFAULT_RECOMMENDATIONS = 8;

/** Children of blocks that contain blocks, so augmentation reaches every level. */
function childLists(block: Block): Block[][] {
  switch (block.type) {
    case 'Collection':
      return [block.items];
    case 'Experience':
      return [block.baselines, ...block.variants.map((v) => v.targets)];
    case 'Segmentation':
      return [block.baselines, ...block.segments.map((s) => s.targets)];
    case 'FilterBy':
      return [block.components];
    default:
      return [];
  }
}

export async function augmentBlocks(blocks: Block[], deps: AugmentDeps, tags: Set<string>, depth = 0): Promise<Block[]> {
  const out: Block[] = [];
  for (const block of blocks) {
    if (block.type === 'FragmentRef') {
      tags.add(`fragment:${(block as FragmentRefBlock).fragmentId}`);
      const fragment = depth < MAX_FRAGMENT_DEPTH ? await deps.fragment(block.fragmentId) : null;
      if (fragment) out.push(...(await augmentBlocks(fragment, deps, tags, depth + 1)));
      continue;
    }
    out.push(await augmentOne(block, deps, tags, depth));
  }
  return out;
}

async function augmentOne(block: Block, deps: AugmentDeps, tags: Set<string>, depth: number): Promise<Block> {
  if (block.type === 'CategoryCard') return namedCategory(block, deps);
  if (block.type === 'ProductRecommendations') return withProducts(block, deps, tags);
  const lists = childLists(block);
  if (lists.length === 0) return block;
  const augmented = await Promise.all(lists.map((list) => augmentBlocks(list, deps, tags, depth)));
  switch (block.type) {
    case 'Collection':
      return { ...block, items: augmented[0] ?? [] };
    case 'FilterBy':
      return { ...block, components: augmented[0] ?? [] };
    case 'Experience':
      return { ...block, baselines: augmented[0] ?? [], variants: block.variants.map((v, i) => ({ ...v, targets: augmented[i + 1] ?? [] })) };
    case 'Segmentation':
      return { ...block, baselines: augmented[0] ?? [], segments: block.segments.map((s, i) => ({ ...s, targets: augmented[i + 1] ?? [] })) };
    default:
      return block;
  }
}

function namedCategory(block: CategoryCardBlock, deps: AugmentDeps): CategoryCardBlock {
  const node = deps.index.categories.get(block.categoryId);
  if (!node) return block;
  return { ...block, category: { name: categoryName(node, deps.locale.lang), url: paths.category(deps.locale.code, node.slug, node.id) } };
}

async function withProducts(block: ProductRecommendationsBlock, deps: AugmentDeps, tags: Set<string>): Promise<ProductRecommendationsBlock> {
  const limit = block.limit ?? DEFAULT_RECOMMENDATIONS;
  const node = block.categoryId === undefined ? undefined : deps.index.categories.get(block.categoryId);
  const products: RecommendedProduct[] = await recommendedProducts(deps.db, deps.locale, {
    productIds: block.productIds?.filter((id) => deps.index.products.has(id)) ?? [],
    categoryIds: node ? descendantIds(node) : [],
    limit,
  });
  for (const product of products) tags.add(`product:${product.productId}`);
  return { ...block, products };
}

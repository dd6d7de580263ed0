// The mega menu: the real category tree three levels deep, with banners and visual selectors on the main audiences.

import type { BannerBlock, MenuDocument, MenuNode } from '../../../src/shared/content/blocks.ts';
import type { CategoryInfo } from './catalog-lookup.ts';
import { bannerMedia, type ContentContext, categoryName, categoryTarget, categoryUrl, productMedia, topProduct } from './context.ts';
import type { BannerCopy } from './copy.ts';

const VISUAL_SELECTORS = ['mens-boots', 'mens-hiking', 'mens-sneakers'];

function menuBanner(ctx: ContentContext, slug: string, banner: 'trail' | 'hero', copy: BannerCopy, link: string): BannerBlock {
  return {
    type: 'Banner',
    id: `menu-banner-${slug}`,
    variant: 'menu',
    title: copy.title,
    subtitle: copy.text,
    media: bannerMedia(banner, copy.alt),
    targets: [categoryTarget(ctx, link, copy.cta, 'link')],
    promotionTracking: { promotionName: `menu-${slug}` },
  };
}

function menuNode(ctx: ContentContext, category: CategoryInfo): MenuNode {
  const title = category.names[ctx.lang];
  const children = ctx.lookup.children(category.id);
  const node: MenuNode = {
    id: `menu-${category.slug}`,
    title,
    target: { text: title, url: categoryUrl(ctx, category.slug) },
    // Analytics compare menus across locales by slug rather than by translated title.
    delocalizedTracking: category.slug,
  };
  if (children.length > 0) node.columns = children.map((child) => menuNode(ctx, child));
  else if (category.level === 1) node.hideShopAll = { sm: true, lg: true };
  return node;
}

export function megaMenu(ctx: ContentContext): MenuDocument {
  const { menu } = ctx.copy;
  const items = ctx.lookup.roots().map((root) => {
    const node = menuNode(ctx, root);
    if (root.slug === 'mens') {
      node.menuBanner = menuBanner(ctx, 'mens', 'trail', menu.men, 'mens-boots');
      node.visualSelectorsTitle = menu.footwearTitle;
      node.visualSelectors = VISUAL_SELECTORS.map((slug) => ({
        id: `menu-visual-${slug}`,
        title: categoryName(ctx, slug),
        url: categoryUrl(ctx, slug),
        media: productMedia(topProduct(ctx, slug), categoryName(ctx, slug), 'side'),
      }));
    }
    if (root.slug === 'womens') node.menuBanner = menuBanner(ctx, 'womens', 'hero', menu.women, 'womens-hiking');
    return node;
  });
  // Sale is the men's listing filtered to reduced items: the site has no sale landing page.
  items.push({
    id: 'menu-sale',
    title: menu.sale,
    menuStyle: 'sale',
    menuIcon: 'tag',
    target: { text: menu.sale, url: categoryUrl(ctx, 'mens', '?badge=sale') },
    hideShopAll: { sm: true, lg: true },
    delocalizedTracking: 'sale',
  });
  return { openOn: 'hover', items };
}

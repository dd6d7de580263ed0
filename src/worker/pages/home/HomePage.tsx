// Home page view: a hero with the two main departments, category tiles, then product rails.

import type { MessageKey } from '../../../shared/i18n/en.ts';
import { paths } from '../../../shared/routes.ts';
import { assets } from '../../assets.ts';
import { type CategoryNode, categoryName } from '../../commerce/catalog/catalog-index.ts';
import { productImageUrl } from '../../commerce/catalog/images.ts';
import type { ListingCard } from '../../commerce/catalog/listing.ts';
import type { Rail } from '../../commerce/catalog/listing-query.ts';
import { tileArt } from '../../commerce/catalog/tile-art.ts';
import { ProductGrid } from '../components/ProductGrid.tsx';
import { usePage } from '../page-context.tsx';

export interface HomeRail {
  rail: Rail;
  cards: ListingCard[];
}

const RAIL_TITLES: Record<Rail, MessageKey> = { newest: 'home.newArrivals', bestsellers: 'home.bestsellers', sale: 'home.onSale' };

export function HomePage({ rails, roots }: { rails: HomeRail[]; roots: readonly CategoryNode[] }) {
  const { t, locale } = usePage();
  const departments = roots.filter((r) => r.children.length > 0);
  const tiles = departments.flatMap((root, audience) => root.children.map((group) => ({ root, group, art: tileArt(group.slug, audience) })));
  return (
    <div className="page page--home">
      <section className="hero">
        <img className="hero__image" src={`${assets.bannerBase}/hero.svg`} width={1600} height={700} alt="" fetchPriority="high" />
        <div className="hero__content">
          <p className="hero__eyebrow">{t('brand.tagline')}</p>
          <h1 className="hero__title">{t('home.heroTitle')}</h1>
          <p className="hero__text">{t('home.heroText')}</p>
          <p className="hero__actions">
            {departments.slice(0, 2).map((root) => (
              <a key={root.id} className="button button--light" href={paths.category(locale.code, root.slug, root.id)}>
                {t('home.heroCta', { name: categoryName(root, locale.lang) })}
              </a>
            ))}
          </p>
        </div>
      </section>
      <section className="home-section" aria-labelledby="home-categories">
        <h2 className="home-section__title" id="home-categories">
          {t('home.shopByCategory')}
        </h2>
        <ul className="tiles">
          {tiles.map(({ root, group, art }) => {
            return (
              <li key={group.id}>
                <a className="tile" href={paths.category(locale.code, group.slug, group.id)}>
                  <img src={productImageUrl(assets.imageBase, art.type, art.hex, 'angle')} width={800} height={800} alt="" loading="lazy" decoding="async" />
                  <span className="tile__label">
                    <span className="tile__root">{categoryName(root, locale.lang)}</span> {categoryName(group, locale.lang)}
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      </section>
      {rails
        .filter((r) => r.cards.length > 0)
        .map((r) => (
          <section key={r.rail} className="home-section" aria-labelledby={`rail-${r.rail}`}>
            <h2 className="home-section__title" id={`rail-${r.rail}`}>
              {t(RAIL_TITLES[r.rail])}
            </h2>
            <ProductGrid cards={r.cards} />
          </section>
        ))}
    </div>
  );
}

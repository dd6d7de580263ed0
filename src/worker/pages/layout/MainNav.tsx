// Desktop navigation: top-level departments with flyouts of their groups and types.

import type { Translate } from '../../../shared/i18n/format.ts';
import type { CategoryResource } from '../../commerce/catalog/resources.ts';

export function MainNav({ nav, t }: { nav: CategoryResource[]; t: Translate }) {
  return (
    <ul className="main-nav__list">
      {nav.map((root) => (
        <li key={root.id} className="main-nav__item">
          <a className="main-nav__link" href={root.url}>
            {root.name}
          </a>
          {root.children.length > 0 ? (
            <div className="flyout">
              <div className="flyout__inner">
                {root.children.map((group) => (
                  <div key={group.id} className="flyout__column">
                    <a className="flyout__heading" href={group.url}>
                      {group.name}
                    </a>
                    <ul>
                      {group.children.map((leaf) => (
                        <li key={leaf.id}>
                          <a href={leaf.url}>{leaf.name}</a>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
                <a className="flyout__all" href={root.url}>
                  {t('header.shopAll', { name: root.name })}
                </a>
              </div>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

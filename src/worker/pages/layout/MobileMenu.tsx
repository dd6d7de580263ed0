// Phone navigation: a disclosure drawer built on <details>, so it opens without any JavaScript.

import type { Translate } from '../../../shared/i18n/format.ts';
import { Icon } from '../../../shared/ui/Icon.tsx';
import type { CategoryResource } from '../../commerce/catalog/resources.ts';

/** The content of the header's <details className="mobile-menu">. */
export function MobileMenu({ nav, t }: { nav: CategoryResource[]; t: Translate }) {
  return (
    <>
      <summary className="mobile-menu__toggle" aria-label={t('a11y.openMenu')}>
        <span className="mobile-menu__open">
          <Icon name="menu" />
        </span>
        <span className="mobile-menu__close">
          <Icon name="close" />
        </span>
      </summary>
      <nav className="mobile-menu__panel" aria-label={t('a11y.mainNavigation')}>
        <ul>
          {nav.map((root) => (
            <li key={root.id}>
              {root.children.length === 0 ? (
                <a className="mobile-menu__root" href={root.url}>
                  {root.name}
                </a>
              ) : (
                <details>
                  <summary className="mobile-menu__root">{root.name}</summary>
                  <ul>
                    <li>
                      <a className="mobile-menu__all" href={root.url}>
                        {t('header.shopAll', { name: root.name })}
                      </a>
                    </li>
                    {root.children.map((group) => (
                      <li key={group.id}>
                        <details>
                          <summary>{group.name}</summary>
                          <ul>
                            <li>
                              <a className="mobile-menu__all" href={group.url}>
                                {t('header.shopAll', { name: group.name })}
                              </a>
                            </li>
                            {group.children.map((leaf) => (
                              <li key={leaf.id}>
                                <a href={leaf.url}>{leaf.name}</a>
                              </li>
                            ))}
                          </ul>
                        </details>
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

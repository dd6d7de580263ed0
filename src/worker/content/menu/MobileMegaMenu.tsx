// Phone mega menu: a <details> drawer with nested <details> per level, so all three levels open without JavaScript.

import type { MenuDocument, MenuNode } from '../../../shared/content/blocks.ts';
import { Icon } from '../../../shared/ui/Icon.tsx';
import { cx } from '../blocks/classes.ts';
import type { BlockContextValue } from '../blocks/context.tsx';
import { DEFAULT_MENU_TEXT, MenuLink, type MenuText, NodeLabel, NodeLink, shopAllTarget, styleClass } from './MegaMenu.tsx';

export interface MobileMegaMenuProps {
  menu: MenuDocument;
  labels: BlockContextValue['labels'];
  /** Accessible name of the closed drawer's toggle ("Open menu"); the open one uses labels.close. */
  openLabel: string;
  ariaLabel: string;
  text?: Pick<MenuText, 'shopAll'>;
}

function ShopAll({ node, text }: { node: MenuNode; text: Pick<MenuText, 'shopAll'> }) {
  const target = shopAllTarget(node, 'sm', { ...DEFAULT_MENU_TEXT, ...text });
  if (!target) return null;
  return (
    <li>
      <MenuLink url={target.url} targetAttribute={target.targetAttribute} className="mega-mobile__all" track={node.delocalizedTracking}>
        {target.text}
      </MenuLink>
    </li>
  );
}

/** One level of the drawer: a plain link for a leaf, else a disclosure listing "Shop all" and the children. */
function Level({ node, depth, text }: { node: MenuNode; depth: 1 | 2 | 3; text: Pick<MenuText, 'shopAll'> }) {
  const children = depth < 3 ? (node.columns ?? []) : [];
  const rowClass = depth === 1 ? 'mega-mobile__root' : depth === 2 ? 'mega-mobile__group' : 'mega-mobile__leaf';
  if (children.length === 0) return <NodeLink node={node} className={rowClass} styleBlock="mega-mobile__link" />;
  return (
    <details className="mega-mobile__section">
      <summary className={cx(rowClass, styleClass('mega-mobile__link', node))} data-menu-track={node.delocalizedTracking}>
        <NodeLabel node={node} />
      </summary>
      <ul>
        <ShopAll node={node} text={text} />
        {children.map((child) => (
          <li key={child.id}>
            <Level node={child} depth={depth === 1 ? 2 : 3} text={text} />
          </li>
        ))}
      </ul>
    </details>
  );
}

export function MobileMegaMenu({ menu, labels, openLabel, ariaLabel, text = DEFAULT_MENU_TEXT }: MobileMegaMenuProps) {
  return (
    <details className="mega-mobile" data-mega-mobile="">
      {/* Only one of the two spans is displayed, so the toggle's name follows the drawer's state without script. */}
      <summary className="mega-mobile__toggle">
        <span className="mega-mobile__open">
          <Icon name="menu" />
          <span className="sr-only">{openLabel}</span>
        </span>
        <span className="mega-mobile__close">
          <Icon name="close" />
          <span className="sr-only">{labels.close}</span>
        </span>
      </summary>
      <nav className="mega-mobile__panel" aria-label={ariaLabel}>
        <ul className="mega-mobile__list">
          {menu.items.map((node) => (
            <li key={node.id}>
              <Level node={node} depth={1} text={text} />
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

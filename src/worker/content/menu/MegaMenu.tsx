// Desktop mega menu (account-content §3, §4): a bar of departments, each with a disclosure panel of columns, visuals and a banner.

import type { ReactNode } from 'react';
import type { MediaSource, MenuDocument, MenuNode, Target } from '../../../shared/content/blocks.ts';
import { Icon } from '../../../shared/ui/Icon.tsx';
import { Blocks } from '../blocks/Blocks.tsx';
import { cx } from '../blocks/classes.ts';
import { BlockContextProvider, type BlockContextValue } from '../blocks/context.tsx';
import { safeHref } from '../sanitize.ts';

/** Menu chrome strings; the page passes translated ones, the defaults keep tests and previews readable. */
export interface MenuText {
  shopAll: (name: string) => string;
  showMenu: (name: string) => string;
}

export const DEFAULT_MENU_TEXT: MenuText = {
  shopAll: (name) => `Shop all ${name}`,
  showMenu: (name) => `Show ${name} menu`,
};

export interface MegaMenuProps {
  menu: MenuDocument;
  mediaUrl: (s: MediaSource) => string;
  labels: BlockContextValue['labels'];
  ariaLabel: string;
  text?: MenuText;
}

/** The panel id is referenced by aria-controls, so it must be a valid, stable id whatever the CMS id holds. */
export function panelId(node: MenuNode): string {
  return `mega-panel-${node.id.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** Where "Shop all" goes for a breakpoint, or null when the editor hid it or there is nowhere safe to go. */
export function shopAllTarget(node: MenuNode, breakpoint: 'sm' | 'lg', text: MenuText): Target | null {
  if (node.hideShopAll?.[breakpoint]) return null;
  const target = node.overrideShopAll ?? node.target;
  if (!target || !safeHref(target.url)) return null;
  const label = node.overrideShopAll?.text || text.shopAll(node.title);
  return { ...target, text: label };
}

export function styleClass(block: string, node: MenuNode): string | null {
  return node.menuStyle && node.menuStyle !== 'default' ? `${block}--${node.menuStyle}` : null;
}

/** A same-origin link, or plain text when the CMS URL is off-site or missing (nothing leaves the storefront). */
export function MenuLink({
  url,
  className,
  track,
  targetAttribute,
  children,
}: {
  url: string | undefined;
  className?: string | null;
  track?: string;
  targetAttribute?: Target['targetAttribute'];
  children: ReactNode;
}) {
  const href = safeHref(url);
  if (!href) return <span className={cx(className, 'is-unlinked')}>{children}</span>;
  const blank = targetAttribute === '_blank';
  return (
    <a className={className ?? undefined} href={href} data-menu-track={track} target={blank ? '_blank' : undefined} rel={blank ? 'noopener' : undefined}>
      {children}
    </a>
  );
}

/** A node's title, after its icon when it has one: the icon is decorative (hidden from assistive tech) and of a fixed size. */
export function NodeLabel({ node }: { node: MenuNode }) {
  if (!node.menuIcon) return <>{node.title}</>;
  return (
    <span className="menu-label">
      <Icon name={node.menuIcon} size={16} className="menu-label__icon" />
      {node.title}
    </span>
  );
}

/** A menu node's own link, titled by the node, with its style modifier (`{styleBlock}--sale`, ...). */
export function NodeLink({ node, className, styleBlock = 'mega__link' }: { node: MenuNode; className: string; styleBlock?: string }) {
  return (
    <MenuLink
      url={node.target?.url}
      targetAttribute={node.target?.targetAttribute}
      className={cx(className, styleClass(styleBlock, node))}
      track={node.delocalizedTracking}
    >
      <NodeLabel node={node} />
    </MenuLink>
  );
}

function hasPanel(node: MenuNode): boolean {
  return (node.columns?.length ?? 0) > 0 || (node.visualSelectors?.length ?? 0) > 0 || node.menuBanner !== undefined;
}

function Column({ node }: { node: MenuNode }) {
  const leaves = node.columns ?? [];
  return (
    <div className="mega__column">
      <NodeLink node={node} className="mega__heading" />
      {leaves.length > 0 ? (
        <ul className="mega__leaves">
          {leaves.map((leaf) => (
            <li key={leaf.id}>
              <NodeLink node={leaf} className="mega__leaf" />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function VisualSelectors({ node, mediaUrl }: { node: MenuNode; mediaUrl: (s: MediaSource) => string }) {
  const selectors = node.visualSelectors ?? [];
  if (selectors.length === 0) return null;
  const titleId = `${panelId(node)}-visuals`;
  return (
    <div className="mega__visuals">
      {node.visualSelectorsTitle ? (
        <p className="mega__visuals-title" id={titleId}>
          {node.visualSelectorsTitle}
        </p>
      ) : null}
      <ul className="mega__visual-list" aria-labelledby={node.visualSelectorsTitle ? titleId : undefined}>
        {selectors.map((selector) => (
          <li key={selector.id}>
            <MenuLink url={selector.url} className="mega__visual">
              {/* The card's text names the link, so the image would only repeat it. */}
              <img
                className="mega__visual-image"
                src={mediaUrl(selector.media.source)}
                width={selector.media.width}
                height={selector.media.height}
                alt=""
                loading="lazy"
                decoding="async"
              />
              <span className="mega__visual-title">{selector.title}</span>
            </MenuLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Panel({ node, mediaUrl, text }: { node: MenuNode; mediaUrl: (s: MediaSource) => string; text: MenuText }) {
  const shopAll = shopAllTarget(node, 'lg', text);
  return (
    <div id={panelId(node)} className="mega__panel" hidden>
      <div className="mega__inner">
        <div className="mega__main">
          {node.columns?.length ? (
            <div className="mega__columns">
              {node.columns.map((column) => (
                <Column key={column.id} node={column} />
              ))}
            </div>
          ) : null}
          {shopAll ? (
            <MenuLink url={shopAll.url} targetAttribute={shopAll.targetAttribute} className="mega__all" track={node.delocalizedTracking}>
              {shopAll.text}
            </MenuLink>
          ) : null}
          <VisualSelectors node={node} mediaUrl={mediaUrl} />
        </div>
        {node.menuBanner ? (
          <div className="mega__banner">
            <Blocks items={[node.menuBanner]} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

export function MegaMenu({ menu, mediaUrl, labels, ariaLabel, text = DEFAULT_MENU_TEXT }: MegaMenuProps) {
  // The menu is rendered once per published version for every page: nothing in it may depend on the request.
  const blockContext: BlockContextValue = { mediaUrl, location: null, labels };
  return (
    <BlockContextProvider value={blockContext}>
      <nav className="mega" aria-label={ariaLabel} data-mega-menu="" data-open-on={menu.openOn ?? 'hover'}>
        <ul className="mega__list">
          {menu.items.map((node) => {
            const panel = hasPanel(node);
            return (
              <li key={node.id} className={cx('mega__item', panel && 'mega__item--has-panel', styleClass('mega__item', node))}>
                <NodeLink node={node} className="mega__link" />
                {panel ? (
                  <>
                    <button type="button" className="mega__toggle" aria-expanded="false" aria-controls={panelId(node)} aria-label={text.showMenu(node.title)}>
                      <Icon name="chevron" size={16} />
                    </button>
                    <Panel node={node} mediaUrl={mediaUrl} text={text} />
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      </nav>
    </BlockContextProvider>
  );
}

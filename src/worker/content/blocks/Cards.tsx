// Card blocks: a category card, a linked card (the whole card is one link) and a multi-link card.

import type { CategoryCardBlock, LinkedCardBlock } from '../../../shared/content/blocks.ts';
import { safeHref } from '../sanitize.ts';
import { cx } from './classes.ts';
import { primaryTarget } from './item-fields.ts';
import { BlockMedia, BlockTitle, Eyebrow, Subtitle, surfaceClass, TargetLink } from './parts.tsx';
import { RichHtml } from './RichHtml.tsx';

export function CategoryCard({ block }: { block: CategoryCardBlock }) {
  const name = block.category?.name ?? block.title;
  const href = safeHref(block.category?.url ?? block.mediaTarget?.url);
  if (!name) return null;
  const body = (
    <>
      {block.media ? <BlockMedia media={{ ...block.media, alt: '' }} className="cat-card__image" width={800} /> : null}
      <span className="cat-card__label">{name}</span>
    </>
  );
  return href ? (
    <a className={cx('cat-card', surfaceClass(block))} href={href}>
      {body}
    </a>
  ) : (
    <div className={cx('cat-card', surfaceClass(block))}>{body}</div>
  );
}

/**
 * LinkedCard: one link, on the title, stretched over the card by the stylesheet so the card is clickable
 * while its accessible name stays the title. MultiLinkCard: the image and copy, then a list of links.
 */
export function LinkedCard({ block }: { block: LinkedCardBlock }) {
  const multi = block.type === 'MultiLinkCard';
  const target = multi ? undefined : primaryTarget(block);
  const title = block.titleHtml ? <RichHtml html={block.titleHtml} inline /> : (block.title ?? target?.text);
  return (
    <article className={cx('lcard', multi ? 'lcard--multi' : 'lcard--linked', surfaceClass(block))}>
      {block.media ? (
        <div className="lcard__media">
          <BlockMedia media={block.media} className="lcard__image" width={900} />
        </div>
      ) : null}
      <div className="lcard__body">
        <Eyebrow block={block} />
        {target ? (
          <h3 className={cx('lcard__title', block.hideTitle && 'sr-only')}>
            <TargetLink target={target} className="lcard__link">
              {title}
            </TargetLink>
          </h3>
        ) : (
          <BlockTitle block={block} className="lcard__title" as="h3" />
        )}
        <Subtitle block={block} />
        <RichHtml html={block.richText} className="cb-rich" />
        {multi && block.targets?.length ? (
          <ul className="lcard__links">
            {block.targets.map((t) => (
              <li key={`${t.url}|${t.text}`}>
                <TargetLink target={t} className="cb-link" />
              </li>
            ))}
          </ul>
        ) : null}
        <RichHtml html={block.richTextBelowTargets} className="cb-rich cb-rich--below" />
      </div>
    </article>
  );
}

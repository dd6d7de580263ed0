// Vertical-list collection: titles in a column beside a preview image that follows hover and focus
// (account-content §4), done by the stylesheet so it needs no script.

import type { CollectionBlock } from '../../../shared/content/blocks.ts';
import { commonFields, primaryTarget } from './item-fields.ts';
import { BlockMedia, TargetLink } from './parts.tsx';
import { RichHtml } from './RichHtml.tsx';

export function VerticalList({ block }: { block: CollectionBlock }) {
  const items = block.items.flatMap((item, i) => {
    const fields = commonFields(item);
    return fields ? [{ key: `${i}-${fields.id}`, fields }] : [];
  });
  if (items.length === 0) return null;
  return (
    <div className="vlist">
      <ul className="vlist__items">
        {items.map(({ key, fields }) => {
          const target = primaryTarget(fields);
          const text = fields.title ?? target?.text ?? '';
          return (
            <li key={key} className="vlist__item">
              {target ? (
                <TargetLink target={target} className="vlist__link">
                  {text}
                </TargetLink>
              ) : (
                <span className="vlist__link">{text}</span>
              )}
              {fields.subtitle ? <p className="vlist__subtitle">{fields.subtitle}</p> : null}
              {/* An entry without a link is information in itself (opening hours, a phone number): show its text. */}
              {!target && fields.richText ? <RichHtml html={fields.richText} className="vlist__text cb-rich" /> : null}
              {fields.media ? (
                <div className="vlist__preview" aria-hidden="true">
                  <BlockMedia media={{ ...fields.media, alt: '' }} className="vlist__image" width={900} />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

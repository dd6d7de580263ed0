// A user-generated-content gallery (account-content §2; the store services issue, §5): the server renders its
// frame (title, the space its photos take, the way to share one) and no photos, so the page stays the same for
// everyone and costs nothing to render. Its script (client/behaviours/ugc-widget.ts) loads only when the
// gallery comes near the viewport, waits 500 ms, then fills it from the social photo service; a failure is
// logged and the frame says there are no photos yet, so nothing moves and nothing reads as broken.

import type { ReactNode } from 'react';
import { type GalleryLabels, SOCIAL_REPORT_REASONS } from '../../../shared/schema/social.ts';
import { useI18n } from '../../../shared/ui/i18n-context.tsx';

/** Photos asked for, and the tiles the frame reserves before they come. */
export const GALLERY_SIZE = 8;

/** What the widget shows in the shopper's language; it carries no catalogue of its own. */
export function galleryLabels(t: ReturnType<typeof useI18n>['t']): GalleryLabels {
  return {
    by: t('social.photoBy'),
    shop: t('social.shopLook'),
    report: t('social.report'),
    reason: t('social.reportReason'),
    send: t('social.reportSend'),
    reported: t('social.reported'),
    signIn: t('social.reportSignIn'),
    close: t('event.close'),
    reasons: Object.fromEntries(SOCIAL_REPORT_REASONS.map((reason) => [reason, t(`social.reason.${reason}`)])),
  };
}

export type { GalleryLabels };

export function SocialGallery(props: {
  containerId: string;
  /** The service call the photos come from, same-origin. */
  source: string;
  heading: ReactNode;
  text?: string | undefined;
  /** The product the gallery is about: its failures are logged as missing product details. */
  productId?: string;
  shareHref?: string;
}) {
  const { t, locale } = useI18n();
  const { containerId, source, heading, text, productId, shareHref } = props;
  return (
    <section
      className="ugc"
      aria-labelledby={`${containerId}-title`}
      data-ugc-widget={containerId}
      data-ugc-source={source}
      data-ugc-locale={locale}
      data-ugc-product={productId}
      data-ugc-labels={JSON.stringify(galleryLabels(t))}
    >
      <div className="ugc__head">
        <div>
          <h2 className="cb-title" id={`${containerId}-title`}>
            {heading}
          </h2>
          {text ? <p className="ugc__caption">{text}</p> : null}
        </div>
        {shareHref ? (
          <a className="button button--secondary ugc__share" href={shareHref} rel="nofollow">
            {t('social.share')}
          </a>
        ) : null}
      </div>
      <div className="ugc__frame">
        <ul className="ugc__grid" id={containerId} aria-busy="true">
          {Array.from({ length: GALLERY_SIZE }, (_, i) => (
            <li key={i} className="ugc__tile ugc__tile--placeholder" aria-hidden="true" />
          ))}
        </ul>
        <p className="ugc__empty" hidden>
          {t('social.empty')}
        </p>
      </div>
    </section>
  );
}

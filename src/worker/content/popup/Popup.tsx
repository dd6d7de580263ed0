// CMS pop-ups (account-content §3, §4, §9): hidden markup that the popup behaviour reveals, minimized first.

import { useId } from 'react';
import type { PopupDocument } from '../../../shared/content/blocks.ts';
import { Blocks } from '../blocks/Blocks.tsx';
import { BlockContextProvider, type BlockContextValue } from '../blocks/context.tsx';

/** Account-content §9: a pop-up without its own delay expands after two seconds. */
const DEFAULT_POPUP_DELAY = 2000;

type PopupItem = PopupDocument['popups'][number];

const LOGO_WIDTHS: Record<NonNullable<PopupItem['logoSize']>, number> = { small: 96, medium: 144, large: 200 };

/** §9: the newsletter pop-up is only recognisable by its name. */
export function isNewsletter(name: string): boolean {
  return name.toLowerCase().includes('newsletter');
}

/** A bad CMS value must not turn into an instant or never-ending expand. */
export function popupDelay(delay: number | undefined): number {
  return typeof delay === 'number' && Number.isFinite(delay) && delay >= 0 ? Math.round(delay) : DEFAULT_POPUP_DELAY;
}

export interface PopupsProps {
  document: PopupDocument;
  mediaUrl: BlockContextValue['mediaUrl'];
  labels: BlockContextValue['labels'];
  /** Accessible name of the close (dismiss) button. */
  closeLabel: string;
  /** Added to the minimized tab's name so screen readers hear that it opens the pop-up. */
  expandLabel: string;
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

function Popup({ popup, mediaUrl, closeLabel, expandLabel }: { popup: PopupItem } & Pick<PopupsProps, 'mediaUrl' | 'closeLabel' | 'expandLabel'>) {
  const uid = useId();
  const titleId = `${uid}-title`;
  const panelId = `${uid}-panel`;
  const logo = popup.logo?.type === 'image' ? popup.logo : undefined;
  const logoSize = popup.logoSize ?? 'medium';
  return (
    <section
      className={isNewsletter(popup.name) ? 'popup popup--newsletter' : 'popup'}
      data-popup-id={popup.id}
      data-popup-name={popup.name}
      data-popup-delay={popupDelay(popup.delay)}
      hidden
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
    >
      <button type="button" className="popup__tab" data-popup-expand="" aria-expanded="false" aria-controls={panelId}>
        <span className="popup__tab-title">{popup.minimizedTitle}</span>
        <span className="sr-only">{expandLabel}</span>
        <svg className="popup__tab-icon" viewBox="0 0 20 20" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M5 12.5l5-5 5 5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {/* The panel is hidden too, so the minimized state exposes only its tab to assistive technology. */}
      <div className="popup__panel" id={panelId} data-popup-panel="" hidden>
        {logo ? (
          <img
            className={`popup__logo popup__logo--${logoSize}`}
            src={mediaUrl(logo.source, LOGO_WIDTHS[logoSize])}
            width={logo.width}
            height={logo.height}
            alt={logo.alt}
            loading="lazy"
            decoding="async"
          />
        ) : null}
        {/* tabIndex -1: the behaviour moves focus here when the shopper opens the pop-up. */}
        <h2 className="popup__title" id={titleId} tabIndex={-1} data-popup-title="">
          {popup.maximizedTitle}
        </h2>
        <div className="popup__body">
          <Blocks items={popup.baselines} />
        </div>
        {popup.disclaimer ? (
          <p className="popup__disclaimer">
            <small>{popup.disclaimer}</small>
          </p>
        ) : null}
        {/* Last in the DOM (drawn top right): focus lands on the heading, so Tab reaches the content, then this. */}
        <button type="button" className="popup__close" data-popup-close="" aria-label={closeLabel}>
          <CloseIcon />
        </button>
      </div>
    </section>
  );
}

export function Popups({ document, mediaUrl, labels, closeLabel, expandLabel }: PopupsProps) {
  const popups = document.popups.filter((p) => p.id);
  if (popups.length === 0) return null;
  return (
    // Rendered once per published version for every page: nothing in it may depend on the request.
    <BlockContextProvider value={{ mediaUrl, labels, location: null }}>
      <div className="popups" data-popups="">
        {popups.map((popup) => (
          <Popup key={popup.id} popup={popup} mediaUrl={mediaUrl} closeLabel={closeLabel} expandLabel={expandLabel} />
        ))}
      </div>
    </BlockContextProvider>
  );
}

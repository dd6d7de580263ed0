// Markup of the consent banner: a form that posts the choice, so it works without JavaScript;
// consent-banner.ts saves the choice in place instead.

import type { MessageKey } from '../../../shared/i18n/en.ts';
import { type MessageSubset, subsetTranslator } from '../../../shared/i18n/format.ts';

export interface ConsentBannerProps {
  action: string;
  /** Where the page goes back to after a choice made without JavaScript. */
  redirect: string;
  localeTag: string;
  messages: MessageSubset;
}

const OPTIONAL = ['C0002', 'C0003', 'C0004'] as const;

export default function ConsentBanner({ action, redirect, localeTag, messages }: ConsentBannerProps) {
  const t = subsetTranslator(messages, localeTag);
  return (
    <section className="consent" aria-labelledby="consent-title">
      <form className="consent__form" action={action} method="post">
        <input type="hidden" name="redirect" value={redirect} />
        <h2 className="consent__title" id="consent-title">
          {t('consent.title')}
        </h2>
        <p className="consent__text">{t('consent.text')}</p>
        <details className="consent__choices">
          <summary>{t('consent.choose')}</summary>
          <fieldset className="consent__categories">
            <legend className="sr-only">{t('consent.choose')}</legend>
            <label className="consent__category">
              <input type="checkbox" checked disabled />
              {t('consent.C0001')}
            </label>
            {OPTIONAL.map((category) => (
              <label key={category} className="consent__category">
                <input type="checkbox" name={category} value="1" />
                {t(`consent.${category}` as MessageKey)}
              </label>
            ))}
          </fieldset>
          <button className="button button--secondary" type="submit" name="choice" value="save">
            {t('consent.save')}
          </button>
        </details>
        <div className="consent__actions">
          <button className="button button--secondary" type="submit" name="choice" value="reject">
            {t('consent.rejectAll')}
          </button>
          <button className="button button--primary" type="submit" name="choice" value="accept">
            {t('consent.acceptAll')}
          </button>
        </div>
      </form>
    </section>
  );
}

// The consent banner island, until the visitor has chosen (EMEA sites only; elsewhere consent is implied).

import ConsentBanner from '../../../client/islands/consent-banner/ConsentBanner.tsx';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { pickMessages } from '../../../shared/i18n/translate.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { Island } from '../islands.tsx';

const CONSENT_MESSAGES: MessageKey[] = [
  'consent.title',
  'consent.text',
  'consent.acceptAll',
  'consent.rejectAll',
  'consent.choose',
  'consent.save',
  'consent.C0001',
  'consent.C0002',
  'consent.C0003',
  'consent.C0004',
];

export function consentBanner(locale: Locale, url: URL) {
  return (
    <Island
      name="consent-banner"
      component={ConsentBanner}
      hydrate="idle"
      clientProps={{}}
      props={{
        action: `/${locale.code}/consent`,
        redirect: `${url.pathname}${url.search}`,
        localeTag: locale.tag,
        messages: pickMessages(locale.lang, CONSENT_MESSAGES),
      }}
    />
  );
}

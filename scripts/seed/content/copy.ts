// The shape of the seeded marketing copy, and the per-locale facts (prices, phone, venue) it quotes.

import { formatMoney } from '../../../src/shared/commerce/money.ts';
import type { Lang, Locale } from '../../../src/shared/locale/sites.ts';
import { deCopy } from './copy-de.ts';
import { enCopy } from './copy-en.ts';
import { frCopy } from './copy-fr.ts';
import { itCopy } from './copy-it.ts';

/** What differs between locales of one language: money in the site's currency, contact details, the event venue. */
export interface LocaleFacts {
  /** "/en-us": same-origin links inside rich text start here. */
  base: string;
  /** The free shipping threshold, formatted as the site shows prices. */
  freeShipping: string;
  phone: string;
  hours: string;
  venue: string;
  eventDates: string;
  british: boolean;
}

export interface BannerCopy {
  eyebrow?: string;
  title: string;
  text: string;
  cta: string;
  alt: string;
}

export interface TitledText {
  title: string;
  text: string;
}

export interface Copy {
  home: {
    htmlTitle: string;
    htmlDescription: string;
    ogTitle: string;
    ogDescription: string;
    hero: BannerCopy;
    shopMen: string;
    shopWomen: string;
    winter: BannerCopy;
    join: BannerCopy;
    rewards: BannerCopy;
    welcome: BannerCopy;
    cardsTitle: string;
    city: BannerCopy;
    kids: BannerCopy;
    /** The shoppers' photo gallery (UgcWidget). */
    ugcTitle: string;
    ugcText: string;
    trending: string;
    picks: string;
    servicesTitle: string;
    services: [TitledText, TitledText, TitledText, TitledText];
  };
  promo: { messages: [string, string, string]; newYear: string };
  benefits: [string, string, string];
  stories: {
    htmlTitle: string;
    htmlDescription: string;
    title: string;
    intro: string;
    facets: Record<'hiking' | 'gear-care' | 'community' | 'travel', string>;
  };
  event: {
    htmlTitle: string;
    htmlDescription: string;
    hero: BannerCopy;
    detailsTitle: string;
    detailsHtml: string;
    signUpTitle: string;
    signUpText: string;
    submit: string;
    confirmTitle: string;
    confirmSubtitle: string;
  };
  /** The Cairn Rewards explainer at /{locale}/loyalty. Points have no per-currency rate: no figures are quoted. */
  rewards: {
    htmlTitle: string;
    htmlDescription: string;
    ogTitle: string;
    hero: BannerCopy;
    howTitle: string;
    /** Points, early access, member offers, events; the last links to the Trail Day page with eventCta. */
    benefits: [TitledText, TitledText, TitledText, TitledText];
    eventCta: string;
    faqTitle: string;
    /** Earning, spending, expiry, joining: plain text, one paragraph each. */
    faq: [TitledText, TitledText, TitledText, TitledText];
  };
  espots: {
    /** The sign-in dialog's slot, and the sign-up step's (page and dialog). */
    signIn: TitledText;
    signUp: TitledText;
    /** The loyalty sign-up's slot: what membership brings. */
    loyalty: TitledText;
    /** The account overview's slot, the profile page's, and the basecamp slot below the overview. */
    account: TitledText;
    accountProfile: TitledText;
    basecamp: TitledText;
    /** The store locator's and store pages' slot. */
    storeLocator: TitledText;
    /** The contact page's slot. */
    contactUs: TitledText;
    shipping: TitledText;
    returns: TitledText;
    help: TitledText;
    checkout: TitledText;
    repairs: TitledText;
    /** Gift-card pages' slot, and the promotions slot of sale listings. */
    giftCard: TitledText;
    promotions: TitledText;
    /** The search page's slot: a way on when nothing matched. */
    search: TitledText;
    /** The West End flagship's store page (GB only). */
    westend?: TitledText;
    errorTitle: string;
    errorHtml: string;
  };
  menu: { men: BannerCopy; women: BannerCopy; footwearTitle: string; sale: string };
  footer: {
    help: string;
    company: string;
    rewards: string;
    legal: string;
    service: TitledText;
    returns: BannerCopy;
    search: BannerCopy;
    track: BannerCopy;
    about: TitledText;
    stories: BannerCopy;
    event: BannerCopy;
    points: TitledText;
    giftCards: BannerCopy;
  };
  popup: { minimizedTitle: string; maximizedTitle: string; disclaimer: string; title: string; text: string };
}

type Facts = Omit<LocaleFacts, 'base' | 'freeShipping'>;

// Contact numbers are from ranges reserved for fiction or toll-free placeholders: the brand is invented.
const FACTS: Record<string, Facts> = {
  'en-us': { phone: '1-800-555-0142', hours: 'Monday to Friday, 8 am to 8 pm ET', venue: 'Boulder, Colorado', eventDates: 'May 15–16, 2027', british: false },
  'en-ca': {
    phone: '1-800-555-0142',
    hours: 'Monday to Friday, 8 am to 8 pm ET',
    venue: 'Squamish, British Columbia',
    eventDates: 'May 15–16, 2027',
    british: false,
  },
  'fr-ca': {
    phone: '1-800-555-0142',
    hours: 'du lundi au vendredi, de 8 h à 20 h (HE)',
    venue: 'Squamish (Colombie-Britannique)',
    eventDates: '15 et 16 mai 2027',
    british: false,
  },
  'en-gb': { phone: '020 7946 0142', hours: 'Monday to Friday, 9am to 6pm', venue: 'Hathersage, Peak District', eventDates: '15–16 May 2027', british: true },
  'fr-fr': {
    phone: '01 99 00 01 42',
    hours: 'du lundi au vendredi, de 9 h à 18 h',
    venue: 'Chamonix-Mont-Blanc',
    eventDates: '15 et 16 mai 2027',
    british: false,
  },
  'de-de': {
    phone: '0800 555 0142',
    hours: 'Montag bis Freitag, 9 bis 18 Uhr',
    venue: 'Garmisch-Partenkirchen',
    eventDates: '15. und 16. Mai 2027',
    british: false,
  },
  'it-it': {
    phone: '800 555 142',
    hours: 'dal lunedì al venerdì, dalle 9 alle 18',
    venue: "Cortina d'Ampezzo",
    eventDates: '15 e 16 maggio 2027',
    british: false,
  },
};

/** Minor units per currency: roughly the same basket everywhere. */
const FREE_SHIPPING: Record<string, number> = { USD: 7500, CAD: 7500, GBP: 6000, EUR: 6000 };

const BY_LANG: Record<Lang, (facts: LocaleFacts) => Copy> = { en: enCopy, fr: frCopy, de: deCopy, it: itCopy };

export function localeFacts(locale: Locale): LocaleFacts {
  const facts = FACTS[locale.code];
  const threshold = FREE_SHIPPING[locale.site.currency];
  if (!facts || threshold === undefined) throw new Error(`No content facts for ${locale.code}`);
  return { ...facts, base: `/${locale.code}`, freeShipping: formatMoney(threshold, locale.site.currency, locale.tag) };
}

export function copyFor(locale: Locale): Copy {
  return BY_LANG[locale.lang](localeFacts(locale));
}

/** Where a locale's event takes place (its calendar file says so). */
export function venueFor(localeCode: string): string {
  return FACTS[localeCode]?.venue ?? '';
}

// Pop-up markup from the seeded US document, and the behaviour's pure helpers.

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildSeed } from '../../../../scripts/seed/all.ts';
import { firstVisible, parseDelay, parseDismissed } from '../../../client/behaviours/popup.ts';
import type { MediaSource, PopupDocument } from '../../../shared/content/blocks.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { DEFAULT_LOCALE } from '../../../shared/locale/sites.ts';
import { I18nProvider } from '../../../shared/ui/i18n-context.tsx';
import type { BlockContextValue } from '../blocks/context.tsx';
import { isNewsletter, Popups, popupDelay } from './Popup.tsx';

const t = translator('en', 'en-US');
const labels = new Proxy({}, { get: (_target, key) => String(key) }) as BlockContextValue['labels'];

function mediaUrl(source: MediaSource): string {
  return source.kind === 'path' ? source.path : `/media/${source.kind}.svg`;
}

function seededUs(): PopupDocument {
  const row = (buildSeed().content_versions ?? []).find((r) => r.document_id === 'US:en-us:popups:');
  if (!row) throw new Error('no seeded US popups document');
  return (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as PopupDocument;
}

function render(document: PopupDocument): string {
  return renderToStaticMarkup(
    <I18nProvider value={{ t, localeTag: DEFAULT_LOCALE.tag, locale: DEFAULT_LOCALE.code }}>
      <Popups document={document} mediaUrl={mediaUrl} labels={labels} closeLabel="Close pop-up" expandLabel="Open" />
    </I18nProvider>,
  );
}

function sections(html: string): string[] {
  return html.match(/<section[^>]*>/g) ?? [];
}

describe('Popups markup (seeded US document)', () => {
  const document = seededUs();
  const html = render(document);

  it('renders every pop-up hidden inside the data-popups root', () => {
    expect(document.popups.length).toBeGreaterThan(0);
    expect(html.startsWith('<div class="popups" data-popups="">')).toBe(true);
    const tags = sections(html);
    expect(tags).toHaveLength(document.popups.length);
    for (const tag of tags) {
      expect(tag).toMatch(/ hidden=""/);
      expect(tag).toContain('role="dialog"');
      expect(tag).toContain('aria-modal="false"');
    }
  });

  it('carries id, name and delay as data attributes, and marks the newsletter', () => {
    const [tag] = sections(html);
    expect(tag).toContain('data-popup-id="newsletter-2026"');
    expect(tag).toContain('data-popup-name="Newsletter"');
    expect(tag).toContain('data-popup-delay="2000"');
    expect(tag).toContain('class="popup popup--newsletter"');
  });

  it('labels the dialog by its heading and shows both states', () => {
    const labelledBy = sections(html)[0]?.match(/aria-labelledby="([^"]+)"/)?.[1];
    expect(labelledBy).toBeTruthy();
    expect(html).toContain(`id="${labelledBy}"`);
    expect(html).toMatch(/<h2[^>]*>Join the Cairn newsletter<\/h2>/);
    expect(html).toMatch(/data-popup-expand=""[^>]*>.*Stay in the loop/);
    expect(html).toContain('News from the trail');
  });

  it('has a labelled close button, the disclaimer and no scripts or inline styles', () => {
    expect(html).toMatch(/<button type="button" class="popup__close" data-popup-close="" aria-label="Close pop-up">/);
    expect(html).toContain('By signing up you agree to receive marketing emails from Cairn.');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('style=');
    expect(html).not.toMatch(/(src|href)="https?:/);
  });
});

describe('Popups markup (edge cases)', () => {
  const base = { minimizedTitle: 'Min', maximizedTitle: 'Max', baselines: [] };

  it('defaults the delay, leaves other pop-ups plain and resolves the logo locally', () => {
    const html = render({
      popups: [
        {
          ...base,
          id: 'trail-day',
          name: 'Trail Day',
          logo: { type: 'image', source: { kind: 'path', path: '/logo.svg' }, alt: 'Cairn', width: 120, height: 40 },
          logoSize: 'small',
        },
      ],
    });
    const [tag] = sections(html);
    expect(tag).toContain('data-popup-delay="2000"');
    expect(tag).toContain('class="popup"');
    expect(html).toContain('class="popup__logo popup__logo--small" src="/logo.svg"');
    expect(html).not.toContain('popup__disclaimer');
  });

  it('renders nothing without pop-ups', () => {
    expect(render({ popups: [] })).toBe('');
  });

  it('detects the newsletter by name and sanitises delays', () => {
    expect(isNewsletter('Spring NEWSLETTER sign-up')).toBe(true);
    expect(isNewsletter('Trail Day')).toBe(false);
    expect(popupDelay(undefined)).toBe(2000);
    expect(popupDelay(-5)).toBe(2000);
    expect(popupDelay(Number.NaN)).toBe(2000);
    expect(popupDelay(0)).toBe(0);
    expect(popupDelay(3500)).toBe(3500);
  });
});

describe('popup behaviour helpers', () => {
  it('parses the stored dismissed list', () => {
    expect(parseDismissed(null)).toEqual([]);
    expect(parseDismissed('')).toEqual([]);
    expect(parseDismissed('a, b,,c ')).toEqual(['a', 'b', 'c']);
  });

  it('picks the first pop-up that is not dismissed', () => {
    expect(firstVisible(['a', 'b', 'c'], [])).toBe('a');
    expect(firstVisible(['a', 'b', 'c'], ['a'])).toBe('b');
    expect(firstVisible(['a', 'b'], ['b', 'a'])).toBeUndefined();
    expect(firstVisible(['', 'b'], [])).toBe('b');
  });

  it('reads the delay attribute with the default as fallback', () => {
    expect(parseDelay(undefined)).toBe(2000);
    expect(parseDelay('')).toBe(2000);
    expect(parseDelay('abc')).toBe(2000);
    expect(parseDelay('-1')).toBe(2000);
    expect(parseDelay('0')).toBe(0);
    expect(parseDelay('4500')).toBe(4500);
  });
});

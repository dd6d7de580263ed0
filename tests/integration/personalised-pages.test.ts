import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/worker/app.ts';
import { purge } from '../../src/worker/content/purge.ts';
import { ORIGIN, previewToken, request } from './helpers.ts';

const WINTER = 'Ready for the first snow';
const BASELINE = 'Made for the long way round';
const context = (value: object) => `p13n_testcontext=${encodeURIComponent(JSON.stringify(value))}`;
const cookies = {
  none: undefined,
  refused: `OptanonConsent=${encodeURIComponent('groups=C0001:1,C0002:0,C0003:0,C0004:0')}`,
  granted: `OptanonConsent=${encodeURIComponent('groups=C0001:1,C0002:1,C0003:1,C0004:1')}`,
} as const;

async function home(locale: string, query: string, cookie?: string, headers: Record<string, string> = {}) {
  const response = await request(`/${locale}?${query}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
  expect(response.status).toBe(200);
  return { html: await response.text(), setCookie: response.headers.get('set-cookie') ?? '', cacheControl: response.headers.get('cache-control') };
}

describe('the home hero experience in the first HTML, by region, consent and preview', () => {
  const cases = (['en-us', 'en-gb'] as const).flatMap((locale) =>
    (Object.keys(cookies) as (keyof typeof cookies)[]).flatMap((consent) => [false, true].map((preview) => ({ locale, consent, preview }))),
  );
  it.each(cases)('$locale, consent $consent, preview $preview', async ({ locale, consent, preview }) => {
    const query = `${context({ 'home-hero-2026': 'winter' })}${preview ? '&preview=true' : ''}`;
    const token: Record<string, string> = preview ? { 'x-preview-token': await previewToken(locale === 'en-us' ? 'US' : 'GB') } : {};
    const page = await home(locale, query, cookies[consent], token);
    // Outside EMEA everything counts as granted; in EMEA only targeting consent or a preview personalises.
    const personalised = locale === 'en-us' || consent === 'granted' || preview;
    expect(page.html).toContain(personalised ? WINTER : BASELINE);
    expect(page.html).not.toContain(personalised ? BASELINE : WINTER);
    // A visitor id is stored only with targeting consent, and never by a preview.
    expect(page.setCookie.includes('optimizelyUserId=')).toBe(personalised && !preview);
    expect(page.cacheControl).toBe(preview ? 'private, no-store' : 'private, no-cache');
  });

  it('lists the experiences it shows for the data layer, which the browser reports only where analytics is allowed', async () => {
    const granted = await home('en-gb', context({ 'home-hero-2026': 'winter' }), cookies.granted);
    expect(granted.html).toMatch(/"impressions":\[\{[^\]]*"experience_id":"home-hero-2026"/);
    // The same page for every analytics choice: whether to report is read from the consent cookie in the browser.
    const refused = await home('en-gb', context({ 'home-hero-2026': 'winter' }), cookies.refused);
    expect(refused.html).not.toContain('"allowed"');
  });

  it('removes a visitor id left from an earlier choice once consent is withdrawn', async () => {
    const page = await home('en-gb', '', `${cookies.refused}; optimizelyUserId=abcdef123456`);
    expect(page.setCookie).toMatch(/optimizelyUserId=;.*Max-Age=0/i);
  });
});

describe('the home segmentation block', () => {
  it('shows an anonymous shopper the logged-out segment', async () => {
    const page = await home('en-us', '');
    expect(page.html).toContain('Join Cairn Rewards');
    expect(page.html).not.toContain('Your rewards are waiting');
  });
  it('shows a forced segment in its place', async () => {
    const page = await home('en-us', context({ segment: 'loyalty-loggedin' }));
    expect(page.html).toContain('Your rewards are waiting');
    expect(page.html).not.toContain('Join Cairn Rewards');
  });
});

describe('a failing content service', () => {
  beforeEach(() => purge(env.CONTENT, { by: 'all', siteId: 'US', mode: 'publish' }));

  it('still renders the page around the content: header, catalog home and footer', async () => {
    const pending: Promise<unknown>[] = [];
    const failingEnv = { ...env, CONTENT_ORIGIN: 'http://127.0.0.1:9' };
    const ctx = { waitUntil: (p: Promise<unknown>) => pending.push(p), passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
    const response = await createApp().fetch(new Request(`${ORIGIN}/en-us`), failingEnv, ctx);
    await Promise.allSettled(pending);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('class="site-header"');
    expect(html).toContain('class="site-footer"');
    // Without a published page the home falls back to the catalog's departments.
    expect(html).toMatch(/href="\/en-us\/c\/[^"]+"/);
    expect(html).not.toContain(WINTER);
    expect(html).not.toContain(BASELINE);
    expect(html).toMatch(/<\/html>$/);
  });
});

describe('the visit number', () => {
  async function publish(siteId: string, locale: string) {
    const ref = { siteId, locale, kind: 'page', key: 'welcome-check' };
    const body = {
      metadata: { htmlTitle: 'Welcome' },
      content: {
        sections: [
          {
            name: 'welcome',
            items: [
              {
                type: 'Segmentation',
                id: 'welcome-by-visit',
                segments: [{ id: 'returning-visitor', targets: [{ type: 'RichText', id: 'welcome-back', richText: '<p>Welcome back to the trail</p>' }] }],
                baselines: [{ type: 'RichText', id: 'welcome-first', richText: '<p>New here? Start with our bestsellers</p>' }],
              },
            ],
          },
        ],
      },
    };
    const headers = { authorization: 'Bearer test-admin-token', 'content-type': 'application/json', origin: ORIGIN };
    await request('/admin/content', { method: 'PUT', headers, body: JSON.stringify({ ...ref, body }) });
    expect((await request('/admin/content/publish', { method: 'POST', headers, body: JSON.stringify(ref) })).status).toBe(200);
  }
  const page = async (path: string, cookie?: string) => (await request(path, { headers: cookie ? { cookie } : {} })).text();

  it('lets content greet a returning visitor, where targeting consent allows', async () => {
    await publish('US', 'en-us');
    expect(await page('/en-us/welcome-check')).toContain('New here?');
    expect(await page('/en-us/welcome-check', 'visitNumber=1.29000000')).toContain('New here?');
    expect(await page('/en-us/welcome-check', 'visitNumber=4.29000000')).toContain('Welcome back to the trail');
    // The same cached page is not handed to the other kind of visitor.
    expect(await page('/en-us/welcome-check')).toContain('New here?');

    await publish('GB', 'en-gb');
    expect(await page('/en-gb/welcome-check', `visitNumber=4.29000000; ${cookies.refused}`)).toContain('New here?');
    expect(await page('/en-gb/welcome-check', `visitNumber=4.29000000; ${cookies.granted}`)).toContain('Welcome back to the trail');
  });
});

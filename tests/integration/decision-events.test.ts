// The decision call's context events (account-content §7): the page view, the page-event list and the
// recommendations shown (rec-impressions), with the decisions made, become business events, only with
// targeting consent. Locally they land in D1's local_events table, as a deployment's land in Analytics Engine.

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { getJson, ORIGIN, previewToken, settleRequests } from './helpers.ts';

type Json = Record<string, any>;

const granted = `OptanonConsent=${encodeURIComponent('groups=C0001:1,C0002:1,C0003:1,C0004:1')}`;
const noTargeting = `OptanonConsent=${encodeURIComponent('groups=C0001:1,C0002:1,C0003:1,C0004:0')}`;

function decide(body: Json, headers: Record<string, string> = {}, query = '') {
  return getJson<Json>(`/api/engine/v1/decide/CRN${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers },
    body: JSON.stringify(body),
  });
}

async function written(marker: string): Promise<{ event: string; site_id: string; locale: string; blobs: string[] }[]> {
  await settleRequests();
  const { results } = await env.DB.prepare('SELECT event, site_id, locale, blobs FROM local_events WHERE blobs LIKE ?1 ORDER BY id')
    .bind(`%${marker}%`)
    .all<{ event: string; site_id: string; locale: string; blobs: string }>();
  return results.map((row) => ({ ...row, blobs: JSON.parse(row.blobs) as string[] }));
}

const pageView = (pageType: string) => ({ eventType: 'monetate:context:PageView', pageType });

describe('the context events of a decision call', () => {
  it('records the recommendations seen, one event per product, with the page type', async () => {
    const answer = await decide({
      locale: 'en-us',
      page: null,
      events: [pageView('product detail'), { eventType: 'monetate:record:RecImpressions', widget: 'pdp-similar-t1', recImpressions: ['KFJVN32N', 'TR100BLK'] }],
    });
    expect(answer.status).toBe(200);
    // Only told, nothing asked: no decision.
    expect(answer.body.decisions).toEqual([]);
    const rows = (await written('pdp-similar-t1')).map((row) => [row.event, row.site_id, row.locale, ...row.blobs.slice(3)]);
    expect(rows).toEqual([
      ['rec_impression', 'US', 'en-us', 'pdp-similar-t1', 'KFJVN32N', 'product detail'],
      ['rec_impression', 'US', 'en-us', 'pdp-similar-t1', 'TR100BLK', 'product detail'],
    ]);
  });

  it('records the page view and its page events', async () => {
    await decide(
      { locale: 'fr-fr', page: null, events: [pageView('cart t2'), { eventType: 'monetate:record:PageEvents', pageEvents: ['cart-view', 'gift-t2'] }] },
      { cookie: granted },
    );
    expect((await written('cart t2')).map((row) => [row.event, row.locale, row.blobs[3]])).toEqual([
      ['page_view', 'fr-fr', 'cart t2'],
      ['page_event', 'fr-fr', 'cart-view'],
      ['page_event', 'fr-fr', 'gift-t2'],
    ]);
  });

  it('records each decision made, with the rule that made it', async () => {
    const context = `?p13n_testcontext=${encodeURIComponent('{"home-hero-2026":"winter"}')}`;
    const answer = await decide({ locale: 'en-us', events: [pageView('Home t3')] }, {}, context);
    expect(answer.body.decisions[0]).toMatchObject({
      flagKey: 'home-hero-2026',
      variationKey: 'winter',
      ruleKey: 'test-context',
      enabled: true,
      variables: { label: 'B' },
    });
    const decisions = (await written('home-hero-2026')).filter((row) => row.event === 'decision').map((row) => row.blobs.slice(3));
    expect(decisions).toContainEqual(['home-hero-2026', 'winter', 'override', 'home']);
  });

  it('records nothing without targeting consent, nor for a preview', async () => {
    const events = [pageView('Home reco-t4'), { eventType: 'monetate:record:RecImpressions', widget: 'reco-t4', recImpressions: ['KFJVN32N'] }];
    expect((await decide({ locale: 'en-gb', page: null, events })).status).toBe(200);
    expect((await decide({ locale: 'en-gb', page: null, events }, { cookie: noTargeting })).status).toBe(200);
    const preview = await decide({ locale: 'en-us', page: null, events }, { 'x-preview-token': await previewToken('US') }, '?preview=true');
    expect(preview.status).toBe(200);
    expect(await written('reco-t4')).toEqual([]);
    // With consent the same call is recorded.
    await decide({ locale: 'en-gb', page: null, events }, { cookie: granted });
    expect((await written('reco-t4')).map((row) => row.event)).toEqual(['page_view', 'rec_impression']);
  });

  it('refuses a malformed context event at its field, and records nothing of the call', async () => {
    for (const [event, field] of [
      [{ eventType: 'monetate:record:RecImpressions', widget: 'reco-t5', recImpressions: [] }, 'events.1.recImpressions'],
      [{ eventType: 'monetate:record:RecImpressions', widget: 'reco-t5', recImpressions: ['<script>'] }, 'events.1.recImpressions'],
      [
        { eventType: 'monetate:record:RecImpressions', widget: 'reco-t5', recImpressions: Array.from({ length: 51 }, (_, i) => `P${i}`) },
        'events.1.recImpressions',
      ],
      [{ eventType: 'monetate:record:PageEvents', pageEvents: 'reco-t5' }, 'events.1.pageEvents'],
      [{ eventType: 'monetate:record:RecImpressions', widget: { name: 'reco-t5' }, recImpressions: ['KFJVN32N'] }, 'events.1.widget'],
    ] as const) {
      const answer = await decide({ locale: 'en-us', page: null, events: [pageView('reco-t5'), event] });
      expect([answer.status, answer.body.errorId, answer.body.details?.[0]?.field]).toEqual([400, 'API400', field]);
    }
    expect(await written('reco-t5')).toEqual([]);
  });
});

// The legal pages (commerce-core §2 routes; the store services issue, §6): CMS pages in every locale, the
// terms of sale among them, each linked from the footer by its own title.

import { describe, expect, it } from 'vitest';
import { LEGAL_PATHS } from '../../scripts/seed/content/legal.ts';
import { request } from './helpers.ts';

describe('the legal pages', () => {
  it('are pages in every language, linked from the footer', async () => {
    const sale = await request('/en-us/sale-terms');
    expect(sale.status).toBe(200);
    const html = await sale.text();
    expect(html).toMatch(/<h1[^>]*>Terms of sale<\/h1>/);
    expect(html).toContain('within 60 days of delivery');
    expect(await (await request('/de-de/sale-terms')).text()).toContain('Allgemeine Verkaufsbedingungen');
    const home = await (await request('/fr-fr')).text();
    for (const path of LEGAL_PATHS) expect(home, path).toContain(`href="/fr-fr/${path}"`);
    expect(home).toContain('Informations légales');
  });

  it('have a help centre in every language that leads to where each thing is done', async () => {
    const help = await request('/en-us/help');
    expect(help.status).toBe(200);
    const html = await help.text();
    expect(html).toMatch(/<h1[^>]*>Help centre<\/h1>/);
    for (const path of ['/en-us/help/track-order', '/en-us/help/returns/how-to-return', '/en-us/sale-terms', '/en-us/privacy', '/en-us/loyalty'])
      expect(html).toContain(`href="${path}"`);
    expect(html).toContain('1-800-555-0142');
    expect(await (await request('/it-it/help')).text()).toContain('Centro assistenza');
    expect(await (await request('/en-us')).text()).toContain('href="/en-us/help"');
  });
});

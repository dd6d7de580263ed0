// The forgot-password page works without JavaScript: ask for a link, follow it from the outbox, choose a
// new password; errors come back on the page, at their fields.

import { describe, expect, it } from 'vitest';
import { emailTo, ORIGIN, request } from './helpers.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN };

const post = (path: string, fields: Record<string, string>) => request(path, { method: 'POST', headers: FORM, body: new URLSearchParams(fields) });

describe('the forgot-password page', () => {
  it('asks for a link, sends it, and the link opens the step that chooses a new password', async () => {
    const page = await request('/fr-fr/forgot-password');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Réinitialiser votre mot de passe');
    expect(html).toMatch(/<label class="field__label" for="forgot-email">/);

    const asked = await post('/fr-fr/forgot-password', { email: 'leo.loyalty@cairn.test' });
    expect(asked.status).toBe(303);
    expect(asked.headers.get('location')).toBe('/fr-fr/forgot-password?sent=1');
    const link = new URL(/(https?:\/\/\S+)/.exec((await emailTo('leo.loyalty@cairn.test', 'password-reset')).text)?.[1] as string);
    expect(link.pathname).toBe('/fr-fr/forgot-password');
    const choose = await (await request(`${link.pathname}${link.search}`)).text();
    expect(choose).toContain('Choisissez un nouveau mot de passe');
    const token = link.searchParams.get('token') as string;

    const weak = await post('/fr-fr/forgot-password/new', { token, password: 'alllowercase1', confirmPassword: 'alllowercase1' });
    expect(weak.status).toBe(400);
    expect(await weak.text()).toMatch(/aria-invalid="true" aria-describedby="forgot-password-hint forgot-password-error"/);
    const differ = await post('/fr-fr/forgot-password/new', { token, password: 'Sentier-2027', confirmPassword: 'Sentier-2028' });
    expect(await differ.text()).toContain('Les mots de passe ne correspondent pas.');
    const done = await post('/fr-fr/forgot-password/new', { token, password: 'Sentier-2027', confirmPassword: 'Sentier-2027' });
    expect(done.headers.get('location')).toBe('/fr-fr/forgot-password?done=1');
    const spent = await post('/fr-fr/forgot-password/new', { token, password: 'Sentier-2029', confirmPassword: 'Sentier-2029' });
    expect(spent.status).toBe(410);
    expect(await spent.text()).toContain('Demander un nouveau lien');
  });

  it('shows an invalid email at its field', async () => {
    const response = await post('/en-us/forgot-password', { email: 'not-an-email' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('Email is not valid');
    expect(html).toContain('value="not-an-email"');
  });
});

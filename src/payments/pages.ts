// The processor's own pages, served on its own origin: the card fields the store frames, the 3-D Secure
// challenge, and the approve-or-cancel page of a redirect wallet. Plain HTML with one small script each
// (nonce'd): they must not depend on the store's bundles, as a real processor's would not. Each page
// posts and calls under its lane's prefix (`base`, lanes.ts), so a production page never reaches the sandbox.

import { TEST_CARDS } from './cards.ts';
import type { LaneName } from './lanes.ts';
import type { Authorization, WalletPayer, WalletSession } from './ledger-records.ts';

/** The sandbox buyer's account at the wallet: an address in the store's country, as a real wallet keeps one. */
export function sandboxBuyer(country: string, email: string): WalletPayer {
  const addresses: Record<string, WalletPayer['address']> = {
    US: { addressLine1: '1 Market Street', city: 'San Francisco', postalCode: '94105', province: 'CA', countryCode: 'US', phone: '4155550100' },
    CA: { addressLine1: '100 King Street West', city: 'Toronto', postalCode: 'M5X 1A9', province: 'ON', countryCode: 'CA', phone: '4165550100' },
    GB: { addressLine1: '10 Baker Street', city: 'London', postalCode: 'NW1 6XE', province: '', countryCode: 'GB', phone: '7700900100' },
    FR: { addressLine1: '5 Rue de Rivoli', city: 'Paris', postalCode: '75001', province: '', countryCode: 'FR', phone: '612345678' },
    DE: { addressLine1: 'Unter den Linden 5', city: 'Berlin', postalCode: '10117', province: '', countryCode: 'DE', phone: '15112345678' },
    IT: { addressLine1: 'Via del Corso 10', city: 'Roma', postalCode: '00186', province: 'RM', countryCode: 'IT', phone: '3123456789' },
  };
  return { email, firstName: 'Sandbox', lastName: 'Buyer', address: addresses[country] ?? (addresses.US as WalletPayer['address']) };
}

export type SandboxLang = 'en' | 'fr' | 'de' | 'it';

const TEXT = {
  en: {
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code (CVC)',
    cvcAgain: 'Security code (CVC) of this card',
    challengeTitle: 'Confirm your payment',
    challengeLead: 'Your bank asks you to confirm this payment.',
    pass: 'Confirm payment',
    fail: 'Fail authentication',
    done: 'You can close this window.',
    walletTitle: 'Pay with',
    approve: 'Approve payment',
    cancel: 'Cancel and return to the store',
    email: 'Email',
  },
  fr: {
    number: 'Numéro de carte',
    expiry: "Date d'expiration (MM/AA)",
    cvc: 'Code de sécurité (CVC)',
    cvcAgain: 'Code de sécurité (CVC) de cette carte',
    challengeTitle: 'Confirmez votre paiement',
    challengeLead: 'Votre banque vous demande de confirmer ce paiement.',
    pass: 'Confirmer le paiement',
    fail: "Faire échouer l'authentification",
    done: 'Vous pouvez fermer cette fenêtre.',
    walletTitle: 'Payer avec',
    approve: 'Approuver le paiement',
    cancel: 'Annuler et revenir à la boutique',
    email: 'E-mail',
  },
} as const;

const text = (lang: SandboxLang) => (lang === 'fr' ? TEXT.fr : TEXT.en);

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);

const BASE_STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1b;background:#fff}
  label{display:block;font-size:.875rem;font-weight:600;margin:0 0 .25rem}
  input{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #767676;border-radius:4px;background:#fff;color:#1d1d1b;min-height:44px}
  input:focus{outline:3px solid #1a5fb4;outline-offset:1px}
  input[aria-invalid=true]{border-color:#b3261e}
  .field{margin:0 0 .75rem}
  .row{display:flex;gap:.75rem}.row .field{flex:1}
  .error{color:#b3261e;font-size:.875rem;margin:.25rem 0 0}
  button{font:inherit;font-weight:600;min-height:44px;padding:.625rem 1rem;border-radius:4px;border:1px solid #1d1d1b;cursor:pointer}
  .primary{background:#1d1d1b;color:#fff}.secondary{background:#fff;color:#1d1d1b}
  main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
  h1{font-size:1.25rem;margin:0 0 .5rem}
  .amount{font-size:1.5rem;font-weight:700;margin:.5rem 0 1rem}
  .actions{display:flex;flex-direction:column;gap:.5rem;margin-top:1rem}
  .note{font-size:.875rem;color:#4a4a48}
`;

function page(lang: SandboxLang, title: string, nonce: string, body: string, script: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style nonce="${nonce}">${BASE_STYLE}</style></head><body>${body}<script nonce="${nonce}">${script}</script></body></html>`;
}

/**
 * The card fields, framed by the store. The parent asks for a token with postMessage; the numbers go
 * from here to this origin's /v1/tokens and never to the parent, which only ever sees the token.
 */
export function fieldsPage(options: { lang: SandboxLang; parent: string; mode: 'card' | 'cvc'; publishableKey: string; base: string; nonce: string }): string {
  const t = text(options.lang);
  const cvcOnly = options.mode === 'cvc';
  const body = `<form id="card" novalidate>${
    cvcOnly
      ? ''
      : `<div class="field"><label for="number">${t.number}</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" spellcheck="false" aria-describedby="number-error" maxlength="23"><p class="error" id="number-error" hidden></p></div>`
  }<div class="row">${
    cvcOnly
      ? ''
      : `<div class="field"><label for="expiry">${t.expiry}</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" aria-describedby="expiry-error" maxlength="7"><p class="error" id="expiry-error" hidden></p></div>`
  }<div class="field"><label for="cvc">${cvcOnly ? t.cvcAgain : t.cvc}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" aria-describedby="cvc-error" maxlength="4"><p class="error" id="cvc-error" hidden></p></div></div></form>`;
  const config = JSON.stringify({ parent: options.parent, mode: options.mode, key: options.publishableKey, base: options.base });
  const script = `(() => {
  const config = ${config};
  const form = document.getElementById('card');
  const fields = config.mode === 'cvc' ? ['cvc'] : ['number', 'expiry', 'cvc'];
  const send = (message) => parent.postMessage({ source: 'sandbox-pay', ...message }, config.parent);
  const size = () => send({ type: 'size', height: document.documentElement.scrollHeight });
  const number = document.getElementById('number');
  if (number) number.addEventListener('input', () => {
    const digits = number.value.replace(/\\D/g, '').slice(0, 19);
    number.value = digits.replace(/(\\d{4})(?=\\d)/g, '$1 ');
  });
  const expiry = document.getElementById('expiry');
  if (expiry) expiry.addEventListener('input', (event) => {
    const digits = expiry.value.replace(/\\D/g, '').slice(0, 4);
    expiry.value = digits.length > 2 || (digits.length === 2 && event.inputType !== 'deleteContentBackward') ? digits.slice(0, 2) + '/' + digits.slice(2) : digits;
  });
  const show = (problems) => {
    for (const name of fields) {
      const input = document.getElementById(name);
      const error = document.getElementById(name + '-error');
      const problem = problems.find((p) => p.field === name);
      input.setAttribute('aria-invalid', problem ? 'true' : 'false');
      error.hidden = !problem;
      error.textContent = problem ? problem.message : '';
    }
    const first = problems[0] && document.getElementById(problems[0].field);
    if (first) first.focus();
    size();
  };
  form.addEventListener('submit', (event) => event.preventDefault());
  window.addEventListener('message', async (event) => {
    if (event.origin !== config.parent || !event.data || event.data.source !== 'store') return;
    if (event.data.type === 'focus') { document.getElementById(fields[0]).focus(); return; }
    if (event.data.type !== 'tokenize') return;
    const body = {};
    for (const name of fields) body[name] = document.getElementById(name).value;
    try {
      const response = await fetch(config.base + (config.mode === 'cvc' ? '/v1/cvc-tokens' : '/v1/tokens'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer ' + config.key },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (!response.ok) { show(answer.problems || []); send({ type: 'error', requestId: event.data.requestId, problems: answer.problems || [] }); return; }
      show([]);
      send({ type: 'token', requestId: event.data.requestId, token: answer });
    } catch {
      send({ type: 'error', requestId: event.data.requestId, problems: [{ field: fields[0], code: 'network', message: 'The card could not be checked. Please try again.' }] });
    }
  });
  new ResizeObserver(size).observe(document.body);
  send({ type: 'ready' });
})();`;
  return page(options.lang, cvcOnly ? t.cvc : t.number, options.nonce, body, script);
}

export function formatAmount(amount: number, currency: string, lang: SandboxLang): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(amount / 10 ** digits);
}

/** The bank's challenge, framed by the store's 3-D Secure dialog. */
export function challengePage(options: { lang: SandboxLang; parent: string; authorization: Authorization; base: string; nonce: string }): string {
  const t = text(options.lang);
  const a = options.authorization;
  const card = a.card ? `${a.card.brand.toUpperCase()} •••• ${a.card.last4}` : '';
  const body = `<main><h1>${t.challengeTitle}</h1><p>${t.challengeLead}</p><p class="amount">${escapeHtml(formatAmount(a.amount, a.currency, options.lang))}</p><p class="note">${escapeHtml(card)} · ${escapeHtml(a.reference)}</p>
<form method="post" action="${options.base}/challenge/${escapeHtml(a.id)}?parent=${encodeURIComponent(options.parent)}&amp;lang=${options.lang}"><div class="actions"><button class="primary" name="outcome" value="pass" type="submit">${t.pass}</button><button class="secondary" name="outcome" value="fail" type="submit">${t.fail}</button></div></form></main>`;
  return page(options.lang, t.challengeTitle, options.nonce, body, '');
}

/** After the challenge: tell the store's dialog, which asks the store's server to check the outcome. */
export function challengeDonePage(options: { lang: SandboxLang; parent: string; authorization: Authorization; nonce: string }): string {
  const t = text(options.lang);
  const message = JSON.stringify({ source: 'sandbox-pay', type: 'challenge-complete', authorizationId: options.authorization.id });
  const body = `<main><p>${t.done}</p></main>`;
  return page(options.lang, t.challengeTitle, options.nonce, body, `parent.postMessage(${message}, ${JSON.stringify(options.parent)});`);
}

const WALLET_NAMES = { paypal: 'PayPal', klarna: 'Klarna', applepay: 'Apple Pay' } as const;

/** A redirect wallet's page: the shopper approves or cancels, and goes back to the store either way. */
export function walletPage(options: { lang: SandboxLang; session: WalletSession; nonce: string; country: string; lane: LaneName; base: string }): string {
  const t = text(options.lang);
  const s = options.session;
  const name = options.lane === 'sandbox' ? `${WALLET_NAMES[s.method]} (sandbox)` : WALLET_NAMES[s.method];
  const buyer = sandboxBuyer(options.country, 'buyer@example.com').address;
  const body = `<main><h1>${t.walletTitle} ${escapeHtml(name)}</h1><p class="amount">${escapeHtml(formatAmount(s.amount, s.currency, options.lang))}</p><p class="note">${escapeHtml(s.reference)}</p>
<p class="note">Ship to: Sandbox Buyer, ${escapeHtml(`${buyer.addressLine1}, ${buyer.postalCode} ${buyer.city} ${buyer.province}`.trim())}, ${escapeHtml(buyer.countryCode)}</p>
<form method="post" action="${options.base}/wallet/${escapeHtml(s.id)}?lang=${options.lang}"><div class="field"><label for="email">${t.email}</label><input id="email" name="email" type="email" autocomplete="email" value="buyer@example.com" required></div>
<div class="actions"><button class="primary" name="decision" value="approve" type="submit">${t.approve}</button><button class="secondary" name="decision" value="cancel" type="submit" formnovalidate>${t.cancel}</button></div></form></main>`;
  return page(options.lang, name, options.nonce, body, '');
}

/** The lane's index page: the sandbox's test cards and what they do, or the production lane's refusal of them. */
export function indexPage(nonce: string, lane: LaneName): string {
  if (lane === 'production') {
    return page(
      'en',
      'Payments',
      nonce,
      "<main><h1>Payments (production lane)</h1><p>Every page and call of this lane is under <code>/p/</code> and takes only live keys (<code>sk_live_</code>, <code>pk_live_</code>). The sandbox's test cards are declined here (<code>live_mode_test_card</code>): a test card never pays in production.</p></main>",
      '',
    );
  }
  const rows = TEST_CARDS.map(
    (card) => `<tr><td><code>${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td><td>${escapeHtml(card.description)}</td></tr>`,
  ).join('');
  return page(
    'en',
    'Sandbox payments',
    nonce,
    `<main><h1>Sandbox payments</h1><p>Test cards: any future expiry date, any 3-digit CVC (4 for Amex).</p><table>${rows}</table><h2>Apple Pay</h2><p>The sandbox validates merchant sessions for <code>merchant.dev.cairn.sandbox</code> from Apple's gateway URLs only. Its test devices do not encrypt: a payment token's <code>paymentData</code> is <code>{"version":"EC_v1","data":base64(JSON {"dpan": a test card above, "expiry": "MM/YY"})}</code>, and the card decides the outcome, except that a 3-D Secure card is approved (the device authenticated the shopper).</p></main>`,
    '',
  );
}

// Contact and warranty API (account-content §7 contactus; the store services issue, §3): the categories and
// subjects, a message (with the bot check), a signed-in shopper's warranty claim and their cases.

import type { Context } from 'hono';
import { Hono } from 'hono';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { LocaleQuery } from '../../../shared/schema/catalog.ts';
import { CONTACT_CATEGORIES, ContactBody, WarrantyClaim, type WarrantyInput } from '../../../shared/schema/contact.ts';
import { requireHuman } from '../../bot/bot-verifier.ts';
import type { AppEnv } from '../../env.ts';
import { apiLocale } from '../../lib/api-locale.ts';
import { accountAudit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isJsonMediaType } from '../../lib/media-type.ts';
import { chosenPhotos } from '../../lib/photo-store.ts';
import { envelope } from '../../lib/respond.ts';
import { signedInShopper } from '../../lib/signed-in.ts';
import { parseOrThrow, valid } from '../../lib/validate.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { acknowledgeContact, casesOf, contactCase, openCase, sendCaseEmail } from './cases.ts';
import { fileWarrantyClaim } from './warranty.ts';

/** The categories and their subjects, named in the reader's language. */
export function categorySubjects(locale: Locale) {
  const t = translator(locale.lang, locale.tag);
  return Object.entries(CONTACT_CATEGORIES).map(([id, subjects]) => ({
    id,
    label: t(`contact.category.${id}` as MessageKey),
    subjects: subjects.map((subject) => ({ id: subject, label: t(`contact.subject.${subject}` as MessageKey) })),
  }));
}

export function caseEmailCopy(locale: Locale, caseNumber: string, topic: string) {
  const t = translator(locale.lang, locale.tag);
  return {
    subject: t('contact.emailSubject', { caseNumber }),
    hello: t('contact.emailHello'),
    intro: t('contact.emailIntro', { caseNumber }),
    topic,
    noCopy: t('contact.emailNoCopy'),
  };
}

async function warrantyInput(c: Context<AppEnv>): Promise<{ input: WarrantyInput; files: File[] }> {
  const type = c.req.header('content-type');
  if (isJsonMediaType(type)) return { input: parseOrThrow(WarrantyClaim, await c.req.json()), files: [] };
  if (!type?.toLowerCase().startsWith('multipart/form-data')) {
    throw new HttpError('API415', 'Send the claim as JSON, or as multipart/form-data with `claim` (JSON) and `photos`.');
  }
  let data: FormData;
  try {
    data = await c.req.formData();
  } catch {
    throw new HttpError('API400', 'The form could not be read.');
  }
  let json: unknown;
  try {
    json = JSON.parse(String(data.get('claim') ?? ''));
  } catch {
    json = undefined;
  }
  if (typeof json !== 'object' || json === null)
    throw new HttpError('API400', 'claim: the claim, as a JSON object.', [{ field: 'claim', message: 'Required.' }]);
  return { input: parseOrThrow(WarrantyClaim, json), files: chosenPhotos(data.getAll('photos')) };
}

export const supportRoutes = new Hono<AppEnv>()
  .get('/contactus/categorySubject', valid('query', LocaleQuery), (c) => {
    const locale = apiLocale(c, c.req.valid('query'));
    return c.json(envelope(c, { locale: locale.code, categories: categorySubjects(locale) }));
  })
  .post('/contactus', valid('json', ContactBody), async (c) => {
    const body = c.req.valid('json');
    await requireHuman(c.env, body.botToken, 'contact', c.req.header('cf-connecting-ip'));
    const locale = apiLocale(c, {});
    const claims = c.get('session')?.claims;
    const consumerNo = claims?.type === 'registered' ? (claims.consumerNo ?? null) : null;
    const opened = await openCase(c.env.DB, contactCase(locale, consumerNo, body));
    const topic =
      categorySubjects(locale)
        .find((cat) => cat.id === body.category)
        ?.subjects.find((s) => s.id === body.subject)?.label ?? body.subject;
    const acknowledged = await acknowledgeContact(
      { mailer: mailerFor(c.env), counters: c.env.COUNTERS },
      body.email,
      caseEmailCopy(locale, opened.caseNumber, topic),
    );
    if (!acknowledged) c.get('logger').info('contact.ack_limited', { caseNumber: opened.caseNumber });
    if (consumerNo) await accountAudit(c, consumerNo, 'support.contact', { caseNumber: opened.caseNumber }).run();
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { caseNumber: opened.caseNumber, createdAt: opened.createdAt }), 201);
  })
  .post('/consumers-v3/consumer/warranty', async (c) => {
    const consumerNo = signedInShopper(c, 'make a warranty claim');
    const locale = apiLocale(c, {});
    const { input, files } = await warrantyInput(c);
    const filed = await fileWarrantyClaim(c.env.DB, c.env.MEDIA, locale, consumerNo, input, files);
    await sendCaseEmail(mailerFor(c.env), filed, caseEmailCopy(locale, filed.caseNumber, filed.productName), input.description);
    await accountAudit(c, consumerNo, 'support.warranty', { caseNumber: filed.caseNumber }).run();
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { caseNumber: filed.caseNumber, createdAt: filed.createdAt, productName: filed.productName }), 201);
  })
  .get('/consumers-v3/consumer/cases', async (c) => {
    const consumerNo = signedInShopper(c, 'see your cases');
    c.header('Cache-Control', 'private, no-store');
    return c.json(envelope(c, { cases: await casesOf(c.env.DB, consumerNo) }));
  });

// /{locale}/event-registration/{eventId} (account-content §4 event sign-up; the account issue, §2): the event
// page's Register leads here. Signed out, a sign-in or sign-up step; signed in, the form (the email read-only
// from the profile, the days only for an event of two days or more, an optional guest, the terms), then the
// confirmation with the calendar file and a close button back to the event. A plain form: the event page
// itself stays the same for everyone, and cacheable. Private, never indexed.

import type { Context } from 'hono';
import * as v from 'valibot';
import { policyLinks } from '../../../shared/account/account-site.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { CheckboxField, TextField } from '../../../shared/ui/form.tsx';
import {
  type EventInfo,
  findEvent,
  RegistrationBody,
  type RegistrationView,
  register,
  registrant,
  registrantDefaults,
  registrationCalendar,
  registrationOf,
  seatsLeft,
  sendRegistrationEmail,
} from '../../commerce/events/registration.ts';
import type { AppEnv } from '../../env.ts';
import { accountAudit } from '../../lib/audit.ts';
import { publicUrl } from '../../lib/public-origin.ts';
import { mailerFor } from '../../mail/mailer.ts';
import { signedInConsumer } from '../account/section-page.tsx';
import { fieldErrors, formRefusal, inServiceWords } from '../form-errors.ts';
import { readForm } from '../form-text.ts';
import { usePage } from '../page-context.tsx';
import { renderPage } from '../render.tsx';

type Values = { firstName: string; lastName: string; plusOne: string; attendingDays: string[] };

type State =
  | { step: 'sign-in'; event: EventInfo }
  | { step: 'form'; event: EventInfo; email: string; values: Values; left: number; errors?: Record<string, string>; error?: string }
  | { step: 'confirmed'; event: EventInfo; registration: RegistrationView };

function EventRegistrationPage({ state }: { state: State }) {
  const { t, locale, nonce } = usePage();
  const { block } = state.event;
  const eventUrl = `/${locale.code}/${state.event.pageKey}`;
  const self = `/${locale.code}/event-registration/${block.eventId}`;
  const dayFormat = new Intl.DateTimeFormat(locale.tag, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  const dayName = (iso: string) => dayFormat.format(new Date(`${iso}T00:00:00Z`));
  return (
    <div className="page page--form event-registration">
      <p>
        <a href={eventUrl}>{t('event.back')}</a>
      </p>
      {state.step === 'sign-in' ? (
        <>
          <h1>{t('event.signInTitle')}</h1>
          <p>{t('event.signInText')}</p>
          <p>
            <a className="button button--primary" href={`/${locale.code}/account`}>
              {t('event.signIn')}
            </a>
          </p>
        </>
      ) : null}
      {state.step === 'form' ? (
        <>
          <h1>{t('event.registerTitle')}</h1>
          {state.error ? (
            <div className="notice notice--error event-registration__alert" role="alert">
              <p>{state.error}</p>
              <a href={self}>{t('event.dismiss')}</a>
            </div>
          ) : null}
          <p>{t('event.seatsLeft', { count: state.left })}</p>
          <form className="form" method="post" action={self} noValidate id="event-registration-form">
            <TextField id="event-email" name="email" type="email" label={t('event.email')} value={state.email} readOnly />
            <TextField
              id="event-first-name"
              name="firstName"
              label={t('event.firstName')}
              autoComplete="given-name"
              maxLength={30}
              defaultValue={state.values.firstName}
              required
              error={state.errors?.firstName}
            />
            <TextField
              id="event-last-name"
              name="lastName"
              label={t('event.lastName')}
              autoComplete="family-name"
              maxLength={30}
              defaultValue={state.values.lastName}
              required
              error={state.errors?.lastName}
            />
            {state.event.days.length >= 2 ? (
              <fieldset className="event-registration__days" aria-describedby={state.errors?.attendingDays ? 'event-days-error' : undefined}>
                <legend>{t('event.days')}</legend>
                {state.event.days.map((day) => (
                  <CheckboxField
                    key={day}
                    id={`event-day-${day}`}
                    name="attendingDays"
                    value={day}
                    label={dayName(day)}
                    defaultChecked={state.values.attendingDays.includes(day)}
                  />
                ))}
                {state.errors?.attendingDays ? (
                  <p className="field__error" id="event-days-error">
                    {state.errors.attendingDays}
                  </p>
                ) : null}
              </fieldset>
            ) : null}
            {block.enablePlusOne ? (
              <TextField
                id="event-plus-one"
                name="plusOne"
                label={t('event.plusOne')}
                hint={t('event.plusOneHint')}
                maxLength={30}
                defaultValue={state.values.plusOne}
                error={state.errors?.plusOne}
              />
            ) : null}
            <CheckboxField
              id="event-terms"
              name="eventTermsAccepted"
              required
              error={state.errors?.eventTermsAccepted}
              label={
                <>
                  {t('event.terms')} <a href={policyLinks(locale.code).terms}>{t('event.termsLink')}</a>
                </>
              }
            />
            <div className="form__actions">
              <button className="button button--primary" type="submit">
                {block.submitCtaLabel}
              </button>
            </div>
          </form>
          {/* The submit waits while the registration is sent (a second press would only find the first): this page's
              own few bytes, so no other page's script grows. */}
          <script
            nonce={nonce}
            dangerouslySetInnerHTML={{
              __html:
                "document.getElementById('event-registration-form').addEventListener('submit',function(e){var b=e.submitter;if(b){setTimeout(function(){b.disabled=true;b.setAttribute('aria-busy','true')})}})",
            }}
          />
        </>
      ) : null}
      {state.step === 'confirmed' ? (
        <section className="event-registration__done" aria-labelledby="event-done">
          <h1 id="event-done">{block.confirmationTitle}</h1>
          <p>{block.confirmationSubtitle}</p>
          <ul>
            {state.registration.attendingDays.map((day) => (
              <li key={day}>{dayName(day)}</li>
            ))}
          </ul>
          {state.registration.plusOne ? <p>{t('event.withGuest', { name: state.registration.plusOne })}</p> : null}
          <p className="form__actions">
            <a className="button button--secondary" href={`${self}/calendar.ics`} download={`${block.eventId}.ics`}>
              {t('event.calendar')}
            </a>
            <a className="button button--primary" href={eventUrl}>
              {t('event.close')}
            </a>
          </p>
        </section>
      ) : null}
    </div>
  );
}

async function page(c: Context<AppEnv>, state: State, status: 200 | 400 | 401 | 409 = 200): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const response = await renderPage(c, {
    status,
    meta: {
      title: `${t('event.registerTitle')} | ${t('brand.name')}`,
      description: state.event.block.subtitle ?? t('event.registerTitle'),
      pageType: 'Other',
      styles: ['account'],
      canonical: `/${locale.code}/event-registration/${state.event.block.eventId}`,
      // What a crawler sees here is the sign-in step, the same for everyone; a refused form is not a page.
      ...(status === 200 ? {} : { robots: 'noindex' }),
    },
    body: <EventRegistrationPage state={state} />,
    fallback: () => null,
  });
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

async function eventOf(c: Context<AppEnv>): Promise<EventInfo | null> {
  const event = await findEvent(c.env.DB, c.get('locale'), c.req.param('eventId') ?? '');
  return event?.block.capacity ? event : null;
}

async function formState(c: Context<AppEnv>, event: EventInfo, consumerNo: string, extra: Partial<Extract<State, { step: 'form' }>> = {}): Promise<State> {
  const row = await registrantDefaults(c.env.DB, consumerNo);
  return {
    step: 'form',
    event,
    email: row?.email ?? '',
    values: { firstName: row?.first_name ?? '', lastName: row?.last_name ?? '', plusOne: '', attendingDays: event.days },
    left: await seatsLeft(c.env.DB, event),
    ...extra,
  };
}

export async function eventRegistrationPage(c: Context<AppEnv>): Promise<Response> {
  const event = await eventOf(c);
  if (!event) return c.notFound();
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return page(c, { step: 'sign-in', event });
  const registration = await registrationOf(c.env.DB, event.block.eventId, consumerNo);
  if (registration) return page(c, { step: 'confirmed', event, registration });
  return page(c, await formState(c, event, consumerNo));
}

export async function eventRegistrationPost(c: Context<AppEnv>): Promise<Response> {
  const event = await eventOf(c);
  if (!event) return c.notFound();
  const consumerNo = signedInConsumer(c);
  if (!consumerNo) return page(c, { step: 'sign-in', event }, 401);
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const { fields, lists } = await readForm(c, ['attendingDays']);
  const consumer = await registrant(c.env.DB, consumerNo);
  if (!consumer) return c.notFound();
  const values: Values = {
    firstName: fields.firstName ?? '',
    lastName: fields.lastName ?? '',
    plusOne: fields.plusOne ?? '',
    attendingDays: (lists.attendingDays ?? []).slice(0, 14),
  };
  const parsed = v.safeParse(RegistrationBody, {
    email: consumer.email,
    eventId: event.block.eventId,
    firstName: values.firstName,
    lastName: values.lastName,
    plusOne: values.plusOne.trim(),
    attendingDays: values.attendingDays.join(','),
    eventTermsAccepted: fields.eventTermsAccepted === 'on',
  });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.issues, (field) => (field === 'eventTermsAccepted' ? t('event.termsRequired') : undefined));
    return page(c, await formState(c, event, consumerNo, { values, errors }), 400);
  }
  try {
    const result = await register(c.env.DB, event, { consumerNo, email: consumer.email, siteId: consumer.site_id }, parsed.output);
    if (result.created) {
      await accountAudit(c, consumerNo, 'event.register', { eventId: event.block.eventId, registrationId: result.registration.registrationId }).run();
      await sendRegistrationEmail(mailerFor(c.env), event, result.registration, publicUrl(c.env, `/${locale.code}/${event.pageKey}`));
    }
    return page(c, { step: 'confirmed', event, registration: result.registration });
  } catch (error) {
    // The service's own words, at the field it names, or over the form when it names none.
    const { errors, notice, status } = formRefusal(c, error, {
      codes: ['API400', 'API409'],
      details: 'none',
      message: inServiceWords,
      field: ({ details }) => details?.[0]?.field ?? 'form',
    });
    const extra = errors.form === undefined ? { values, errors } : { values, error: notice };
    return page(c, await formState(c, event, consumerNo, extra), status as 400 | 409);
  }
}

/** The registration's calendar file: the registrant's own days. */
export async function eventCalendar(c: Context<AppEnv>): Promise<Response> {
  const event = await eventOf(c);
  const consumerNo = signedInConsumer(c);
  const registration = event && consumerNo ? await registrationOf(c.env.DB, event.block.eventId, consumerNo) : null;
  if (!event || !registration) return c.notFound();
  const ics = registrationCalendar(event, registration, publicUrl(c.env, `/${c.get('locale').code}/${event.pageKey}`));
  return c.body(ics, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': `attachment; filename="${event.block.eventId}.ics"`,
    'Cache-Control': 'private, no-store',
  });
}

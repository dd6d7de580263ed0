// The store locator and the store pages (the store services issue, §2). /{locale}/stores finds the site's
// stores near a postal code, a city or (with the browser's permission) where the shopper is, nearest first,
// on a map drawn here; /{locale}/stores/{storeId} is one store, with its week, services, map and JSON-LD.
// Both are the same for everyone. "Make this my store" posts a plain form; the header shows the choice.

import type { Context } from 'hono';
import * as v from 'valibot';
import type { Block } from '../../../shared/content/blocks.ts';
import type { MessageKey } from '../../../shared/i18n/en.ts';
import { translator } from '../../../shared/i18n/translate.ts';
import { serializeForHtml } from '../../../shared/island.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import type { CatalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { catalogIndex } from '../../commerce/catalog/catalog-index.ts';
import { geocoderFor } from '../../commerce/stores/geocoder.ts';
import { chooseMyStore } from '../../commerce/stores/my-store.ts';
import { type StoreResult, searchStores } from '../../commerce/stores/search.ts';
import { type Store, storeOfSite, storesOfSite } from '../../commerce/stores/service.ts';
import { type OpeningHours, storeTimeZone, WEEK, type Weekday, weekdayIn } from '../../commerce/stores/store-hours.ts';
import type { AppEnv } from '../../env.ts';
import { applyCookieChanges, overHttps } from '../../lib/http-cookies.ts';
import { returnPath } from '../../lib/return-path.ts';
import { storePaths } from '../../lib/store-paths.ts';
import { catalogTags } from '../../page-cache/request.ts';
import { signedInConsumer } from '../account/section-page.tsx';
import { loadEspot, storeSlot } from '../cms/espot.ts';
import { ContentBlocks } from '../components/ContentBlocks.tsx';
import { notFoundPage } from '../errors/error-page.tsx';
import { readForm } from '../form-text.ts';
import { usePage } from '../page-context.tsx';
import { renderPage } from '../render.tsx';
import { type MapPoint, StoreMap } from './StoreMap.tsx';

/** Miles where shoppers count in miles. */
const MILES = new Set(['US', 'GB']);
const SEARCH_RADIUS_KM = 500;
const RESULTS = 10;

const Query = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(80))),
  lat: v.optional(v.pipe(v.string(), v.regex(/^-?\d{1,2}(\.\d{1,6})?$/), v.transform(Number), v.minValue(-90), v.maxValue(90))),
  lng: v.optional(v.pipe(v.string(), v.regex(/^-?\d{1,3}(\.\d{1,6})?$/), v.transform(Number), v.minValue(-180), v.maxValue(180))),
});

function distance(locale: Locale, km: number, t: ReturnType<typeof translator>): string {
  return MILES.has(locale.site.id) ? t('stores.miles', { distance: (km / 1.609).toFixed(1) }) : t('stores.km', { distance: km.toFixed(1) });
}

/** The town line as the country writes it: "Portland, OR 97209", "London W1F 9SH", "75003 Paris". */
function cityLine(store: Store): string {
  if (store.countryCode === 'US' || store.countryCode === 'CA') return `${store.city}, ${store.province ?? ''} ${store.postalCode}`.replace(/ {2,}/g, ' ');
  if (store.countryCode === 'GB') return `${store.city} ${store.postalCode}`;
  return `${store.postalCode} ${store.city}`;
}

function Hours({ store, now }: { store: Store; now: Date }) {
  const { t } = usePage();
  const today = weekdayIn(storeTimeZone(store.countryCode, store.longitude), now);
  const hours = store.openingHours as OpeningHours;
  return (
    <table className="store-hours">
      <caption className="sr-only">{t('stores.hours')}</caption>
      <tbody>
        {WEEK.map((day) => {
          const open = hours[day];
          return (
            <tr key={day} className={day === today ? 'is-today' : undefined}>
              <th scope="row">
                {t(`stores.day.${day}` as MessageKey)}
                {day === today ? <span className="sr-only"> ({t('stores.today')})</span> : null}
              </th>
              <td>{open ? `${open[0]}–${open[1]}` : t('stores.closed')}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function todayLine(store: Store, now: Date, t: ReturnType<typeof translator>): string {
  const today = weekdayIn(storeTimeZone(store.countryCode, store.longitude), now) as Weekday;
  const open = (store.openingHours as OpeningHours)[today];
  return open ? t('stores.openToday', { from: open[0], to: open[1] }) : t('stores.closedToday');
}

function Services({ store }: { store: Store }) {
  const { t } = usePage();
  return (
    <ul className="store-services" aria-label={t('stores.services')}>
      {store.services.map((service) => (
        <li key={service}>{t(`stores.service.${service}` as MessageKey)}</li>
      ))}
    </ul>
  );
}

function MyStoreForm({ store, back }: { store: Store; back: string }) {
  const { t, locale } = usePage();
  return (
    <form method="post" action={`/${locale.code}/stores/my-store`} className="store-card__choose">
      <input type="hidden" name="storeId" value={store.id} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className="button button--secondary button--small">
        {t('stores.makeMine')}
      </button>
    </form>
  );
}

type LocatorState = {
  query: string;
  origin: { latitude: number; longitude: number } | null;
  stores: StoreResult[] | Store[];
  notFound: boolean;
  near: boolean;
};

/** The store-locator espot under the locator and store pages; a flagship's page shows its own slot (storeSlot). */
function StoresEspot({ espot, index }: { espot: Block[]; index: CatalogIndex }) {
  return espot.length > 0 ? (
    <div className="espot espot--stores">
      <ContentBlocks items={espot} index={index} search="" />
    </div>
  ) : null;
}

function LocatorPage({ state, espot, index, now }: { state: LocatorState; espot: Block[]; index: CatalogIndex; now: Date }) {
  const { t, locale, nonce } = usePage();
  const points: MapPoint[] = state.stores.map((store, i) => ({
    label: String(i + 1),
    name: store.name,
    caption: store.city,
    latitude: store.latitude,
    longitude: store.longitude,
  }));
  const self = storePaths.stores(locale.code);
  return (
    <div className="page page--stores">
      <h1>{t('stores.title')}</h1>
      <form className="store-search" method="get" action={self}>
        <div className="field">
          <label className="field__label" htmlFor="store-q">
            {t('stores.searchLabel')}
          </label>
          <input id="store-q" className="field__input" name="q" defaultValue={state.query} maxLength={80} autoComplete="postal-code" />
        </div>
        <input type="hidden" name="lat" id="store-lat" disabled />
        <input type="hidden" name="lng" id="store-lng" disabled />
        <div className="store-search__actions">
          <button type="submit" className="button button--primary">
            {t('stores.search')}
          </button>
          {/* Shown by the script below where the browser can tell where the shopper is: it asks them first. */}
          <button type="button" className="button button--secondary" id="store-near-me" hidden>
            {t('stores.nearMe')}
          </button>
        </div>
        <p className="store-search__status" id="store-status" role="status" />
      </form>
      {state.notFound ? (
        <div className="notice notice--info" role="status">
          <p>{t('stores.notFound', { query: state.query })}</p>
        </div>
      ) : null}
      <p className="stores__count">
        {state.origin
          ? t(state.near ? 'stores.nearYou' : 'stores.nearQuery', { count: state.stores.length, query: state.query })
          : t('stores.all', { count: state.stores.length })}
      </p>
      <div className="stores-layout">
        <ol className="store-list">
          {state.stores.map((store, i) => (
            <li key={store.id} className="store-card">
              <span className="store-card__number" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <h2 className="store-card__name">
                  <a href={storePaths.store(locale.code, store.id)}>{store.name}</a>
                </h2>
                <p className="store-card__address">
                  {store.addressLine1}, {cityLine(store)}
                  {'distanceKm' in store && store.distanceKm !== undefined ? (
                    <span className="store-card__distance"> · {distance(locale, store.distanceKm, t)}</span>
                  ) : null}
                </p>
                <p className="store-card__today">{todayLine(store, now, t)}</p>
                <Services store={store} />
                <details className="store-card__week">
                  <summary>{t('stores.week')}</summary>
                  <Hours store={store} now={now} />
                </details>
                <MyStoreForm store={store} back={storePaths.store(locale.code, store.id)} />
              </div>
            </li>
          ))}
        </ol>
        <div className="stores-layout__map">
          <StoreMap points={points} origin={state.origin} title={t('stores.mapTitle', { count: points.length })} />
        </div>
      </div>
      <StoresEspot espot={espot} index={index} />
      <script
        nonce={nonce}
        dangerouslySetInnerHTML={{
          // "Use my location", and the geo cookie (account-content §6): the shared position, to about a km, for 30 days,
          // so the locator opens on the nearest stores next time; read in the browser, the page is the same for all.
          __html: `(function(){var g=/(?:^|; )geo=(-?\\d{1,2}\\.\\d{1,2}),(-?\\d{1,3}\\.\\d{1,2})(?:;|$)/.exec(document.cookie),q=new URLSearchParams(location.search);if(g&&!q.has('q')&&!q.has('lat')){location.replace('?lat='+g[1]+'&lng='+g[2]);return}var b=document.getElementById('store-near-me'),s=document.getElementById('store-status');if(!b||!navigator.geolocation)return;b.hidden=false;b.addEventListener('click',function(){s.textContent=${serializeForHtml(t('stores.locating'))};navigator.geolocation.getCurrentPosition(function(p){var la=document.getElementById('store-lat'),ln=document.getElementById('store-lng');la.value=p.coords.latitude.toFixed(4);ln.value=p.coords.longitude.toFixed(4);document.cookie='geo='+p.coords.latitude.toFixed(2)+','+p.coords.longitude.toFixed(2)+'; Path=/; Max-Age=2592000; SameSite=Lax'+(location.protocol==='https:'?'; Secure':'');la.disabled=false;ln.disabled=false;document.getElementById('store-q').value='';b.form.submit()},function(){s.textContent=${serializeForHtml(t('stores.locationDenied'))}},{timeout:10000,maximumAge:600000})})})()`,
        }}
      />
    </div>
  );
}

export async function storeLocatorPage(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const t = translator(locale.lang, locale.tag);
  const parsed = v.safeParse(Query, Object.fromEntries(new URL(c.req.url).searchParams));
  const query = parsed.success ? parsed.output : {};
  const near = query.lat !== undefined && query.lng !== undefined;
  let state: LocatorState;
  if (near || query.q) {
    const place = near ? { latitude: query.lat, longitude: query.lng } : /\d/.test(query.q ?? '') ? { postalCode: query.q } : { city: query.q };
    const geocoder = geocoderFor(c.env, c.get('logger'));
    const found = await searchStores(c.env.DB, locale, { ...place, radiusKm: SEARCH_RADIUS_KM, limit: RESULTS }, undefined, geocoder);
    state = found.origin
      ? { query: query.q ?? '', origin: found.origin, stores: found.stores, notFound: false, near }
      : { query: query.q ?? '', origin: null, stores: await storesOfSite(c.env.DB, locale.site.id), notFound: true, near: false };
  } else {
    state = { query: '', origin: null, stores: await storesOfSite(c.env.DB, locale.site.id), notFound: false, near: false };
  }
  const [espot, index] = await Promise.all([loadEspot(c, 'store-locator'), catalogIndex(c.env.DB, c.get('logger'))]);
  c.get('pageCache')?.cacheAs(catalogTags.stores(locale.site.id));
  return renderPage(c, {
    meta: {
      title: t('stores.title'),
      description: t('stores.description'),
      pageType: 'Other',
      styles: ['stores'],
      // A search's answer is the same stores again: the canonical names the one page to index.
      canonical: storePaths.stores(locale.code),
    },
    body: <LocatorPage state={state} espot={espot} index={index} now={new Date()} />,
    fallback: () => null,
  });
}

const SCHEMA_DAYS: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

function storeJsonLd(store: Store, origin: string, url: string) {
  const hours = store.openingHours as OpeningHours;
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    '@id': new URL(url, origin).toString(),
    name: store.name,
    url: new URL(url, origin).toString(),
    telephone: store.phone,
    brand: { '@type': 'Brand', name: 'Cairn' },
    address: {
      '@type': 'PostalAddress',
      streetAddress: store.addressLine1,
      addressLocality: store.city,
      ...(store.province ? { addressRegion: store.province } : {}),
      postalCode: store.postalCode,
      addressCountry: store.countryCode,
    },
    geo: { '@type': 'GeoCoordinates', latitude: store.latitude, longitude: store.longitude },
    openingHoursSpecification: WEEK.flatMap((day) => {
      const open = hours[day];
      return open ? [{ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${SCHEMA_DAYS[day]}`, opens: open[0], closes: open[1] }] : [];
    }),
  };
}

function StorePage({
  store,
  nearby,
  espot,
  index,
  saved,
  now,
}: {
  store: Store;
  nearby: StoreResult[];
  espot: Block[];
  index: CatalogIndex;
  saved: boolean;
  now: Date;
}) {
  const { t, locale, nonce, origin } = usePage();
  const url = storePaths.store(locale.code, store.id);
  const points: MapPoint[] = [store, ...nearby].map((s, i) => ({
    label: String(i + 1),
    name: s.name,
    caption: s.city,
    latitude: s.latitude,
    longitude: s.longitude,
  }));
  return (
    <div className="page page--store">
      <p>
        <a href={storePaths.stores(locale.code)}>{t('stores.back')}</a>
      </p>
      <h1>{store.name}</h1>
      {saved ? (
        <div className="notice notice--success" role="status">
          <p>{t('stores.saved', { store: store.name })}</p>
        </div>
      ) : null}
      <div className="stores-layout">
        <div className="store-detail">
          <address className="store-detail__address">
            {store.addressLine1}
            <br />
            {cityLine(store)}
          </address>
          <p>
            <a href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}>{store.phone}</a>
          </p>
          <p className="store-card__today">{todayLine(store, now, t)}</p>
          <h2>{t('stores.hours')}</h2>
          <Hours store={store} now={now} />
          <h2>{t('stores.services')}</h2>
          <Services store={store} />
          <MyStoreForm store={store} back={url} />
        </div>
        <div className="stores-layout__map">
          <StoreMap points={points} title={t('stores.mapNearby', { store: store.name })} />
          {nearby.length > 0 ? (
            <>
              <h2>{t('stores.nearby')}</h2>
              <ol className="store-nearby" start={2}>
                {nearby.map((other) => (
                  <li key={other.id}>
                    <a href={storePaths.store(locale.code, other.id)}>{other.name}</a> · {distance(locale, other.distanceKm, t)}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </div>
      </div>
      <StoresEspot espot={espot} index={index} />
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: serializeForHtml(storeJsonLd(store, origin, url)) }} />
    </div>
  );
}

export async function storePage(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const store = await storeOfSite(c.env.DB, locale.site.id, c.req.param('storeId') ?? '');
  if (!store) return notFoundPage(c);
  const t = translator(locale.lang, locale.tag);
  const [found, espot, index] = await Promise.all([
    searchStores(c.env.DB, locale, { latitude: store.latitude, longitude: store.longitude, radiusKm: 200, limit: 4 }),
    loadEspot(c, storeSlot(store.id)),
    catalogIndex(c.env.DB, c.get('logger')),
  ]);
  const saved = new URL(c.req.url).searchParams.get('saved') === '1';
  // Open or closed now: a stored copy is at most FRESH_SECONDS behind the clock.
  c.get('pageCache')?.cacheAs(catalogTags.stores(locale.site.id), catalogTags.store(store.id));
  return renderPage(c, {
    meta: {
      title: t('stores.storeTitle', { store: store.name }),
      description: t('stores.storeDescription', { store: store.name, city: store.city }),
      pageType: 'Other',
      styles: ['stores'],
      canonical: storePaths.store(locale.code, store.id),
      ...(saved ? { robots: 'noindex' } : {}),
    },
    body: (
      <StorePage store={store} nearby={found.stores.filter((s) => s.id !== store.id).slice(0, 3)} espot={espot} index={index} saved={saved} now={new Date()} />
    ),
    fallback: () => null,
  });
}

/** "Make this my store": the cookie, the account for a signed-in shopper, then back to the store's page. */
export async function myStorePost(c: Context<AppEnv>): Promise<Response> {
  const locale = c.get('locale');
  const { fields } = await readForm(c);
  const store = await storeOfSite(c.env.DB, locale.site.id, fields.storeId ?? '');
  if (!store) return notFoundPage(c);
  applyCookieChanges(c, [await chooseMyStore(c.env.DB, store, signedInConsumer(c), overHttps(c))]);
  const back = returnPath(fields.back, [locale.code]) ?? storePaths.store(locale.code, store.id);
  return c.redirect(`${back}${back.includes('?') ? '&' : '?'}saved=1`, 303);
}

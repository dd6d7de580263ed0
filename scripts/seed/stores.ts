// Physical stores: real cities and coordinates, fictional street numbers, local postcode and phone formats.

import { SITE_IDS, SITES, type SiteId } from '../../src/shared/locale/sites.ts';
import { createRandom } from './random.ts';
import type { SeedRow } from './tables.ts';

export interface StoreSeed {
  id: string;
  siteId: SiteId;
  country: string;
  name: string;
  address: string;
  city: string;
  province: string | null;
  postalCode: string;
  phone: string;
  latitude: number;
  longitude: number;
  /** Mountain-town stores keep longer, seven-day hours. */
  resort: boolean;
}

type Entry = [
  city: string,
  province: string | null,
  name: string,
  address: string,
  postalCode: string,
  phone: string,
  latitude: number,
  longitude: number,
  resort?: boolean,
];

// Phone numbers use ranges reserved for fiction where a country has one (US/CA 555-01xx, UK Ofcom drama ranges).
const ENTRIES: Readonly<Record<string, readonly Entry[]>> = {
  US: [
    ['Boston', 'MA', 'Newbury Street', '214 Newbury Street', '02116', '(617) 555-0123', 42.3503, -71.081],
    ['New York', 'NY', 'SoHo', '97 Spring Street', '10012', '(212) 555-0147', 40.7236, -73.9986],
    ['Philadelphia', 'PA', 'Walnut Street', '1620 Walnut Street', '19103', '(215) 555-0168', 39.9496, -75.169],
    ['Washington', 'DC', 'Georgetown', '3135 M Street NW', '20007', '(202) 555-0139', 38.905, -77.0616],
    ['Chicago', 'IL', 'Michigan Avenue', '738 N Michigan Avenue', '60611', '(312) 555-0184', 41.896, -87.6243],
    ['Minneapolis', 'MN', 'North Loop', '212 N 2nd Street', '55401', '(612) 555-0110', 44.985, -93.27],
    ['Denver', 'CO', 'Larimer Square', '1430 Larimer Street', '80202', '(303) 555-0175', 39.7479, -104.9994],
    ['Boulder', 'CO', 'Pearl Street', '1242 Pearl Street', '80302', '(303) 555-0192', 40.0182, -105.2786, true],
    ['Salt Lake City', 'UT', 'Main Street', '165 S Main Street', '84111', '(801) 555-0156', 40.7665, -111.891],
    ['Austin', 'TX', 'South Congress', '1514 S Congress Avenue', '78704', '(512) 555-0131', 30.249, -97.7497],
    ['Seattle', 'WA', 'Pike Place', '1501 1st Avenue', '98101', '(206) 555-0117', 47.6094, -122.341],
    ['Portland', 'OR', 'Pearl District', '1122 NW Everett Street', '97209', '(503) 555-0188', 45.525, -122.683],
    ['San Francisco', 'CA', 'Union Square', '266 Post Street', '94108', '(415) 555-0162', 37.7886, -122.406],
    ['Los Angeles', 'CA', 'Abbot Kinney', '1320 Abbot Kinney Boulevard', '90291', '(310) 555-0144', 33.991, -118.466],
  ],
  CA: [
    ['Vancouver', 'BC', 'Robson Street', '1085 Robson Street', 'V6E 1A7', '(604) 555-0126', 49.2856, -123.1245],
    ['Whistler', 'BC', 'Village', '4293 Mountain Square', 'V8E 1B8', '(604) 555-0173', 50.115, -122.956, true],
    ['Calgary', 'AB', 'Stephen Avenue', '317 8 Avenue SW', 'T2P 1C1', '(403) 555-0138', 51.0455, -114.067],
    ['Banff', 'AB', 'Banff Avenue', '205 Banff Avenue', 'T1L 1A7', '(403) 555-0191', 51.1772, -115.5707, true],
    ['Toronto', 'ON', 'Queen Street West', '524 Queen Street West', 'M5V 2B5', '(416) 555-0152', 43.6478, -79.4],
    ['Ottawa', 'ON', 'ByWard Market', '71 William Street', 'K1N 7B7', '(613) 555-0119', 45.4275, -75.6925],
    ['Montréal', 'QC', 'Rue Sainte-Catherine', '1230 rue Sainte-Catherine Ouest', 'H3G 1P1', '(514) 555-0164', 45.499, -73.572],
    ['Québec', 'QC', 'Rue Saint-Jean', '845 rue Saint-Jean', 'G1R 1R2', '(418) 555-0108', 46.809, -71.217],
  ],
  GB: [
    ['London', null, 'Covent Garden', '24 Long Acre', 'WC2E 9LY', '020 7946 0321', 51.5123, -0.125],
    ['London', null, 'Shoreditch', '61 Redchurch Street', 'E2 7DJ', '020 7946 0588', 51.524, -0.075],
    ['Manchester', null, 'Northern Quarter', '38 Oldham Street', 'M1 1JN', '0161 496 0472', 53.4835, -2.234],
    ['Edinburgh', null, 'George Street', '88 George Street', 'EH2 3BU', '0131 496 0215', 55.953, -3.2],
    ['Glasgow', null, 'Buchanan Street', '150 Buchanan Street', 'G1 2LL', '0141 496 0633', 55.862, -4.254],
    ['Bristol', null, 'Park Street', '45 Park Street', 'BS1 5NT', '0117 496 0784', 51.4545, -2.601],
    ['Leeds', null, 'Briggate', '112 Briggate', 'LS1 6BR', '0113 496 0350', 53.798, -1.543],
    ['Sheffield', null, 'Division Street', '74 Division Street', 'S1 4GF', '0114 496 0921', 53.379, -1.477],
  ],
  FR: [
    ['Paris', null, 'Le Marais', '38 rue des Francs-Bourgeois', '75003', '01 42 71 38 20', 48.8585, 2.361],
    ['Paris', null, 'Saint-Germain', '12 rue du Vieux-Colombier', '75006', '01 45 48 62 17', 48.8515, 2.331],
    ['Lyon', null, "Presqu'île", '54 rue de la République', '69002', '04 78 42 19 56', 45.761, 4.836],
    ['Bordeaux', null, 'Sainte-Catherine', '118 rue Sainte-Catherine', '33000', '05 56 44 27 83', 44.838, -0.5735],
    ['Grenoble', null, 'Grenette', '7 place Grenette', '38000', '04 76 51 30 64', 45.1905, 5.727],
    ['Chamonix-Mont-Blanc', null, 'Centre', '96 rue du Docteur Paccard', '74400', '04 50 53 18 42', 45.923, 6.869, true],
  ],
  DE: [
    ['Berlin', null, 'Mitte', 'Rosenthaler Straße 42', '10178', '030 2847 5390', 52.5265, 13.402],
    ['München', null, 'Sendlinger Straße', 'Sendlinger Straße 21', '80331', '089 2317 6640', 48.136, 11.57],
    ['Hamburg', null, 'Neuer Wall', 'Neuer Wall 18', '20354', '040 3570 2281', 53.551, 9.989],
    ['Köln', null, 'Ehrenstraße', 'Ehrenstraße 60', '50672', '0221 2578 913', 50.939, 6.944],
    ['Frankfurt am Main', null, 'Goethestraße', 'Goethestraße 9', '60313', '069 2972 4415', 50.115, 8.674],
    ['Garmisch-Partenkirchen', null, 'Ludwigstraße', 'Ludwigstraße 31', '82467', '08821 943 572', 47.493, 11.1, true],
  ],
  IT: [
    ['Milano', 'MI', 'Brera', 'Corso Garibaldi 54', '20121', '02 8646 3921', 45.476, 9.184],
    ['Roma', 'RM', 'Via del Corso', 'Via del Corso 212', '00186', '06 6994 1837', 41.901, 12.481],
    ['Torino', 'TO', 'Via Garibaldi', 'Via Giuseppe Garibaldi 27', '10122', '011 562 3481', 45.073, 7.68],
    ['Firenze', 'FI', 'Tornabuoni', "Via de' Tornabuoni 19", '50123', '055 238 4471', 43.771, 11.252],
    ['Bologna', 'BO', 'Indipendenza', "Via dell'Indipendenza 33", '40121', '051 263 1180', 44.4975, 11.344],
    ['Bolzano', 'BZ', 'Portici', 'Via dei Portici 48', '39100', '0471 978 2213', 46.499, 11.354, true],
  ],
};

function siteFor(country: string): SiteId {
  const site = SITE_IDS.find((id) => SITES[id].countries.includes(country));
  if (!site) throw new Error(`No site serves ${country}`);
  return site;
}

export function storeSeeds(): StoreSeed[] {
  return Object.entries(ENTRIES).flatMap(([country, entries]) =>
    entries.map(([city, province, place, address, postalCode, phone, latitude, longitude, resort = false], i) => ({
      id: `${country}-${String(i + 1).padStart(4, '0')}`,
      siteId: siteFor(country),
      country,
      // A single-store town needs no neighbourhood in the name.
      name: place === 'Centre' ? `Cairn ${city}` : `Cairn ${city} ${place}`,
      address,
      city,
      province,
      postalCode,
      phone,
      latitude,
      longitude,
      resort,
    })),
  );
}

type Hours = [string, string] | null;
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Local trading customs: Sunday closing in France and Germany, short Sunday hours in the UK. */
function openingHours(store: StoreSeed): Record<(typeof DAYS)[number], Hours> {
  const week = (weekday: Hours, saturday: Hours, sunday: Hours) =>
    Object.fromEntries(DAYS.map((day) => [day, day === 'sun' ? sunday : day === 'sat' ? saturday : weekday])) as Record<(typeof DAYS)[number], Hours>;
  if (store.resort) return week(['09:00', '19:00'], ['09:00', '19:00'], ['09:00', '18:00']);
  switch (store.country) {
    case 'GB':
      return week(['09:30', '19:00'], ['09:30', '19:00'], ['11:30', '17:30']);
    case 'FR':
      return week(['10:00', '19:30'], ['10:00', '19:30'], null);
    case 'DE':
      return week(['10:00', '20:00'], ['10:00', '20:00'], null);
    case 'IT':
      return week(['10:00', '19:30'], ['10:00', '20:00'], ['11:00', '19:00']);
    default:
      return week(['10:00', '20:00'], ['10:00', '20:00'], ['11:00', '18:00']);
  }
}

const SERVICES = ['pickup', 'returns', 'ship-to-store', 'repairs'] as const;
const SERVICE_ODDS: Readonly<Record<(typeof SERVICES)[number], number>> = { pickup: 0.92, returns: 0.96, 'ship-to-store': 0.7, repairs: 0.35 };

export function storeRows(stores: readonly StoreSeed[]): SeedRow[] {
  return stores.map((store) => {
    const random = createRandom(`store:${store.id}`);
    const services = SERVICES.filter((service) => random.chance(SERVICE_ODDS[service]));
    return {
      id: store.id,
      site_id: store.siteId,
      country_code: store.country,
      name: store.name,
      address_line1: store.address,
      city: store.city,
      province: store.province,
      postal_code: store.postalCode,
      phone: store.phone,
      latitude: store.latitude,
      longitude: store.longitude,
      opening_hours: JSON.stringify(openingHours(store)),
      services: JSON.stringify(services.length > 0 ? services : ['returns']),
    };
  });
}

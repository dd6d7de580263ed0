// States and provinces an address names (commerce-core §5, province lists): their codes and names, and
// where a postal code tells which one it is, so a mismatch can be offered its correction.

const table = (text: string): Record<string, string> => Object.fromEntries(text.split(';').map((entry) => entry.split(':') as [string, string]));

const US = table(
  'AL:Alabama;AK:Alaska;AZ:Arizona;AR:Arkansas;CA:California;CO:Colorado;CT:Connecticut;DE:Delaware;DC:District of Columbia;FL:Florida;GA:Georgia;HI:Hawaii;ID:Idaho;IL:Illinois;IN:Indiana;IA:Iowa;KS:Kansas;KY:Kentucky;LA:Louisiana;ME:Maine;MD:Maryland;MA:Massachusetts;MI:Michigan;MN:Minnesota;MS:Mississippi;MO:Missouri;MT:Montana;NE:Nebraska;NV:Nevada;NH:New Hampshire;NJ:New Jersey;NM:New Mexico;NY:New York;NC:North Carolina;ND:North Dakota;OH:Ohio;OK:Oklahoma;OR:Oregon;PA:Pennsylvania;RI:Rhode Island;SC:South Carolina;SD:South Dakota;TN:Tennessee;TX:Texas;UT:Utah;VT:Vermont;VA:Virginia;WA:Washington;WV:West Virginia;WI:Wisconsin;WY:Wyoming',
);

const CA = table(
  'AB:Alberta;BC:British Columbia;MB:Manitoba;NB:New Brunswick;NL:Newfoundland and Labrador;NS:Nova Scotia;NT:Northwest Territories;NU:Nunavut;ON:Ontario;PE:Prince Edward Island;QC:Quebec;SK:Saskatchewan;YT:Yukon',
);

/** Italian addresses carry the province's two-letter sigla after the city. */
const IT = table(
  "AG:Agrigento;AL:Alessandria;AN:Ancona;AO:Aosta;AR:Arezzo;AP:Ascoli Piceno;AT:Asti;AV:Avellino;BA:Bari;BT:Barletta-Andria-Trani;BL:Belluno;BN:Benevento;BG:Bergamo;BI:Biella;BO:Bologna;BZ:Bolzano;BS:Brescia;BR:Brindisi;CA:Cagliari;CL:Caltanissetta;CB:Campobasso;CE:Caserta;CT:Catania;CZ:Catanzaro;CH:Chieti;CO:Como;CS:Cosenza;CR:Cremona;KR:Crotone;CN:Cuneo;EN:Enna;FM:Fermo;FE:Ferrara;FI:Firenze;FG:Foggia;FC:Forlì-Cesena;FR:Frosinone;GE:Genova;GO:Gorizia;GR:Grosseto;IM:Imperia;IS:Isernia;SP:La Spezia;AQ:L'Aquila;LT:Latina;LE:Lecce;LC:Lecco;LI:Livorno;LO:Lodi;LU:Lucca;MC:Macerata;MN:Mantova;MS:Massa-Carrara;MT:Matera;ME:Messina;MI:Milano;MO:Modena;MB:Monza e Brianza;NA:Napoli;NO:Novara;NU:Nuoro;OR:Oristano;PD:Padova;PA:Palermo;PR:Parma;PV:Pavia;PG:Perugia;PU:Pesaro e Urbino;PE:Pescara;PC:Piacenza;PI:Pisa;PT:Pistoia;PN:Pordenone;PZ:Potenza;PO:Prato;RG:Ragusa;RA:Ravenna;RC:Reggio Calabria;RE:Reggio Emilia;RI:Rieti;RN:Rimini;RM:Roma;RO:Rovigo;SA:Salerno;SS:Sassari;SV:Savona;SI:Siena;SR:Siracusa;SO:Sondrio;SU:Sud Sardegna;TA:Taranto;TE:Teramo;TR:Terni;TO:Torino;TP:Trapani;TN:Trento;TV:Treviso;TS:Trieste;UD:Udine;VA:Varese;VE:Venezia;VB:Verbano-Cusio-Ossola;VC:Vercelli;VR:Verona;VV:Vibo Valentia;VI:Vicenza;VT:Viterbo",
);

const BY_COUNTRY: Record<string, Record<string, string>> = { US, CA, IT };

/** The provinces of a country that names one on its addresses, code to name; none for the others. */
export function provincesOf(countryCode: string): Record<string, string> | undefined {
  return BY_COUNTRY[countryCode];
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase();

/** The code of a province given as its code or its name, in any case or accents ("ontario", "Québec"). */
export function findProvince(countryCode: string, typed: string): string | undefined {
  const provinces = provincesOf(countryCode);
  if (!provinces) return undefined;
  const upper = typed.trim().toUpperCase();
  if (upper in provinces) return upper;
  const wanted = fold(typed);
  if (!wanted) return undefined;
  return Object.keys(provinces).find((code) => fold(provinces[code] as string) === wanted);
}

// First three digits of a ZIP code to its state (USPS prefix ranges); territories and military are left out.
// biome-ignore format: a table reads better in rows
const ZIP3: readonly [number, number, string][] = [
  [10, 27, 'MA'], [28, 29, 'RI'], [30, 38, 'NH'], [39, 49, 'ME'], [50, 54, 'VT'], [55, 55, 'MA'], [56, 59, 'VT'],
  [60, 69, 'CT'], [70, 89, 'NJ'], [100, 149, 'NY'], [150, 196, 'PA'], [197, 199, 'DE'], [200, 200, 'DC'],
  [201, 201, 'VA'], [202, 205, 'DC'], [206, 219, 'MD'], [220, 246, 'VA'], [247, 268, 'WV'], [270, 289, 'NC'],
  [290, 299, 'SC'], [300, 319, 'GA'], [320, 339, 'FL'], [341, 349, 'FL'], [350, 369, 'AL'], [370, 385, 'TN'],
  [386, 397, 'MS'], [398, 399, 'GA'], [400, 427, 'KY'], [430, 459, 'OH'], [460, 479, 'IN'], [480, 499, 'MI'],
  [500, 528, 'IA'], [530, 549, 'WI'], [550, 567, 'MN'], [569, 569, 'DC'], [570, 577, 'SD'], [580, 588, 'ND'],
  [590, 599, 'MT'], [600, 629, 'IL'], [630, 658, 'MO'], [660, 679, 'KS'], [680, 693, 'NE'], [700, 714, 'LA'],
  [716, 729, 'AR'], [730, 731, 'OK'], [733, 733, 'TX'], [734, 749, 'OK'], [750, 799, 'TX'], [800, 816, 'CO'],
  [820, 831, 'WY'], [832, 838, 'ID'], [840, 847, 'UT'], [850, 865, 'AZ'], [870, 884, 'NM'], [885, 885, 'TX'],
  [889, 898, 'NV'], [900, 961, 'CA'], [967, 968, 'HI'], [970, 979, 'OR'], [980, 994, 'WA'], [995, 999, 'AK'],
];

// A Canadian postal code's first letter is its province's; X is split between the two northern territories.
// biome-ignore format: a table reads better in rows
const CA_LETTER: Record<string, string> = {
  A: 'NL', B: 'NS', C: 'PE', E: 'NB', G: 'QC', H: 'QC', J: 'QC', K: 'ON', L: 'ON', M: 'ON', N: 'ON', P: 'ON',
  R: 'MB', S: 'SK', T: 'AB', V: 'BC', Y: 'YT',
};

/** The province a postal code belongs to, where the country's codes say it (US, Canada). */
export function provinceOfPostalCode(countryCode: string, postalCode: string): string | undefined {
  const code = postalCode.trim().toUpperCase();
  if (countryCode === 'US' && /^\d{5}/.test(code)) {
    const prefix = Number(code.slice(0, 3));
    return ZIP3.find(([from, to]) => prefix >= from && prefix <= to)?.[2];
  }
  if (countryCode === 'CA' && /^[A-Z]\d[A-Z]/.test(code)) {
    if (code[0] === 'X') return /^X0[ABC]/.test(code) ? 'NU' : 'NT';
    return CA_LETTER[code[0] as string];
  }
  return undefined;
}

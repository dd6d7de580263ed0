// Tax (commerce-core §3 totals; the cart issue's tax rules) behind one interface. The built-in table:
// US sales tax by the state the goods go to (the store's state for a pickup), Canadian GST/HST/PST by
// province, and VAT included in the price on the EU sites and in Great Britain. A real tax service can
// replace it without the cart noticing.

export interface TaxDestination {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** US state or Canadian province code ("CO", "QC"); unused elsewhere. */
  region?: string | undefined;
}

export interface TaxResult {
  /** Tax on each amount, in minor units, in the order given. */
  perAmount: number[];
  /** Included in the prices (VAT) or added to them (US and Canadian sales taxes). */
  included: boolean;
  /** The combined rate applied, for display ("7.25 %"). */
  rate: number;
}

export interface TaxCalculator {
  /** `amounts`: what is taxed (each line after its discounts, then shipping), in minor units. */
  tax(destination: TaxDestination, amounts: readonly number[]): TaxResult;
}

/** State-level sales tax rates (local taxes left out), 2026. */
const US_STATE_RATES: Readonly<Record<string, number>> = {
  AL: 0.04,
  AK: 0,
  AZ: 0.056,
  AR: 0.065,
  CA: 0.0725,
  CO: 0.029,
  CT: 0.0635,
  DE: 0,
  DC: 0.06,
  FL: 0.06,
  GA: 0.04,
  HI: 0.04,
  ID: 0.06,
  IL: 0.0625,
  IN: 0.07,
  IA: 0.06,
  KS: 0.065,
  KY: 0.06,
  LA: 0.05,
  ME: 0.055,
  MD: 0.06,
  MA: 0.0625,
  MI: 0.06,
  MN: 0.06875,
  MS: 0.07,
  MO: 0.04225,
  MT: 0,
  NE: 0.055,
  NV: 0.0685,
  NH: 0,
  NJ: 0.06625,
  NM: 0.04875,
  NY: 0.04,
  NC: 0.0475,
  ND: 0.05,
  OH: 0.0575,
  OK: 0.045,
  OR: 0,
  PA: 0.06,
  RI: 0.07,
  SC: 0.06,
  SD: 0.042,
  TN: 0.07,
  TX: 0.0625,
  UT: 0.061,
  VT: 0.06,
  VA: 0.053,
  WA: 0.065,
  WV: 0.06,
  WI: 0.05,
  WY: 0.04,
};

/** GST, HST or GST plus the provincial tax, by province. */
const CA_PROVINCE_RATES: Readonly<Record<string, number>> = {
  AB: 0.05,
  BC: 0.12,
  MB: 0.12,
  NB: 0.15,
  NL: 0.15,
  NS: 0.14,
  NT: 0.05,
  NU: 0.05,
  ON: 0.13,
  PE: 0.15,
  QC: 0.14975,
  SK: 0.11,
  YT: 0.05,
};

/** Standard VAT rates; prices on these sites include it. */
const VAT_RATES: Readonly<Record<string, number>> = { FR: 0.2, DE: 0.19, IT: 0.22, GB: 0.2 };

/** The VAT rate included in prices delivered to a country, where there is one. */
export function vatRateOf(country: string): number | undefined {
  return VAT_RATES[country.toUpperCase()];
}

/** Tax on an amount at a rate, rounded half up to the minor unit (amounts are never negative here). */
export function addedTax(amount: number, rate: number): number {
  return Math.round(amount * rate);
}

/** The VAT inside a price that includes it. */
export function includedTax(amount: number, rate: number): number {
  return amount - Math.round(amount / (1 + rate));
}

export const tableTaxCalculator: TaxCalculator = {
  tax(destination, amounts) {
    const country = destination.country.toUpperCase();
    const vat = VAT_RATES[country];
    if (vat !== undefined) return { perAmount: amounts.map((amount) => includedTax(amount, vat)), included: true, rate: vat };
    const region = destination.region?.toUpperCase() ?? '';
    const rate = (country === 'US' ? US_STATE_RATES[region] : country === 'CA' ? CA_PROVINCE_RATES[region] : undefined) ?? 0;
    return { perAmount: amounts.map((amount) => addedTax(amount, rate)), included: false, rate };
  },
};

// A warehouse reached through its API (FULFILMENT_SERVICE; shipstation.ts is the one there is): what the
// fulfilment hands it and what it answers, in the shop's words, so warehouse-source.ts moves orders the same
// way whichever system packs them.

/** A postal address as a warehouse labels a parcel with it. */
export interface WarehouseAddress {
  name: string;
  company?: string | undefined;
  street1: string;
  street2?: string | undefined;
  city: string;
  /** State, province or county code, where the country has them. */
  state?: string | undefined;
  postalCode: string;
  country: string;
  phone?: string | undefined;
}

/**
 * One parcel's worth of an order: the lines bound for one address. An order shipped home is one; lines a
 * store receives (ship to store) go to that store as another, under a key of their own.
 */
export interface WarehouseOrder {
  orderNumber: string;
  /** Stable for the parcel, so sending it again updates the warehouse's order rather than making a second. */
  orderKey: string;
  /** Cancelled: nothing of it may leave the warehouse any more. */
  status: 'open' | 'cancelled';
  placedAt: string;
  email: string;
  currency: string;
  shipTo: WarehouseAddress;
  billTo: WarehouseAddress | null;
  /** The units still wanted, in minor units of `currency`; a line cancelled whole is left out. */
  lines: { lineNo: number; sku: string; name: string; option: string; qty: number; unitPrice: number }[];
  /** What the shopper paid for the order, its shipping and tax: on one parcel only (the home one first), so they add up once. */
  amounts: { paid: number; shipping: number; tax: number } | null;
}

/** A parcel the warehouse has sent: its carrier's tracking, and whether it has arrived. */
export interface WarehouseParcel {
  orderNumber: string;
  /** The parcel's `orderKey`, when the warehouse says which it is. */
  orderKey: string | null;
  carrier: string;
  trackingNumber: string;
}

export interface Warehouse {
  readonly name: string;
  /** Creates the warehouse's order for the parcel, or updates the one with its key. */
  send(order: WarehouseOrder): Promise<void>;
  /** The parcels sent for an order number so far. */
  parcels(orderNumber: string): Promise<WarehouseParcel[]>;
  /** Whether the warehouse can tell when a parcel arrives; without it, orders it shipped stay shipped. */
  readonly tracksDelivery: boolean;
  /** Whether the carrier says the parcel has arrived. */
  delivered(parcel: WarehouseParcel): Promise<boolean>;
}

/**
 * The warehouse did not answer as asked. `failed`: down, timed out or a server error, tried again next run;
 * `refused`: it will not take this request as it is (a 4xx), which a retry would not change; `rate-limited`:
 * no more calls this run; `budget`: this run has made all the calls it may (a limit of ours, not a failure).
 */
export class WarehouseUnavailable extends Error {
  constructor(
    message: string,
    readonly kind: 'failed' | 'refused' | 'rate-limited' | 'budget',
  ) {
    super(message);
    this.name = 'WarehouseUnavailable';
  }

  /** No further call this run: the warehouse asked us to slow down, or the run's calls are spent. */
  get stopsRun(): boolean {
    return this.kind === 'rate-limited' || this.kind === 'budget';
  }
}

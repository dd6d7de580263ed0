// An order's rows as D1 answers them (order-rows.ts writes them): the order, its lines and its payments,
// JSON columns still as text. order-entity.ts reads them into the order the API answers.

import type { OrderStatus } from './status.ts';

export interface OrderRow {
  order_number: string;
  site_id: string;
  locale: string;
  currency: string;
  basket_id: string;
  usid: string;
  consumer_no: string | null;
  email: string;
  st_hash: string;
  status: OrderStatus;
  checkout_status: string | null;
  store_context: string | null;
  totals: string;
  promo_summary: string;
  shipping_address: string | null;
  billing_address: string | null;
  shipments: string;
  in_store_sales_info: string | null;
  payment_failure: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrderLineRow {
  line_no: number;
  item_id: string;
  variant_id: string;
  product_id: string;
  name: string;
  colour: string;
  size: string;
  qty: number;
  unit_price: number;
  row_total: number;
  price: string;
  gift: string | null;
  recipe_id: string | null;
  shipment_id: string;
  store_id: string | null;
  stock_source: 'warehouse' | 'store' | 'digital';
  cancelled_qty: number;
  returned_qty: number;
  returning_qty: number;
}

export interface OrderPaymentRow {
  payment_no: number;
  method: string;
  amount: number;
  status: string;
  authorization_id: string | null;
  card: string | null;
  gift_card_id: string | null;
  points: number | null;
  decline_reason: string | null;
  /** What has gone back already (a cancelled line, a return). */
  released: number;
}

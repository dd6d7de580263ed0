// Warranty claims (the store services issue, §3): a signed-in shopper's claim on a product, one of their own
// orders' items or one bought elsewhere by its product id, with a description and up to three photos.

import type { Lang, Locale } from '../../../shared/locale/sites.ts';
import type { WarrantyInput } from '../../../shared/schema/contact.ts';
import { HttpError } from '../../lib/http-error.ts';
import { removePhotos, storePhotos } from '../../lib/photo-store.ts';
import { newCaseNumber, openCase } from './cases.ts';

/** Orders whose items reached the shopper: only those can be claimed on, as the form lists them. */
const RECEIVED = "o.status IN ('shipped', 'delivered', 'partly_returned') AND l.stock_source <> 'digital'";

/** The items of the shopper's orders a claim can be about: delivered or shipped ones, newest first. */
export async function claimableItems(db: D1Database, consumerNo: string) {
  const { results } = await db
    .prepare(
      `SELECT l.order_number AS orderNumber, l.line_no AS lineNo, l.name, l.colour, l.size, o.created_at AS orderedAt
       FROM order_lines l JOIN orders o ON o.order_number = l.order_number
       WHERE o.consumer_no = ?1 AND ${RECEIVED}
       ORDER BY o.created_at DESC, l.line_no LIMIT 100`,
    )
    .bind(consumerNo)
    .all<{ orderNumber: string; lineNo: number; name: string; colour: string; size: string; orderedAt: string }>();
  return results.map((row) => ({ value: `${row.orderNumber}:${row.lineNo}`, ...row }));
}

async function productOfClaim(db: D1Database, consumerNo: string, input: WarrantyInput, lang: Lang) {
  if (input.orderLine) {
    const [orderNumber, lineNo] = input.orderLine.split(':');
    const line = await db
      .prepare(
        `SELECT l.product_id, l.name FROM order_lines l JOIN orders o ON o.order_number = l.order_number
         WHERE l.order_number = ?1 AND l.line_no = ?2 AND o.consumer_no = ?3 AND ${RECEIVED}`,
      )
      .bind(orderNumber, Number(lineNo), consumerNo)
      .first<{ product_id: string; name: string }>();
    if (!line)
      throw new HttpError('ORD409', 'This item is not one you have received from one of your orders.', [
        { field: 'orderLine', message: 'Choose one of your orders’ items.' },
      ]);
    return { styleId: line.product_id.slice(0, 6), name: line.name, orderNumber };
  }
  if (input.productId) {
    const style = await db
      .prepare(
        `SELECT s.id, COALESCE(t.name, e.name) AS name FROM styles s
         LEFT JOIN style_texts t ON t.style_id = s.id AND t.lang = ?2 LEFT JOIN style_texts e ON e.style_id = s.id AND e.lang = 'en'
         WHERE s.id = ?1 AND s.is_digital = 0`,
      )
      .bind(input.productId.slice(0, 6), lang)
      .first<{ id: string; name: string }>();
    if (!style) throw new HttpError('PLP400', `No product ${input.productId}.`, [{ field: 'productId', message: 'This is not one of our products.' }]);
    return { styleId: style.id, name: style.name, orderNumber: undefined };
  }
  throw new HttpError('API400', 'orderLine: say which product: one of your orders’ items, or its product id.', [
    { field: 'orderLine', message: 'Choose the item the claim is about.' },
  ]);
}

export async function fileWarrantyClaim(
  db: D1Database,
  bucket: R2Bucket,
  locale: Locale,
  consumerNo: string,
  input: WarrantyInput,
  files: readonly File[],
): Promise<{ caseNumber: string; createdAt: string; productName: string; email: string; firstName: string }> {
  const consumer = await db
    .prepare('SELECT email, first_name, last_name, phone FROM consumers WHERE consumer_no = ?1 AND deleted_at IS NULL')
    .bind(consumerNo)
    .first<{ email: string; first_name: string | null; last_name: string | null; phone: string | null }>();
  if (!consumer) throw new HttpError('PRO404', 'Profile not loaded');
  const product = await productOfClaim(db, consumerNo, input, locale.lang);
  const caseNumber = newCaseNumber();
  const photos = await storePhotos(bucket, `warranty/${caseNumber}`, files);
  const message = input.purchaseDate ? `${input.description}\n\nBought on ${input.purchaseDate}.` : input.description;
  try {
    const opened = await openCase(
      db,
      {
        kind: 'warranty',
        locale,
        consumerNo,
        contact: { email: consumer.email, firstName: consumer.first_name ?? '', lastName: consumer.last_name ?? '', phone: consumer.phone ?? undefined },
        category: 'warranty',
        subject: 'defect',
        orderNumber: product.orderNumber,
        styleId: product.styleId,
        productName: product.name,
        message,
      },
      photos,
      caseNumber,
    );
    return { ...opened, productName: product.name, email: consumer.email, firstName: consumer.first_name ?? '' };
  } catch (error) {
    await removePhotos(bucket, photos);
    throw error;
  }
}

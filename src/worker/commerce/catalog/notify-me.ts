// Notify-me for sold-out sizes (the cart issue, §7): the shopper leaves an email for a variant that is out
// of stock and gets a confirmation now (through the mailer: the outbox locally); asking again changes
// nothing and sends nothing. A size in stock is bought, not waited for (API409).

import { translator } from '../../../shared/i18n/translate.ts';
import type { Locale } from '../../../shared/locale/sites.ts';
import { paths } from '../../../shared/routes.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { variantFacts } from '../cart/variant-facts.ts';

export async function subscribeNotifyMe(
  deps: { db: D1Database; mailer: Mailer; origin: string },
  locale: Locale,
  request: { productId: string; email: string },
): Promise<{ created: boolean; name: string; size: string; pdpUrl: string }> {
  const variant = (await variantFacts(deps.db, locale, [request.productId])).get(request.productId);
  if (!variant) throw new HttpError('PLP400', 'This product was not found.', [{ field: 'productId', message: 'This product was not found.' }]);
  const pdpUrl = paths.product(locale.code, variant.slug, variant.productId);
  if (variant.stock > 0) {
    throw new HttpError('API409', 'This size is in stock: add it to your cart.', [
      { field: 'productId', message: 'This size is in stock: add it to your cart.' },
    ]);
  }
  const email = request.email.trim().toLowerCase();
  const inserted = await deps.db
    .prepare(
      `INSERT INTO product_notifications (variant_id, email, site_id, locale, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
       ON CONFLICT (variant_id, email) DO NOTHING`,
    )
    .bind(variant.variantId, email, locale.site.id, locale.code, new Date().toISOString())
    .run();
  const created = inserted.meta.changes > 0;
  if (created) {
    const t = translator(locale.lang, locale.tag);
    const product = `${variant.name}, ${variant.colour}, ${t('product.size')} ${variant.size}`;
    await deps.mailer.send({
      kind: 'notify-me',
      to: email,
      subject: t('notifyMe.mailSubject', { product: variant.name }),
      text: `${t('notifyMe.mailBody', { product })}\n\n${deps.origin}${pdpUrl}`,
    });
  }
  return { created, name: variant.name, size: variant.size, pdpUrl };
}

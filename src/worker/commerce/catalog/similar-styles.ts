// Similar styles ranked when the catalog is loaded (migration 0036): the statement the seed runs after the
// catalog, and that a catalog import would run after its own. No imports, so scripts can use it as it is.

/** How many similar styles are kept per style: enough that the read's checks still leave a full rail. */
export const SIMILAR_KEPT = 12;

/**
 * Ranks every style's similar styles: the same type, nearest in price (the US list price of each style's first
 * colour; the sites' prices follow it), then best rated. Run when the catalog is loaded (the seed does).
 */
export const SIMILAR_STYLES_SQL = `DELETE FROM similar_styles;
INSERT INTO similar_styles (style_id, rank, similar_id)
WITH firsts AS MATERIALIZED (
  SELECT s.id, s.product_type, s.rating, s.is_digital, pr.list_amount FROM styles s
  JOIN products q ON q.style_id = s.id AND q.position = (SELECT MIN(position) FROM products WHERE style_id = s.id)
  JOIN prices pr ON pr.item_id = q.id AND pr.site_id = 'US')
SELECT style_id, rank, similar_id FROM (
  SELECT a.id AS style_id, b.id AS similar_id,
    ROW_NUMBER() OVER (PARTITION BY a.id ORDER BY ABS(b.list_amount - a.list_amount), b.rating DESC, b.id) AS rank
  FROM firsts a JOIN firsts b ON b.product_type = a.product_type AND b.id <> a.id AND b.is_digital = 0
  WHERE a.is_digital = 0)
WHERE rank <= ${SIMILAR_KEPT}`;

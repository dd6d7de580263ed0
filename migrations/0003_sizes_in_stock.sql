-- Sizes in stock per colour-level product, kept current by triggers on inventory, so a listing reads
-- one column per colour instead of joining every variant's stock on each request.
-- The same correlated subquery appears in each trigger: a view over it would aggregate the whole
-- catalog on every firing (SQLite cannot push the product filter into a grouped view).

ALTER TABLE products ADD COLUMN sizes_in_stock TEXT NOT NULL DEFAULT '';

CREATE TRIGGER inventory_sizes_insert AFTER INSERT ON inventory BEGIN
  UPDATE products SET sizes_in_stock = (
    SELECT ifnull(group_concat(size, ','), '') FROM (
      SELECT DISTINCT v.size FROM variants v JOIN inventory i ON i.variant_id = v.id
      WHERE v.product_id = products.id AND i.quantity > 0 ORDER BY v.position))
  WHERE id = (SELECT product_id FROM variants WHERE id = NEW.variant_id);
END;

-- Only a change across zero alters which sizes are in stock.
CREATE TRIGGER inventory_sizes_update AFTER UPDATE OF quantity ON inventory
WHEN (OLD.quantity > 0) <> (NEW.quantity > 0) BEGIN
  UPDATE products SET sizes_in_stock = (
    SELECT ifnull(group_concat(size, ','), '') FROM (
      SELECT DISTINCT v.size FROM variants v JOIN inventory i ON i.variant_id = v.id
      WHERE v.product_id = products.id AND i.quantity > 0 ORDER BY v.position))
  WHERE id = (SELECT product_id FROM variants WHERE id = NEW.variant_id);
END;

CREATE TRIGGER inventory_sizes_delete AFTER DELETE ON inventory BEGIN
  UPDATE products SET sizes_in_stock = (
    SELECT ifnull(group_concat(size, ','), '') FROM (
      SELECT DISTINCT v.size FROM variants v JOIN inventory i ON i.variant_id = v.id
      WHERE v.product_id = products.id AND i.quantity > 0 ORDER BY v.position))
  WHERE id = (SELECT product_id FROM variants WHERE id = OLD.variant_id);
END;

-- Fill the column for catalogs seeded before this migration.
UPDATE products SET sizes_in_stock = (
  SELECT ifnull(group_concat(size, ','), '') FROM (
    SELECT DISTINCT v.size FROM variants v JOIN inventory i ON i.variant_id = v.id
    WHERE v.product_id = products.id AND i.quantity > 0 ORDER BY v.position));

-- The most of a style one basket may hold (commerce-core §9: maxQty from the product, 999999 when it
-- names none): limited releases sell a couple per shopper. The cart refuses more with INV408.
ALTER TABLE styles ADD COLUMN max_qty INTEGER CHECK (max_qty IS NULL OR max_qty > 0);

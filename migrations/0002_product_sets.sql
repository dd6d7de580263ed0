-- Product sets ("complete the look"): styles sold together, each entry a colour-level product.

CREATE TABLE product_sets (
  id TEXT PRIMARY KEY,                 -- "SET" + 5 digits
  slug TEXT NOT NULL
);

CREATE TABLE product_set_texts (
  set_id TEXT NOT NULL REFERENCES product_sets(id),
  lang TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  PRIMARY KEY (set_id, lang)
);

CREATE TABLE product_set_items (
  set_id TEXT NOT NULL REFERENCES product_sets(id),
  product_id TEXT NOT NULL REFERENCES products(id),
  position INTEGER NOT NULL,
  PRIMARY KEY (set_id, product_id)
);
CREATE INDEX product_set_items_product ON product_set_items(product_id);

-- Made-to-order boots (commerce-core §3, customs): the styles the workshop makes to a shopper's design, the
-- designs (recipes) made in the store's design studio or curated by the brand (a pre-created code), and the
-- design an order line was made to.
CREATE TABLE custom_styles (
  style_id TEXT PRIMARY KEY REFERENCES styles(id)
);

CREATE TABLE custom_recipes (
  recipe_id TEXT PRIMARY KEY,                 -- RCP + 10 characters
  style_id TEXT NOT NULL REFERENCES custom_styles(style_id),
  product_id TEXT NOT NULL REFERENCES products(id),   -- the leather: one colour of the style
  laces TEXT NOT NULL,
  monogram TEXT NOT NULL DEFAULT '',          -- up to 3 letters on the heel tab
  precreated_code TEXT UNIQUE,                -- a curated design shoppers ask for by its code
  created_at TEXT NOT NULL
);
CREATE INDEX custom_recipes_style ON custom_recipes(style_id);

ALTER TABLE order_lines ADD COLUMN recipe_id TEXT REFERENCES custom_recipes(recipe_id);

-- Similar styles (the product page's "You may also like", widgetRecommendations' "similar"), ranked when the
-- catalog is loaded rather than on every page view: ranking means reading every style of the type with its
-- price, and the product page paid a fifth of its throughput for it. What can change by the hour (a style
-- going on presale, a publish date passing, a site without a price for it) is still checked when read.
CREATE TABLE similar_styles (
  style_id TEXT NOT NULL REFERENCES styles(id) ON DELETE CASCADE,
  rank INTEGER NOT NULL,
  similar_id TEXT NOT NULL REFERENCES styles(id) ON DELETE CASCADE,
  PRIMARY KEY (style_id, rank)
);

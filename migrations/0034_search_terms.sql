-- What shoppers search for (the store services issue, §4: the search hub's popular searches): a term, in a
-- language, counted only when it found products (so it is a product word, not someone's details).
CREATE TABLE search_terms (
  lang TEXT NOT NULL,
  term TEXT NOT NULL,
  searches INTEGER NOT NULL,
  last_searched_at TEXT NOT NULL,
  PRIMARY KEY (lang, term)
);
CREATE INDEX search_terms_popular ON search_terms(lang, searches DESC);

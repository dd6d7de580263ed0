-- Reviews and questions (the store services issue, §1; account-content §7 Products). Per master product
-- (style). Everything a shopper writes waits for moderation; only approved rows are ever shown. The style's
-- rating and review count (what category cards and the product page show) are recomputed from the approved
-- reviews in the same batch as every moderation, so the two never disagree.

CREATE TABLE reviews (
  review_id TEXT PRIMARY KEY,
  style_id TEXT NOT NULL REFERENCES styles(id),
  consumer_no TEXT REFERENCES consumers(consumer_no),   -- null for reviews carried over from before accounts
  nickname TEXT NOT NULL,
  location TEXT,
  locale TEXT NOT NULL,                                  -- "fr-fr": where it was written
  lang TEXT NOT NULL,                                    -- "fr": what it is written in
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  fit INTEGER CHECK (fit BETWEEN -2 AND 2),              -- runs small (-2) .. true to size (0) .. runs large (2)
  benefits TEXT,                                         -- JSON [{ "key": "comfort", "value": 1..5 }]
  verified INTEGER NOT NULL DEFAULT 0,                   -- the author bought the product
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  status_reason TEXT,
  moderated_by TEXT,
  moderated_at TEXT,
  helpful INTEGER NOT NULL DEFAULT 0,                    -- counted from review_votes in the batch of each vote
  unhelpful INTEGER NOT NULL DEFAULT 0,
  flags INTEGER NOT NULL DEFAULT 0,                      -- flags since the last moderation
  created_at TEXT NOT NULL
);
-- One review per shopper and product.
CREATE UNIQUE INDEX reviews_one_per_shopper ON reviews(style_id, consumer_no) WHERE consumer_no IS NOT NULL;
CREATE INDEX reviews_by_style ON reviews(style_id, status, created_at);
CREATE INDEX reviews_queue ON reviews(status, flags);

CREATE TABLE review_photos (
  review_id TEXT NOT NULL REFERENCES reviews(review_id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 3),
  object_key TEXT NOT NULL,                              -- in the MEDIA bucket
  content_type TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  PRIMARY KEY (review_id, position)
);

-- One vote per shopper and review: the primary key is the rule, so concurrent votes cannot count twice.
CREATE TABLE review_votes (
  review_id TEXT NOT NULL REFERENCES reviews(review_id) ON DELETE CASCADE,
  consumer_no TEXT NOT NULL REFERENCES consumers(consumer_no),
  helpful INTEGER NOT NULL CHECK (helpful IN (0, 1)),
  voted_at TEXT NOT NULL,
  PRIMARY KEY (review_id, consumer_no)
);

CREATE TABLE review_flags (
  review_id TEXT NOT NULL REFERENCES reviews(review_id) ON DELETE CASCADE,
  consumer_no TEXT NOT NULL REFERENCES consumers(consumer_no),
  reason TEXT NOT NULL,
  flagged_at TEXT NOT NULL,
  PRIMARY KEY (review_id, consumer_no)
);

-- Machine translations, kept once made: the same review is not sent to the translator twice per language.
CREATE TABLE review_translations (
  review_id TEXT NOT NULL REFERENCES reviews(review_id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  translated_at TEXT NOT NULL,
  PRIMARY KEY (review_id, lang)
);

CREATE TABLE questions (
  question_id TEXT PRIMARY KEY,
  style_id TEXT NOT NULL REFERENCES styles(id),
  consumer_no TEXT REFERENCES consumers(consumer_no),
  nickname TEXT NOT NULL,
  locale TEXT NOT NULL,
  lang TEXT NOT NULL,
  text TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  status_reason TEXT,
  moderated_by TEXT,
  moderated_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX questions_by_style ON questions(style_id, status, created_at);

CREATE TABLE answers (
  answer_id TEXT PRIMARY KEY,
  question_id TEXT NOT NULL REFERENCES questions(question_id) ON DELETE CASCADE,
  consumer_no TEXT REFERENCES consumers(consumer_no),
  nickname TEXT NOT NULL,
  from_brand INTEGER NOT NULL DEFAULT 0,                 -- answered by Cairn's customer service
  lang TEXT NOT NULL,
  text TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  status_reason TEXT,
  moderated_by TEXT,
  moderated_at TEXT,
  helpful INTEGER NOT NULL DEFAULT 0,
  unhelpful INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX answers_by_question ON answers(question_id, status);

CREATE TABLE answer_votes (
  answer_id TEXT NOT NULL REFERENCES answers(answer_id) ON DELETE CASCADE,
  consumer_no TEXT NOT NULL REFERENCES consumers(consumer_no),
  helpful INTEGER NOT NULL CHECK (helpful IN (0, 1)),
  voted_at TEXT NOT NULL,
  PRIMARY KEY (answer_id, consumer_no)
);

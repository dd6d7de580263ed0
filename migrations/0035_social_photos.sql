-- Social photos (the store services issue, §5; account-content §7 "Social photo service"): photos shoppers
-- share of themselves wearing Cairn, shown in the user-generated-content galleries. A customer is a site; a
-- stream is a master product (style), found by its id or by any of its product ids as tag key. Photos that
-- come with an approved review join the galleries with it; those shared on their own wait for moderation.

-- Who shares: one per account (a signed-in shopper), so reports and uploads are one person's.
CREATE TABLE social_users (
  user_id TEXT PRIMARY KEY,                              -- "U" + uuid
  consumer_no TEXT UNIQUE REFERENCES consumers(consumer_no) ON DELETE CASCADE,
  screen_name TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE social_media (
  media_id TEXT PRIMARY KEY,                             -- "M" + uuid; a review's photo "M" + review id + "-" + position
  user_id TEXT NOT NULL REFERENCES social_users(user_id) ON DELETE CASCADE,
  site_id TEXT NOT NULL REFERENCES sites(id),            -- the customer it was shared with
  locale TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('upload', 'review')),
  review_id TEXT REFERENCES reviews(review_id) ON DELETE CASCADE,
  object_key TEXT NOT NULL,                              -- in the MEDIA bucket
  content_type TEXT NOT NULL,
  caption TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  status_reason TEXT,
  moderated_by TEXT,
  moderated_at TEXT,
  reports INTEGER NOT NULL DEFAULT 0,                    -- reports since the last moderation
  created_at TEXT NOT NULL,
  approved_at TEXT                                       -- orders the galleries: newest shown first
);
CREATE INDEX social_media_recent ON social_media(status, approved_at);
CREATE INDEX social_media_by_site ON social_media(site_id, status, approved_at);
CREATE INDEX social_media_queue ON social_media(status, reports);

-- The products a photo shows ("shop the look").
CREATE TABLE social_media_streams (
  media_id TEXT NOT NULL REFERENCES social_media(media_id) ON DELETE CASCADE,
  style_id TEXT NOT NULL REFERENCES styles(id),
  PRIMARY KEY (media_id, style_id)
);
CREATE INDEX social_media_streams_style ON social_media_streams(style_id, media_id);

-- One report per shopper and photo: the primary key is the rule, as for review flags.
CREATE TABLE social_reports (
  media_id TEXT NOT NULL REFERENCES social_media(media_id) ON DELETE CASCADE,
  consumer_no TEXT NOT NULL REFERENCES consumers(consumer_no) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  reported_at TEXT NOT NULL,
  PRIMARY KEY (media_id, consumer_no)
);

-- A photo uploaded and cleaned but not yet shared: the shopper writes the caption and picks the products
-- after. Kept a day; the scheduled clean-up removes older ones and their objects.
CREATE TABLE social_stashes (
  stash_id TEXT PRIMARY KEY,                             -- "T" + uuid
  user_id TEXT NOT NULL REFERENCES social_users(user_id) ON DELETE CASCADE,
  object_key TEXT NOT NULL,
  content_type TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX social_stashes_age ON social_stashes(created_at);

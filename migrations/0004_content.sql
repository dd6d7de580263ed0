-- Content documents for the embedded content service: every version of a document, drafts included,
-- and the audit trail of what marketers changed, published and purged.

CREATE TABLE content_documents (
  id TEXT PRIMARY KEY,                 -- `${site_id}:${locale}:${kind}:${key}`
  site_id TEXT NOT NULL,
  locale TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('page', 'espot', 'footer', 'menu', 'popups', 'fragment', 'children', 'search', 'category', 'product', 'showcase')),
  key TEXT NOT NULL,                   -- page slug, espot slot, fragment id, category or product id; '' for footer, menu, popups
  created_at TEXT NOT NULL,
  UNIQUE (site_id, locale, kind, key)
);

-- A document has at most one draft; published versions carry the window in which they are live.
-- The live version at a time T is the newest published one whose window contains T.
CREATE TABLE content_versions (
  document_id TEXT NOT NULL REFERENCES content_documents(id),
  version INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'published', 'archived')),
  body TEXT NOT NULL,                  -- JSON document
  tags TEXT NOT NULL,                  -- JSON array: "fragment:<id>" and "product:<id>" the body embeds
  publish_from TEXT,                   -- ISO time; null means from the start
  publish_until TEXT,                  -- ISO time; null means without end
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  PRIMARY KEY (document_id, version)
);
CREATE INDEX content_versions_live ON content_versions(document_id, status, version);

CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,                 -- who: the admin token's name
  action TEXT NOT NULL,                -- content.create, content.update, content.publish, content.schedule, cache.purge, ...
  subject TEXT NOT NULL,               -- what: a document id, or the purge scope
  details TEXT NOT NULL,               -- JSON
  correlation_id TEXT NOT NULL
);
CREATE INDEX audit_log_subject ON audit_log(subject, at);

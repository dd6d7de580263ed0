-- A session ends when it ends (issue 23, §3): every request of a signed-in session asks whether its refresh
-- family is still live, and a new password or a reset revokes every family of the consumer. The partial
-- index answers the first in one seek over live tokens only (every query by family also asks for
-- revoked_at IS NULL, so it replaces the plain family index); the consumer's number, kept beside the claims,
-- answers the second without reading every token's JSON.

ALTER TABLE refresh_tokens ADD COLUMN consumer_no TEXT;
UPDATE refresh_tokens SET consumer_no = json_extract(claims, '$.consumerNo') WHERE json_extract(claims, '$.consumerNo') IS NOT NULL;

DROP INDEX refresh_tokens_family;
CREATE INDEX refresh_tokens_live_family ON refresh_tokens(family_id) WHERE revoked_at IS NULL;
CREATE INDEX refresh_tokens_consumer ON refresh_tokens(consumer_no) WHERE consumer_no IS NOT NULL;

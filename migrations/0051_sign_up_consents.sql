-- The sign-up's two consents (commerce-core §3 Sign-up form: brandTerms and policy; §7 isTermsConfirmed and
-- termsConditionsAndPolicy), each with the time it was given: the brand's terms of use, and the privacy policy.
ALTER TABLE consumers ADD COLUMN terms_accepted_at TEXT;
ALTER TABLE consumers ADD COLUMN privacy_policy_accepted_at TEXT;
-- Every account so far was opened through one required box worded for both ("I accept the terms of use and
-- have read the privacy policy"), ticked when the account was created.
UPDATE consumers SET terms_accepted_at = created_at, privacy_policy_accepted_at = created_at;

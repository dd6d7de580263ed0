-- Campaigns (commerce-core §3 cart item productPromotions.campaignId): a promotion runs as part of a marketing
-- campaign (a season's sale, the welcome offers, the everyday ones), which the cart names beside each promotion
-- it applied so a client can report on it. Free text, as a marketer names campaigns; null for one run on its own.
ALTER TABLE promotions ADD COLUMN campaign_id TEXT;

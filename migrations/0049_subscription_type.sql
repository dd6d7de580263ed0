-- How a product may be bought on subscription (commerce-core §3 Product, subscriptionType): 'none' for almost
-- everything; 'replenishment' for what a shopper runs through and buys again on a schedule, socks in this
-- catalogue. The field says what the catalogue allows; the store has no subscription checkout of its own yet.
ALTER TABLE styles ADD COLUMN subscription_type TEXT NOT NULL DEFAULT 'none' CHECK (subscription_type IN ('none', 'replenishment'));
UPDATE styles SET subscription_type = 'replenishment' WHERE product_type = 'socks';

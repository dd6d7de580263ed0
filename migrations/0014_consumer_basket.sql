-- A registered shopper's own basket (the cart issue): found again on any device they sign in on, and
-- the basket a guest basket merges into at sign-in.
ALTER TABLE consumers ADD COLUMN basket_id TEXT;

-- The loyalty page (the account issue, Loyalty): each member's referral code, handed out with the loyalty
-- token, and who referred whom (one referrer per member, the campaign it came from), so the referrer's
-- bonus is given once.
ALTER TABLE consumers ADD COLUMN referral_code TEXT;
CREATE UNIQUE INDEX consumers_referral_code ON consumers(referral_code) WHERE referral_code IS NOT NULL;

CREATE TABLE loyalty_referrals (
  referred_no TEXT PRIMARY KEY REFERENCES consumers(consumer_no),
  referrer_no TEXT NOT NULL REFERENCES consumers(consumer_no),
  source TEXT,                               -- the leadSource the visit came with
  at TEXT NOT NULL
);
CREATE INDEX loyalty_referrals_referrer ON loyalty_referrals(referrer_no);

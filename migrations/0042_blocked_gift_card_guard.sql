-- A blocked gift card (its own order was cancelled and refunded) kept paying for orders it had been applied to
-- before it was blocked: its status was checked only when it was applied. The order's batch that would spend
-- from a card that is not active now aborts, as one that would overspend it does.
CREATE TRIGGER gift_cards_spent_only_when_active BEFORE UPDATE OF balance ON gift_cards
WHEN NEW.balance < OLD.balance AND OLD.status <> 'active'
BEGIN SELECT RAISE(ABORT, 'gift_cards: a card that is not active cannot be spent'); END;

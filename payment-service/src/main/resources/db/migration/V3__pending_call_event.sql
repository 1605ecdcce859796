-- The call event of a payment whose settlement outcome is not known yet: kept so that the
-- reconciler can write it to the outbox in the transaction that finally settles the payment.
ALTER TABLE payments ADD COLUMN call_event TEXT;

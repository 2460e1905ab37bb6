-- Issue 24: a change the visitor makes after the order (a new installation slot, a cancellation)
-- reaches fulfilment too. Each change is a new revision of the order: the outbox row's revision
-- goes up, its acknowledgement is cleared, and a delivery job for that revision is queued in the
-- change's transaction. Revision 0 is the order itself (Idempotency-Key: the order number); a
-- later revision n is sent with the key `<order number>-r<n>`. acknowledged_at and
-- dead_lettered_at always speak of the current revision, so `ops reconcile` counts an order with
-- an undelivered change as not acknowledged.
alter table fulfilment_orders add column revision integer not null default 0;

-- Issue 24: every order reaches fulfilment exactly once, and idempotent writes.
--
-- fulfilment_orders is the outbox record of an order: written in the purchase's transaction
-- together with the pg-boss job that delivers it (the job lives in the queue's own schema,
-- `pgboss` by default, created by pg-boss itself). The row says what the provider acknowledged
-- and what was given up (dead-lettered), so `ops reconcile` and the metrics read one table.

create table fulfilment_orders (
  order_number text primary key,
  lead_id uuid not null,
  accepted_at timestamptz not null,
  attempts integer not null default 0,
  last_error text,
  acknowledged_at timestamptz,
  dead_lettered_at timestamptz
);

create index fulfilment_orders_pending_idx on fulfilment_orders (accepted_at)
  where acknowledged_at is null and dead_lettered_at is null;

-- What the development stand-in of the fulfilment system received (FULFILMENT_URL unset, never
-- in production): one row per delivery, duplicates included, so a developer sees what was sent.
create table fulfilment_standin_deliveries (
  id bigserial primary key,
  order_number text not null,
  idempotency_key text not null,
  body jsonb not null,
  received_at timestamptz not null default now()
);

-- Idempotency-Key (draft-ietf-httpapi-idempotency-key-header) of the writes that accept it: the
-- first request's answer, replayed to every repeat with the same key and body until expires_at.
create table idempotency_keys (
  operation text not null,
  scope text not null,
  key text not null,
  fingerprint text not null,
  state text not null check (state in ('inFlight', 'done')),
  status_code integer,
  response text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (operation, scope, key)
);

create index idempotency_keys_expires_idx on idempotency_keys (expires_at);

-- Issue 24, "Follow the order anywhere". The order's timeline after the purchase: one row per
-- step an operator or fulfilment records (`ops order-status`), at most one of each, in order.
-- "received" is the purchase itself (leads.submitted_at), so it has no row. A submitted lead is
-- never deleted (its personal fields are erased after 180 days), so the timeline stays with it.
create table order_events (
  lead_id uuid not null references leads (id) on delete cascade,
  status text not null check (
    status in ('verified', 'installationBooked', 'technicianOnTheWay', 'installed', 'cancelled')
  ),
  at timestamptz not null,
  primary key (lead_id, status)
);

-- "Continue on your phone": a single-use code (only its SHA-256 is stored) that hands the
-- visitor's saved journey and a lead token to a second device for 30 minutes. Deleted when it is
-- used, by the retention job once expired, and with its lead.
create table lead_handoffs (
  code_hash text primary key,
  lead_id uuid not null references leads (id) on delete cascade,
  journey jsonb not null,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index lead_handoffs_expires_idx on lead_handoffs (expires_at);

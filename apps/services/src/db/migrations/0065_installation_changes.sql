-- Issue 24, "rescheduling the slot within the rules": one row per change of a booked
-- installation slot from the tracking link (the old slot and the new one). Their count is the
-- limit of changes (services README "Rescheduling"); they go with their lead.
create table installation_changes (
  lead_id uuid not null references leads (id) on delete cascade,
  at timestamptz not null,
  from_day date not null,
  from_slot text not null check (from_slot in ('morning', 'afternoon')),
  to_day date not null,
  to_slot text not null check (to_slot in ('morning', 'afternoon'))
);
create index installation_changes_lead_idx on installation_changes (lead_id);

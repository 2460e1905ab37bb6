-- Personal data (issue 21): the key each identity document was sealed with (AES-256-GCM; keys
-- rotate, README "Personal data"), when a submitted lead's personal fields were erased, an audit
-- of operators' export and erasure requests that holds no personal data, and the indexes the
-- retention job reads by.

alter table documents add column key_id text;
alter table leads add column erased_at timestamptz;

create table privacy_requests (
  id uuid primary key,
  kind text not null check (kind in ('export', 'erase')),
  matched_by text not null check (matched_by in ('phone', 'mykad')),
  ticket text,
  operator text,
  counts jsonb not null,
  requested_at timestamptz not null
);

create index leads_draft_created_idx on leads (created_at) where status = 'draft';
create index leads_submitted_at_idx on leads (submitted_at) where status = 'submitted' and erased_at is null;
create index leads_phone_idx on leads (phone_number);
create index leads_identity_card_idx on leads (identity_card);
create index otp_codes_created_all_idx on otp_codes (created_at);
create index interests_created_idx on interests (created_at);
create index marketing_submissions_created_idx on marketing_submissions (created_at);

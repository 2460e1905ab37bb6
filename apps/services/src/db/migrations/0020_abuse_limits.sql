-- Abuse limits that hold across instances (issue 12): who asked for each code and whether an SMS
-- went out (the hourly SMS budget counts real sends only), and fixed-window counters of failed
-- identity checks (authenticate per account, B40 per token and per identity card).

alter table otp_codes add column client_address text;
alter table otp_codes add column sms boolean not null default true;

create index otp_codes_lead_idx on otp_codes (lead_id, created_at);
create index otp_codes_client_idx on otp_codes (client_address, created_at);
create index otp_codes_created_idx on otp_codes (created_at) where sms;

create table abuse_counters (
  key text primary key,
  hits integer not null,
  window_end bigint not null -- epoch milliseconds at which the window ends
);

create index abuse_counters_window_end on abuse_counters (window_end);

-- Issue 24, "Notify me when it arrives". A register-interest record keeps the register address
-- the visitor chose (when the journey had one), the plan they wanted and whether they agreed to
-- be told by SMS when coverage arrives; `notified_at` is set, once, in the coverage import's
-- transaction that queues the message. Records made before have no consent (false): nobody is
-- contacted who did not agree to it. Rows still go 365 days after registration (retention.ts).
alter table interests
  add column address_id text references addresses (id) on delete set null,
  add column package_id text,
  add column contact_consent boolean not null default false,
  add column notified_at timestamptz;

-- The import looks up the interests of the addresses and postcodes it covers, not yet notified.
create index interests_notify_address_idx on interests (address_id) where notified_at is null;
create index interests_notify_postcode_idx on interests (postal_code) where notified_at is null;

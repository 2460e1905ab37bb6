-- Installation slots (issue 24). The visitor books a date and a window (morning 09:00-13:00 or
-- afternoon 14:00-18:00, Malaysian time) from real capacity; the purchase confirms the booking.
--
-- Service area: the state of the lead's address (addresses.state). Capacity per area and window
-- on every installation day (Monday to Saturday, no public holiday); an operator overrides one
-- day of one area (0 closes it) with `ops slots set`, without a deploy.

create table installation_areas (
  area text primary key,
  morning integer not null check (morning >= 0),
  afternoon integer not null check (afternoon >= 0)
);

-- One day of one area, when it differs from the area's defaults.
create table installation_capacity (
  area text not null,
  day date not null,
  slot text not null check (slot in ('morning', 'afternoon')),
  capacity integer not null check (capacity >= 0),
  primary key (area, day, slot)
);

-- National public holidays: no installations. Islamic, Chinese and Hindu festival dates are the
-- expected ones; operators correct them with `ops holidays add|remove` when they are gazetted.
create table public_holidays (
  day date primary key,
  name text not null
);

-- Working days from the order to the earliest installation, per fibre network (the fastest
-- network at the address) and `satellite` for Suria TV (the dish installer).
create table installation_lead_times (
  network text primary key,
  working_days integer not null check (working_days >= 0)
);

-- One lock row per area, day and window: a booking locks it, so holds of one slot queue (the
-- last capacity is never given twice) while other slots go on in parallel.
create table installation_slot_locks (
  area text not null,
  day date not null,
  slot text not null,
  primary key (area, day, slot)
);

-- One booking per lead (a new hold replaces the lead's earlier one). A hold counts until
-- expires_at; the purchase confirms it (confirmed_at), and a confirmed booking never expires.
create table installation_holds (
  lead_id uuid primary key references leads (id) on delete cascade,
  area text not null,
  day date not null,
  slot text not null check (slot in ('morning', 'afternoon')),
  held_at timestamptz not null,
  expires_at timestamptz not null,
  confirmed_at timestamptz
);
create index installation_holds_slot_idx on installation_holds (area, day, slot);

insert into installation_areas (area, morning, afternoon) values
  ('Johor', 4, 4),
  ('Kedah', 2, 2),
  ('Kelantan', 2, 2),
  ('Melaka', 2, 2),
  ('Negeri Sembilan', 2, 2),
  ('Pahang', 2, 2),
  ('Perak', 3, 3),
  ('Perlis', 1, 1),
  ('Pulau Pinang', 4, 4),
  ('Sabah', 2, 2),
  ('Sarawak', 2, 2),
  ('Selangor', 8, 8),
  ('Terengganu', 2, 2),
  ('Wilayah Persekutuan Kuala Lumpur', 8, 8),
  ('Wilayah Persekutuan Labuan', 1, 1),
  ('Wilayah Persekutuan Putrajaya', 2, 2);

insert into installation_lead_times (network, working_days) values
  ('Rangkai Gentian', 2),
  ('Serat Nusantara', 4),
  ('TeraLink', 3),
  ('satellite', 2);

insert into public_holidays (day, name) values
  ('2026-01-01', 'New Year''s Day'),
  ('2026-02-17', 'Chinese New Year'),
  ('2026-02-18', 'Chinese New Year (second day)'),
  ('2026-03-21', 'Hari Raya Aidilfitri'),
  ('2026-03-22', 'Hari Raya Aidilfitri (second day)'),
  ('2026-03-23', 'Hari Raya Aidilfitri (replacement)'),
  ('2026-05-01', 'Labour Day'),
  ('2026-05-27', 'Hari Raya Haji'),
  ('2026-05-31', 'Wesak Day'),
  ('2026-06-01', 'Birthday of the Yang di-Pertuan Agong'),
  ('2026-06-17', 'Awal Muharram'),
  ('2026-08-25', 'Maulidur Rasul'),
  ('2026-08-31', 'National Day'),
  ('2026-09-16', 'Malaysia Day'),
  ('2026-11-08', 'Deepavali'),
  ('2026-11-09', 'Deepavali (replacement)'),
  ('2026-12-25', 'Christmas Day'),
  ('2027-01-01', 'New Year''s Day'),
  ('2027-02-06', 'Chinese New Year'),
  ('2027-02-07', 'Chinese New Year (second day)'),
  ('2027-02-08', 'Chinese New Year (replacement)'),
  ('2027-03-10', 'Hari Raya Aidilfitri'),
  ('2027-03-11', 'Hari Raya Aidilfitri (second day)'),
  ('2027-05-01', 'Labour Day'),
  ('2027-05-17', 'Hari Raya Haji'),
  ('2027-05-20', 'Wesak Day'),
  ('2027-06-07', 'Birthday of the Yang di-Pertuan Agong'),
  ('2027-06-06', 'Awal Muharram'),
  ('2027-08-15', 'Maulidur Rasul'),
  ('2027-08-16', 'Maulidur Rasul (replacement)'),
  ('2027-08-31', 'National Day'),
  ('2027-09-16', 'Malaysia Day'),
  ('2027-10-28', 'Deepavali'),
  ('2027-12-25', 'Christmas Day');

-- Core tables of the lead journey (shop and address services).
-- Numbering: 0001-0009 core services, 0010-0019 orders, 0100+ content, others by owner (see
-- apps/services/README.md). Times always come from the application's injected clock.

create table addresses (
  id text primary key,
  postal_code char(5) not null,
  residence_type smallint not null check (residence_type in (1, 2)),
  house_number text,
  building_name text,
  street_type text,
  street_name text not null,
  area text,
  city text not null,
  state text not null,
  fibre_networks jsonb not null default '[]'::jsonb
);
create index addresses_postal_code_idx on addresses (postal_code, residence_type);

create table leads (
  id uuid primary key,
  status text not null default 'draft' check (status in ('draft', 'submitted')),
  product text not null,
  language text not null,
  package_id text,
  referral_code text,
  utm jsonb not null default '{}'::jsonb,
  name text,
  phone_number text,
  alternate_phone_number text,
  email text,
  identity_card text,
  address_id text references addresses (id),
  unit_number text,
  address_remarks text,
  phone_verified_at timestamptz,
  order_data jsonb,
  order_number text unique,
  submitted_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null
);

create sequence order_number_seq;

create table otp_codes (
  code text primary key,
  lead_id uuid not null references leads (id),
  phone_number text not null,
  otp_hash text not null,
  attempts integer not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  verified_at timestamptz,
  dead_at timestamptz
);
create index otp_codes_phone_idx on otp_codes (phone_number, created_at);

create table consents (
  id uuid primary key,
  lead_id uuid not null references leads (id),
  language text not null,
  text_version text not null,
  accepted_at timestamptz not null
);

create table documents (
  id uuid primary key,
  lead_id uuid not null references leads (id),
  title text not null,
  declared_type text not null,
  extension text not null,
  storage_key text,
  size_bytes integer,
  status text not null default 'pending' check (status in ('pending', 'uploaded', 'deleted')),
  created_at timestamptz not null,
  uploaded_at timestamptz,
  deleted_at timestamptz
);
create index documents_lead_idx on documents (lead_id);

create table interests (
  id uuid primary key,
  name text not null,
  phone_number text not null,
  email text,
  product text not null,
  postal_code text not null,
  residence_type smallint,
  address text,
  language text not null,
  remarks text,
  created_at timestamptz not null
);
create index interests_phone_idx on interests (phone_number, product, created_at);

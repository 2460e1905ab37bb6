-- Account side of the content service: product tokens, B40 register, entitlements, referrals.

create table customer_accounts (
  account_number char(10) primary key,
  identity_card char(12) not null,
  name text not null,
  phone_number text not null,
  email text,
  smart_card_number text,
  fibre_entitled boolean not null default false,
  service_address jsonb,
  entitlement_store_failure boolean not null default false
);

create table entitlement_claims (
  id uuid primary key,
  account_number char(10) not null unique references customer_accounts (account_number),
  claimed_at timestamptz not null
);

create table b40_households (
  identity_card char(12) primary key,
  eligible boolean not null,
  valid_until date
);

create table referral_codes (
  code text primary key,
  referrer_name text not null,
  product text not null,
  reward_bm jsonb not null,
  reward_en jsonb not null,
  valid_until date,
  max_uses integer not null,
  uses integer not null default 0
);

create table referrals (
  id bigserial primary key,
  referral_code text not null references referral_codes (code),
  phone_number text not null,
  status text not null,
  updated_at timestamptz not null,
  unique (referral_code, phone_number)
);

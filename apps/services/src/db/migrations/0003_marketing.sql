-- Marketing contact-us submissions and spent ALTCHA challenges (replay protection).

create table marketing_submissions (
  id uuid primary key,
  form_key text not null,
  name text not null,
  first_contact_number text not null,
  second_contact_number text,
  email text,
  address text not null,
  box_selection text,
  dish_selection text,
  contact text not null,
  created_at timestamptz not null
);

create table altcha_spent (
  signature text primary key,
  expires_at timestamptz not null
);

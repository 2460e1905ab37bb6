-- Order numbers (issue 11): one serial counter per Malaysian calendar day, taken with a single
-- `insert ... on conflict do update ... returning` inside the purchase's transaction, so numbers
-- never repeat, never wrap (no modulo; the serial simply grows past 9999) and a rolled-back
-- purchase gives its number back. The old order_number_seq stays for existing databases.

create table order_counters (
  day date primary key,
  last_serial integer not null check (last_serial > 0)
);

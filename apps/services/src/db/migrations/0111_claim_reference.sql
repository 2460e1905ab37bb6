-- A claim reference a person can read out (SFC-7K2Q-9M4X) beside the claim's UUID, which the
-- entitled-fibre page showed before. Existing claims take theirs from their UUID's first eight
-- hex digits (hex digits are Crockford base-32 characters too).
alter table entitlement_claims add column reference text;
update entitlement_claims
  set reference = 'SFC-' || upper(substr(replace(id::text, '-', ''), 1, 4)) || '-'
    || upper(substr(replace(id::text, '-', ''), 5, 4));
alter table entitlement_claims alter column reference set not null;
create unique index entitlement_claims_reference_idx on entitlement_claims (reference);

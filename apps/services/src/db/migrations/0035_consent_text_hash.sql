-- The exact consent text a visitor accepted: the SHA-256 (hex) of the bm or en text shown
-- (CONSENT_TEXT_HASHES of @portal/validation). Consents recorded before have none (null): only
-- their language and text version are known.
alter table consents add column text_hash text;

-- Issue 24: every SMS (one-time codes, tracking links, installation reminders, coverage news)
-- goes through the `sms` queue of pg-boss. The job holds the message until it is sent; these
-- tables keep what outlives the job.
--
-- sms_dead_letters: the messages given up (a permanent refusal, or the last retry failed), for
-- operators (`ops sms-dead`, metric sms_queue_depth{state="deadLettered"}). Nothing that could be
-- misused is kept: the kind, the language, the phone number masked (+60******6789), the attempts
-- and the provider's last error; never the code, the link or the whole number.
create table sms_dead_letters (
  job_id text primary key,
  kind text not null,
  language text not null,
  phone_masked text not null,
  attempts integer not null,
  last_error text not null,
  queued_at timestamptz not null,
  dead_lettered_at timestamptz not null
);

-- What the development stand-in "sent" (SMS_PROVIDER=standin, never in production): one row per
-- message, so a developer sees the text, codes included, without a gateway.
create table sms_standin_messages (
  id bigserial primary key,
  phone_number text not null,
  body text not null,
  sent_at timestamptz not null default now()
);

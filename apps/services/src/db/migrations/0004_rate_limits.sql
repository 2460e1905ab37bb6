-- Rate-limit counters shared by every instance on the same database (@fastify/rate-limit store,
-- src/plugins/rate-limit-store.ts): one fixed window per key (route + client address).

create table rate_limits (
  key text primary key,
  hits integer not null,
  reset_at bigint not null -- epoch milliseconds at which the window ends
);

create index rate_limits_reset_at on rate_limits (reset_at);

-- Sign-in, reset and impersonation attempts counted by the rate limiters, when the store is
-- PostgreSQL: every API instance on the database shares one count per key (auth/dbRateLimiter.ts).
-- DuckDB is one process's database, so its server counts in memory and needs no table.

-- only: postgres
CREATE TABLE auth_attempts (
  id BIGSERIAL PRIMARY KEY,
  -- Which limiter counted it ('login-username', 'login-address', ...) and under which key.
  limiter VARCHAR NOT NULL,
  key VARCHAR NOT NULL,
  at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);

-- only: postgres
CREATE INDEX auth_attempts_key_idx ON auth_attempts (limiter, key, at);

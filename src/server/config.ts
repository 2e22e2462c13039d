import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { webhookAllowList } from './deliveries/webhookTarget';
import { trustedProxyList } from './trustedProxies';

/** Everything the server reads from its environment, with the defaults the README documents. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /**
   * Where a PostgreSQL instance listens for changes of the data made by other processes
   * (DATABASE_LISTEN_URL; DATABASE_URL by default). LISTEN needs a session of its own: behind
   * PgBouncer in transaction mode, point it at the primary itself.
   */
  databaseListenUrl?: string;
  /**
   * PostgreSQL streaming replicas of DATABASE_URL that serve the analytics reads
   * (DATABASE_REPLICA_URLS, comma-separated; none by default: the primary serves everything).
   */
  databaseReplicaUrls: string[];
  /** A replica further behind the primary than this is out of the read pool (REPLICA_MAX_LAG_MS, default 5000). */
  replicaMaxLagMs: number;
  /** How often the replicas' lag is measured (REPLICA_CHECK_INTERVAL_MS, default 1000). */
  replicaCheckIntervalMs: number;
  /** Secret that signs access and extended data tokens. */
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /**
   * How long after its spending a refresh token sent again is answered the same successor, while
   * that successor is unused (REFRESH_REUSE_GRACE_SECONDS, default 10; 0: never): the retry of a
   * refresh whose answer was lost, as when an instance dies between committing and answering.
   */
  refreshReuseGraceSeconds: number;
  impersonationCodeTtlSeconds: number;
  resetTokenTtlSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  supportInbox: string;
  /** Public origin used in emailed links; defaults to http://localhost:PORT. */
  publicUrl: string;
  appVersion?: string;
  logLevel: string;
  dashboardsDir: string;
  dashboardsWritable: boolean;
  /**
   * The proxies in front of the server (TRUSTED_PROXIES, comma-separated addresses or CIDRs; none by
   * default): a request from one is taken to come from the last address of its X-Forwarded-For.
   */
  trustedProxies: string[];
  /**
   * Internal hosts webhooks may be sent to (WEBHOOK_ALLOWED_HOSTS, comma-separated host names,
   * addresses or CIDRs; none by default): loopback, private, link-local and the like are refused
   * otherwise, when a subscription is saved and when it is sent (deliveries/webhookTarget.ts).
   */
  webhookAllowedHosts: string[];
  /** Seed the demo data into an empty database at start (SEED_DEMO=0 turns it off). */
  seedDemo: boolean;
  /** Memory for the data endpoints' answers (RESULT_CACHE_MB, default 64; 0 turns the cache off). */
  resultCacheBytes: number;
  /**
   * How often the server runs the digests and alerts due (DELIVERY_INTERVAL_SECONDS, default 60;
   * 0: never, e.g. when one instance of several should not, or in tests that run them themselves).
   */
  deliveryIntervalSeconds: number;
  /** CSV exports one user may have under way at once (EXPORTS_PER_USER, default 2); past it, 429. */
  exportsPerUser: number;
  /** Page queries of exports run at once by an instance (EXPORT_QUERY_SLOTS, default 2). */
  exportQuerySlots: number;
  /**
   * DuckDB's worker threads (DUCKDB_THREADS; unset: one per core, DuckDB's default). Many users at
   * once are served faster with 1: the connections already run queries side by side, and one query
   * split across threads costs more CPU in all.
   */
  duckdbThreads?: number;
  /**
   * The most memory DuckDB takes before it spills to disk (DUCKDB_MEMORY_LIMIT, e.g. '6GB'; unset:
   * DuckDB's default, 80 % of the machine's memory).
   */
  duckdbMemoryLimit?: string;
  /** argon2id's cost for new password hashes (PASSWORD_HASH_*); never below MIN_PASSWORD_HASHING. */
  passwordHashing: PasswordHashing;
  /**
   * The clock access and extended data tokens are issued and checked by; unset is the system
   * clock. Never read from the environment: tests pass a clock they move, so expiry needs no wait.
   */
  now?: () => Date;
}

/** argon2id's cost: memory in KiB, passes over it, parallel lanes. */
export interface PasswordHashing {
  memoryKib: number;
  passes: number;
  parallelism: number;
}

/** The argon2 library's defaults: 64 MiB, 3 passes, 4 lanes. */
export const DEFAULT_PASSWORD_HASHING: PasswordHashing = { memoryKib: 65536, passes: 3, parallelism: 4 };

/** OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane): a configuration below it is refused. */
export const MIN_PASSWORD_HASHING: PasswordHashing = { memoryKib: 19456, passes: 2, parallelism: 1 };

/** A whole number of at least `min` (its default `fallback` when unset). */
function atLeastEnv(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  why: string,
): number {
  const n = intEnv(env, name, fallback);
  if (n < min) throw new Error(`${name} must be at least ${min} (${why}), got '${env[name]}'`);
  return n;
}

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  // 0 is allowed: PORT=0 asks for a free port (tests).
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got '${raw}'`);
  return n;
}

/** A comma-separated list, its entries trimmed, empty ones left out. */
function listEnv(env: NodeJS.ProcessEnv, name: string): string[] {
  return (env[name] || '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A memory size as DuckDB reads it ('512MB', '6GB', '1.5GiB'); unset or empty is undefined. */
function memoryLimitEnv(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (!/^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$/i.test(raw))
    throw new Error(`${name} must be a size such as 512MB or 6GB, got '${raw}'`);
  return raw;
}

/**
 * The signing secret: JWT_SECRET when set, otherwise one generated on first start and kept in
 * DATA_DIR/jwt-secret so that tokens survive restarts.
 */
function loadSecret(env: NodeJS.ProcessEnv, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) return new TextEncoder().encode(env.JWT_SECRET);
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600 });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** Reads the configuration from the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intEnv(env, 'PORT', 8080);
  const dataDir = resolve(env.DATA_DIR || './data');
  const databaseReplicaUrls = listEnv(env, 'DATABASE_REPLICA_URLS');
  if (env.DATABASE_LISTEN_URL && !env.DATABASE_URL)
    throw new Error('DATABASE_LISTEN_URL needs DATABASE_URL: it is another way to the same primary');
  if (databaseReplicaUrls.length && !env.DATABASE_URL)
    throw new Error('DATABASE_REPLICA_URLS needs DATABASE_URL: the replicas follow a PostgreSQL primary');
  const replicaCheckIntervalMs = intEnv(env, 'REPLICA_CHECK_INTERVAL_MS', 1000);
  if (replicaCheckIntervalMs === 0) throw new Error("REPLICA_CHECK_INTERVAL_MS must be more than 0, got '0'");
  const trustedProxies = listEnv(env, 'TRUSTED_PROXIES');
  const webhookAllowedHosts = listEnv(env, 'WEBHOOK_ALLOWED_HOSTS');
  // Refused at start, naming the entry, rather than when the first request arrives.
  trustedProxyList(trustedProxies);
  webhookAllowList(webhookAllowedHosts);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseListenUrl: env.DATABASE_LISTEN_URL || env.DATABASE_URL || undefined,
    databaseReplicaUrls,
    replicaMaxLagMs: intEnv(env, 'REPLICA_MAX_LAG_MS', 5000),
    replicaCheckIntervalMs,
    jwtSecret: loadSecret(env, dataDir),
    accessTokenTtlSeconds: intEnv(env, 'ACCESS_TOKEN_TTL_SECONDS', 15 * 60),
    refreshTokenTtlSeconds: intEnv(env, 'REFRESH_TOKEN_TTL_SECONDS', 14 * 24 * 3600),
    refreshReuseGraceSeconds: intEnv(env, 'REFRESH_REUSE_GRACE_SECONDS', 10),
    impersonationCodeTtlSeconds: intEnv(env, 'IMPERSONATION_CODE_TTL_SECONDS', 15 * 60),
    resetTokenTtlSeconds: intEnv(env, 'RESET_TOKEN_TTL_SECONDS', 3600),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'HawkEye <no-reply@hawkeye.local>',
    supportInbox: env.SUPPORT_INBOX || 'support@hawkeye.local',
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    appVersion: env.APP_VERSION || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    dashboardsDir: resolve(env.DASHBOARDS_DIR || './dashboards'),
    dashboardsWritable: env.DASHBOARDS_WRITABLE === '1',
    seedDemo: env.SEED_DEMO !== '0',
    resultCacheBytes: intEnv(env, 'RESULT_CACHE_MB', 64) * 1024 * 1024,
    deliveryIntervalSeconds: intEnv(env, 'DELIVERY_INTERVAL_SECONDS', 60),
    exportsPerUser: atLeastEnv(env, 'EXPORTS_PER_USER', 2, 1, 'a user must be able to export'),
    exportQuerySlots: atLeastEnv(env, 'EXPORT_QUERY_SLOTS', 2, 1, 'exports must be able to run'),
    duckdbThreads: intEnv(env, 'DUCKDB_THREADS', 0) || undefined,
    duckdbMemoryLimit: memoryLimitEnv(env, 'DUCKDB_MEMORY_LIMIT'),
    passwordHashing: {
      memoryKib: atLeastEnv(
        env,
        'PASSWORD_HASH_MEMORY_KIB',
        DEFAULT_PASSWORD_HASHING.memoryKib,
        MIN_PASSWORD_HASHING.memoryKib,
        "OWASP's minimum for argon2id",
      ),
      passes: atLeastEnv(
        env,
        'PASSWORD_HASH_PASSES',
        DEFAULT_PASSWORD_HASHING.passes,
        MIN_PASSWORD_HASHING.passes,
        "OWASP's minimum for argon2id",
      ),
      parallelism: atLeastEnv(
        env,
        'PASSWORD_HASH_PARALLELISM',
        DEFAULT_PASSWORD_HASHING.parallelism,
        MIN_PASSWORD_HASHING.parallelism,
        'one lane at least',
      ),
    },
    trustedProxies,
    webhookAllowedHosts,
  };
}

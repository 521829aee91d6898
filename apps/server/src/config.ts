import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

// Every default works offline on one laptop: PGlite in DATA_DIR, local mailbox, local disk for uploads.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Influence <no-reply@influence.local>'),
  STORAGE_DIR: z.string().optional(),
  WEB_DIST: z.string().default('./apps/web/dist'),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  SPLASH_MS: z.coerce.number().int().min(0).default(2000),
  SPLASH_FADE_MS: z.coerce.number().int().min(0).default(500),
  EMAIL_VERIFICATION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24 * 60 * 60),
  /** Scales every rate limit (tests that sign in many times raise it). */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  /** Whether this instance runs background jobs (every instance may enqueue them). */
  JOBS_ENABLED: bool.default(true),
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
});

export type Config = {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL when set; otherwise PGlite in `${dataDir}/db`. */
  databaseUrl: string | null;
  authSecret: string;
  smtpUrl: string | null;
  /** Development defaults: no SMTP_URL outside production, so mail lands in the local mailbox (loopback only). */
  localMailbox: boolean;
  mailFrom: string;
  storageDir: string;
  webDist: string;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
  splashMs: number;
  splashFadeMs: number;
  emailVerificationTtlSeconds: number;
  sessionTtlSeconds: number;
  rateLimitMultiplier: number;
  jobsEnabled: boolean;
  jobsPollMs: number;
  jobsConcurrency: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) throw new Error('AUTH_SECRET is required in production');
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    throw new Error(
      'SMTP_URL is required in production: without it mail would go to the local development mailbox, which is ' +
        'never served in production (set SMTP_URL=smtps://user:pass@smtp.example.com).',
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL || null,
    authSecret: e.AUTH_SECRET ?? localSecret(dataDir),
    smtpUrl: e.SMTP_URL || null,
    localMailbox: e.NODE_ENV !== 'production' && !e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    storageDir: resolve(e.STORAGE_DIR ?? join(dataDir, 'uploads')),
    webDist: resolve(e.WEB_DIST),
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    splashMs: e.SPLASH_MS,
    splashFadeMs: e.SPLASH_FADE_MS,
    emailVerificationTtlSeconds: e.EMAIL_VERIFICATION_TTL_SECONDS,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    jobsEnabled: e.JOBS_ENABLED,
    jobsPollMs: e.JOBS_POLL_MS,
    jobsConcurrency: e.JOBS_CONCURRENCY,
  };
}

/** A secret made on first start and kept beside the data, so nothing secret lives in the repo. */
function localSecret(dataDir: string): string {
  const file = join(dataDir, '.auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

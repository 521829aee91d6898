import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { parseTrustProxy, TRUST_ALL_WARNING, type TrustProxy } from './lib/trust-proxy.ts';

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
  /** Web Push (decision 040): the VAPID key pair (URL-safe base64) and the contact the push services may use. */
  VAPID_PUBLIC_KEY: z.string().min(80).max(100).optional(),
  VAPID_PRIVATE_KEY: z.string().min(40).max(50).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https:// address')
    .optional(),
  /** A mail the relay may have (it took the body, never answered) is sent once more this much later (decision 028). */
  MAIL_RESEND_AFTER_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  STORAGE_DIR: z.string().optional(),
  /** `s3://bucket?region=…&endpoint=…`: avatars and attachments in an S3-compatible bucket (decision 041). */
  STORAGE_URL: z.string().optional(),
  WEB_DIST: z.string().default('./apps/web/dist'),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `false`, a hop count (`1`), or the proxies' addresses/CIDRs; `true` (every hop) is refused in production. */
  TRUST_PROXY: z.string().optional(),
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
  // Bank of Georgia: with BOG_CLIENT_ID set, the real bank; otherwise the local emulator (never in production).
  BOG_CLIENT_ID: z.string().optional(),
  BOG_CLIENT_SECRET: z.string().optional(),
  BOG_TOKEN_URL: z.url().default('https://oauth2.bog.ge/auth/realms/bog/protocol/openid-connect/token'),
  BOG_API_BASE_URL: z.url().default('https://api.bog.ge/payments/v1'),
  /** PEM; `\n` escapes allowed (one-line env files). Default: the key the bank publishes for production. */
  BOG_CALLBACK_PUBLIC_KEY: z.string().optional(),
  /** The card page's origin, the one frame source the CSP admits. */
  BOG_CARD_PAGE_ORIGIN: z.url().default('https://payment.bog.ge'),
  /** The emulator's port while it is the bank (default PORT + 1; 0 picks a free one). */
  BOG_EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Another instance's emulator to use instead of starting one (several instances in development share one bank). */
  BOG_EMULATOR_URL: z.url().optional(),
  // Social platforms (issue 13): each one with its credentials is the real API; without, the local emulator (not
  // in production, where a platform without credentials is simply not offered).
  YOUTUBE_API_KEY: z.string().optional(),
  YOUTUBE_API_BASE_URL: z.url().default('https://www.googleapis.com/youtube/v3'),
  /** channels.list units the daily count refresh may spend (of the project's 10,000 a day; 50 channels a unit). */
  YOUTUBE_REFRESH_DAILY_UNITS: z.coerce.number().int().min(1).max(10_000).default(2000),
  /** channels.list units Fetch and Verify may spend in a day (YouTube's day, from midnight Pacific time). */
  YOUTUBE_VERIFY_DAILY_UNITS: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** videos.list units the proof-of-post check (at submission and its re-checks) may spend in YouTube's day. */
  YOUTUBE_PROOF_DAILY_UNITS: z.coerce.number().int().min(1).max(10_000).default(500),
  TIKTOK_CLIENT_KEY: z.string().optional(),
  TIKTOK_CLIENT_SECRET: z.string().optional(),
  TIKTOK_AUTH_URL: z.url().default('https://www.tiktok.com/v2/auth/authorize/'),
  TIKTOK_API_BASE_URL: z.url().default('https://open.tiktokapis.com'),
  INSTAGRAM_APP_ID: z.string().optional(),
  INSTAGRAM_APP_SECRET: z.string().optional(),
  INSTAGRAM_AUTH_URL: z.url().default('https://www.instagram.com/oauth/authorize'),
  INSTAGRAM_API_BASE_URL: z.url().default('https://api.instagram.com'),
  INSTAGRAM_GRAPH_BASE_URL: z.url().default('https://graph.instagram.com'),
  // Meta retires each Graph API version about two years after its release (v21.0 in January 2027).
  INSTAGRAM_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, 'INSTAGRAM_GRAPH_VERSION looks like v25.0')
    .default('v25.0'),
  /** The social emulator's port while it stands in for a platform (default PORT + 2; 0 picks a free one). */
  SOCIAL_EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The client's review window after work is submitted; unanswered work is then approved automatically. */
  REVIEW_WINDOW_DAYS: z.coerce.number().positive().max(30).default(3),
  /** Admins are mailed about a dispute that waits longer than this for a decision (issue 23 §1). */
  DISPUTE_ESCALATION_DAYS: z.coerce.number().positive().max(60).default(3),
  /** Days payment events (bank callbacks, receipt reads) are kept, unless the ledger or an open payment needs them. */
  PAYMENT_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** The platform's commission on payouts in basis points (250 = 2.5%); 0 by default. */
  PAYOUT_COMMISSION_BPS: z.coerce.number().int().min(0).max(5000).default(0),
  /** Answer 503 while the event loop lags more than this (ms); 0 turns load shedding off. */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** How often the server pings each realtime socket and re-checks its session (spec §9: 25 s). */
  REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(100).max(120_000).default(25_000),
  /** How long a session's lookup is kept in memory (revocations reach every instance at once regardless); 0: off. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
  /** How long a hot read's answer is kept per viewer (every change reaches every instance at once); 0: off. */
  READ_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
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
  /** The delay before the one re-send of a mail whose delivery is uncertain. */
  mailResendAfterMs: number;
  storageDir: string;
  /** Where avatars and attachments live: this machine's disk, or a bucket every instance shares. */
  storage: StorageLocation;
  webDist: string;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: TrustProxy;
  splashMs: number;
  splashFadeMs: number;
  emailVerificationTtlSeconds: number;
  sessionTtlSeconds: number;
  rateLimitMultiplier: number;
  bog: BogConfig;
  social: SocialConfig;
  reviewWindowDays: number;
  disputeEscalationDays: number;
  /** Web Push's VAPID keys: from the environment, else made once and kept in DATA_DIR (never logged). */
  push: { publicKey: string; privateKey: string; subject: string };
  paymentEventsRetentionDays: number;
  payoutCommissionBps: number;
  overloadMaxEventLoopDelayMs: number;
  realtimeHeartbeatMs: number;
  sessionCacheMs: number;
  readCacheMs: number;
  jobsEnabled: boolean;
  jobsPollMs: number;
  jobsConcurrency: number;
};

export type BogConfig =
  | {
      mode: 'live';
      tokenUrl: string;
      apiBaseUrl: string;
      clientId: string;
      clientSecret: string;
      callbackPublicKey: string;
      cardPageOrigin: string;
    }
  /**
   * The local emulator, started by main.ts on its own port (its card page on its own origin, as the bank's is), or,
   * with `url`, one another instance started (BOG_EMULATOR_URL).
   */
  | { mode: 'emulator'; port: number; url?: string };

export type StorageLocation =
  | { kind: 'disk' }
  | { kind: 's3'; bucket: string; region: string; endpoint: string | null; pathStyle: boolean; prefix: string };

const STORAGE_URL_HELP =
  'STORAGE_URL must look like s3://bucket?region=eu-central-1 (AWS) or ' +
  's3://bucket?region=auto&endpoint=https://<account>.r2.cloudflarestorage.com (R2) or ' +
  's3://bucket?endpoint=http://127.0.0.1:9000 (MinIO); optional: prefix=some/folder/, pathStyle=true|false';

/** Reads STORAGE_URL; anything it cannot use is refused at start with the shape it expects. */
export function parseStorageUrl(raw: string | undefined): StorageLocation {
  if (!raw) return { kind: 'disk' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`STORAGE_URL is not a URL. ${STORAGE_URL_HELP}`);
  }
  if (url.protocol !== 's3:') throw new Error(`STORAGE_URL must start with s3://. ${STORAGE_URL_HELP}`);
  if (url.username || url.password) {
    throw new Error(
      'STORAGE_URL must not carry credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or a profile/role).',
    );
  }
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error(`STORAGE_URL's bucket name "${bucket}" is not a valid bucket name. ${STORAGE_URL_HELP}`);
  }
  const known = new Set(['region', 'endpoint', 'prefix', 'pathStyle']);
  for (const name of url.searchParams.keys()) {
    if (!known.has(name)) throw new Error(`STORAGE_URL has an unknown option "${name}". ${STORAGE_URL_HELP}`);
  }
  const endpoint = url.searchParams.get('endpoint');
  if (endpoint !== null && !/^https?:\/\/[^/]+/.test(endpoint)) {
    throw new Error(`STORAGE_URL's endpoint must be an http(s) URL. ${STORAGE_URL_HELP}`);
  }
  const region = url.searchParams.get('region') ?? (endpoint ? 'us-east-1' : null);
  if (!region) throw new Error(`STORAGE_URL needs a region (or an endpoint). ${STORAGE_URL_HELP}`);
  const style = url.searchParams.get('pathStyle');
  if (style !== null && style !== 'true' && style !== 'false') {
    throw new Error(`STORAGE_URL's pathStyle must be true or false. ${STORAGE_URL_HELP}`);
  }
  let prefix = (url.searchParams.get('prefix') ?? '').replace(/^\/+/, '');
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  if (prefix.split('/').some((p) => p === '..' || p === '.')) {
    throw new Error(`STORAGE_URL's prefix must not contain . or .. segments. ${STORAGE_URL_HELP}`);
  }
  return {
    kind: 's3',
    bucket,
    region,
    endpoint: endpoint ? endpoint.replace(/\/$/, '') : null,
    // MinIO and s3rver answer at one host: path style by default when an endpoint is given.
    pathStyle: style === null ? endpoint !== null : style === 'true',
    prefix,
  };
}

/**
 * Per platform: `live` with credentials, `emulator` on development defaults, `off` in production without
 * credentials. `emulatorPort` is set when any platform is emulated (main.ts then starts the social emulator).
 */
export type SocialConfig = {
  youtube: { mode: 'live'; apiKey: string; baseUrl: string } | { mode: 'emulator' | 'off' };
  tiktok:
    | { mode: 'live'; clientKey: string; clientSecret: string; authorizeUrl: string; apiBaseUrl: string }
    | { mode: 'emulator' | 'off' };
  instagram:
    | {
        mode: 'live';
        appId: string;
        appSecret: string;
        authorizeUrl: string;
        apiBaseUrl: string;
        graphBaseUrl: string;
      }
    | { mode: 'emulator' | 'off' };
  /** The Graph API version Instagram's reads use (`/v25.0/me`). */
  instagramGraphVersion: string;
  youtubeRefreshDailyUnits: number;
  youtubeVerifyDailyUnits: number;
  youtubeProofDailyUnits: number;
  emulatorPort: number | null;
};

function socialConfig(e: z.infer<typeof envSchema>): SocialConfig {
  const fallback = e.NODE_ENV === 'production' ? 'off' : 'emulator';
  const pair = (a: string | undefined, b: string | undefined, names: string) => {
    if (a && !b) throw new Error(`${names}: both are required together`);
    return Boolean(a && b);
  };
  const social: SocialConfig = {
    youtube: e.YOUTUBE_API_KEY
      ? { mode: 'live', apiKey: e.YOUTUBE_API_KEY, baseUrl: e.YOUTUBE_API_BASE_URL }
      : { mode: fallback },
    tiktok: pair(e.TIKTOK_CLIENT_KEY, e.TIKTOK_CLIENT_SECRET, 'TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET')
      ? {
          mode: 'live',
          clientKey: e.TIKTOK_CLIENT_KEY!,
          clientSecret: e.TIKTOK_CLIENT_SECRET!,
          authorizeUrl: e.TIKTOK_AUTH_URL,
          apiBaseUrl: e.TIKTOK_API_BASE_URL,
        }
      : { mode: fallback },
    instagram: pair(e.INSTAGRAM_APP_ID, e.INSTAGRAM_APP_SECRET, 'INSTAGRAM_APP_ID and INSTAGRAM_APP_SECRET')
      ? {
          mode: 'live',
          appId: e.INSTAGRAM_APP_ID!,
          appSecret: e.INSTAGRAM_APP_SECRET!,
          authorizeUrl: e.INSTAGRAM_AUTH_URL,
          apiBaseUrl: e.INSTAGRAM_API_BASE_URL,
          graphBaseUrl: e.INSTAGRAM_GRAPH_BASE_URL,
        }
      : { mode: fallback },
    instagramGraphVersion: e.INSTAGRAM_GRAPH_VERSION,
    youtubeRefreshDailyUnits: e.YOUTUBE_REFRESH_DAILY_UNITS,
    youtubeVerifyDailyUnits: e.YOUTUBE_VERIFY_DAILY_UNITS,
    youtubeProofDailyUnits: e.YOUTUBE_PROOF_DAILY_UNITS,
    emulatorPort: null,
  };
  const emulated = [social.youtube, social.tiktok, social.instagram].some((p) => p.mode === 'emulator');
  if (emulated) social.emulatorPort = e.SOCIAL_EMULATOR_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 2);
  return social;
}

/** The production callback key Bank of Georgia publishes (research notes §1.8); BOG_CALLBACK_PUBLIC_KEY overrides. */
const BOG_PUBLISHED_KEY = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu4RUyAw3+CdkS3ZNILQh
zHI9Hemo+vKB9U2BSabppkKjzjjkf+0Sm76hSMiu/HFtYhqWOESryoCDJoqffY0Q
1VNt25aTxbj068QNUtnxQ7KQVLA+pG0smf+EBWlS1vBEAFbIas9d8c9b9sSEkTrr
TYQ90WIM8bGB6S/KLVoT1a7SnzabjoLc5Qf/SLDG5fu8dH8zckyeYKdRKSBJKvhx
tcBuHV4f7qsynQT+f2UYbESX/TLHwT5qFWZDHZ0YUOUIvb8n7JujVSGZO9/+ll/g
4ZIWhC1MlJgPObDwRkRd8NFOopgxMcMsDIZIoLbWKhHVq67hdbwpAq9K9WMmEhPn
PwIDAQAB
-----END PUBLIC KEY-----`;

function bogConfig(e: z.infer<typeof envSchema>): BogConfig {
  if (!e.BOG_CLIENT_ID) {
    if (e.NODE_ENV === 'production') {
      throw new Error(
        'BOG_CLIENT_ID and BOG_CLIENT_SECRET are required in production: without them payments would go to the local ' +
          'bank emulator, which never runs in production.',
      );
    }
    return {
      mode: 'emulator',
      port: e.BOG_EMULATOR_PORT ?? (e.PORT === 0 ? 0 : e.PORT + 1),
      ...(e.BOG_EMULATOR_URL ? { url: e.BOG_EMULATOR_URL.replace(/\/$/, '') } : {}),
    };
  }
  if (!e.BOG_CLIENT_SECRET) throw new Error('BOG_CLIENT_SECRET is required with BOG_CLIENT_ID');
  return {
    mode: 'live',
    tokenUrl: e.BOG_TOKEN_URL,
    apiBaseUrl: e.BOG_API_BASE_URL.replace(/\/$/, ''),
    clientId: e.BOG_CLIENT_ID,
    clientSecret: e.BOG_CLIENT_SECRET,
    callbackPublicKey: (e.BOG_CALLBACK_PUBLIC_KEY ?? BOG_PUBLISHED_KEY).replaceAll('\\n', '\n'),
    cardPageOrigin: new URL(e.BOG_CARD_PAGE_ORIGIN).origin,
  };
}

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
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  // Production is where an invented X-Forwarded-For defeats the limits; elsewhere app.ts warns at start.
  if (e.NODE_ENV === 'production' && trustProxy.kind === 'all') {
    throw new Error(`${TRUST_ALL_WARNING} It is refused in production.`);
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
    mailResendAfterMs: e.MAIL_RESEND_AFTER_MINUTES * 60_000,
    storageDir: resolve(e.STORAGE_DIR ?? join(dataDir, 'uploads')),
    storage: parseStorageUrl(e.STORAGE_URL),
    webDist: resolve(e.WEB_DIST),
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy,
    splashMs: e.SPLASH_MS,
    splashFadeMs: e.SPLASH_FADE_MS,
    emailVerificationTtlSeconds: e.EMAIL_VERIFICATION_TTL_SECONDS,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    bog: bogConfig(e),
    social: socialConfig(e),
    reviewWindowDays: e.REVIEW_WINDOW_DAYS,
    disputeEscalationDays: e.DISPUTE_ESCALATION_DAYS,
    push: pushConfig(e, dataDir),
    paymentEventsRetentionDays: e.PAYMENT_EVENTS_RETENTION_DAYS,
    payoutCommissionBps: e.PAYOUT_COMMISSION_BPS,
    overloadMaxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    realtimeHeartbeatMs: e.REALTIME_HEARTBEAT_MS,
    sessionCacheMs: e.SESSION_CACHE_MS,
    readCacheMs: e.READ_CACHE_MS,
    jobsEnabled: e.JOBS_ENABLED,
    jobsPollMs: e.JOBS_POLL_MS,
    jobsConcurrency: e.JOBS_CONCURRENCY,
  };
}

/** A secret made on first start and kept beside the data, so nothing secret lives in the repo. */
/** Both VAPID keys from the environment, or one pair made on the first start and kept beside the auth secret. */
function pushConfig(e: z.output<typeof envSchema>, dataDir: string): Config['push'] {
  const address = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM;
  const subject = e.VAPID_SUBJECT ?? `mailto:${address}`;
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject };
  }
  if (e.VAPID_PUBLIC_KEY || e.VAPID_PRIVATE_KEY) {
    throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair is then made in DATA_DIR)');
  }
  const file = join(dataDir, '.vapid.json');
  if (existsSync(file))
    return { ...(JSON.parse(readFileSync(file, 'utf8')) as Omit<Config['push'], 'subject'>), subject };
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject };
}

function localSecret(dataDir: string): string {
  const file = join(dataDir, '.auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

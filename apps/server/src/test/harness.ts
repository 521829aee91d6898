import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openPglite, openPostgres } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { TEST_CLIENT } from '../emulators/bog/emulator-testing.ts';
import { type Bank, emulatedBank } from '../features/payments/bank.ts';
import { socialProviders } from '../features/social/social-providers.ts';
import { createJobRunner } from '../jobs/job-runner.ts';
import type { Clock } from '../lib/clock.ts';
import { withDatabase } from './global-setup.ts';
import { type LazyTestBank, lazySocialEmulator, lazyTestBank } from './lazy-emulators.ts';

export const ORIGIN = 'http://localhost:3000';

/** A fresh database copied from the run's migrated template. */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL;
  const tmpl = inject('pgTemplateDb');
  if (url && tmpl) {
    const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${tmpl}`);
    await admin.end();
    // The drop below terminates connections the pool may still be closing; that is expected here.
    const db = await openPostgres(withDatabase(url, name), { onIdleError: () => {} });
    return {
      ...db,
      /** Where a second instance of the app connects (two-instance tests). */
      url: withDatabase(url, name),
      close: async () => {
        await db.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const blob = new Blob([readFileSync(inject('pgliteTemplate'))]);
  return openPglite(null, { loadDataDir: blob, migrate: false });
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: ORIGIN,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'influence-test-')),
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
    // One test file signs up dozens of users from one address; the limit test sets the real multiplier.
    RATE_LIMIT_MULTIPLIER: '100',
    // A loaded CI machine lags now and then; load shedding has its own test with a tiny threshold.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...env,
  });
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The real app over a real database, driven through HTTP with app.inject. Its job runner polls nothing:
 * a test runs what is due with `t.jobs.runDue()`.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: {
    clock?: Clock;
    database?: Database & { url?: string };
    /** Another app's test bank (a second instance of the same deployment); it stays open when this app closes. */
    bank?: LazyTestBank;
  } = {},
) {
  const database = opts.database ?? (await openTestDatabase());
  const config = testConfig(env);
  const jobs = createJobRunner({ db: database.db, clock: opts.clock });
  // A real bank emulator on a real port, made when first used (lazy-emulators.ts); its callbacks reach this app through
  // inject (its public URL is not served).
  let target: FastifyInstance | undefined;
  const bankServer: LazyTestBank =
    opts.bank ??
    (await lazyTestBank({
      clock: opts.clock ? () => opts.clock!().getTime() : undefined,
      deliver: async (url, body, headers) => {
        if (!target) return { status: 503 };
        const res = await target.inject({ method: 'POST', url: new URL(url).pathname, payload: body, headers });
        return { status: res.statusCode };
      },
    }));
  const bank: Bank = {
    ...emulatedBank(bankServer.url, '', { credentials: TEST_CLIENT, fast: true }),
    // Read when a callback is checked: the emulator that signed it exists by then (a forged one makes it, harmlessly).
    get callbackPublicKey() {
      return bankServer.emulator.publicKeyPem;
    },
  };
  // The social platforms' emulator on a real port, with its default accounts (emulators/social), made when first used.
  const socialEmulator = await lazySocialEmulator({ clock: opts.clock ? () => opts.clock!().getTime() : undefined });
  const social = socialProviders(config.social, socialEmulator.url, {
    timeoutMs: 2_000,
    clock: opts.clock ? () => opts.clock!().getTime() : undefined,
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    jobs,
    bank,
    social,
    socialEmulatorUrl: socialEmulator.url,
  });
  target = app;
  await app.ready();
  return {
    app,
    db: database.db,
    /** The open database, for a second instance on it (its `close` is this app's). */
    database,
    /** PostgreSQL runs only: this test's database, for a second instance. */
    databaseUrl: database.url,
    config,
    jobs,
    /** The emulator: its controls (faults, callbacks, clock) and URL, for payment tests; made on first use. */
    bank: bankServer,
    /** The social emulator: accounts, faults, tokens (issue 13); made on first use. */
    socialEmulator,
    social,
    close: async () => {
      await app.close();
      await jobs.stop();
      if (!opts.bank) await bankServer.close();
      await socialEmulator.close();
      await database.close();
    },
    req: (opts: RequestOptions) => request(app, opts),
  };
}

type RequestOptions = {
  method?: InjectOptions['method'];
  url: string;
  body?: unknown;
  cookie?: string;
  origin?: string | null;
  headers?: Record<string, string>;
  /** The TCP peer; app.inject's default is 127.0.0.1 (this machine). */
  remoteAddress?: string;
};

export async function request(app: FastifyInstance, o: RequestOptions) {
  // A test may have written straight to PostgreSQL a moment ago; its NOTIFY reaches the read cache just after
  // commit. A read waits until it has (PGlite: at once), as a person's next click would (lib/read-cache.ts).
  // During a database outage there is nothing to wait for (and the request itself is what a test checks).
  if ((o.method ?? 'GET') === 'GET') await app.readCache.sync().catch(() => {});
  const headers: Record<string, string> = { ...o.headers };
  if (o.cookie) headers.cookie = o.cookie;
  if (o.origin !== null) headers.origin = o.origin ?? ORIGIN;
  return app.inject({
    method: o.method ?? 'GET',
    url: o.url,
    headers,
    ...(o.remoteAddress ? { remoteAddress: o.remoteAddress } : {}),
    ...(o.body === undefined ? {} : { payload: o.body as object }),
  });
}

/** `name=value; name2=value2` from a response's Set-Cookie headers. */
export function cookieOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

export async function categoryIds(t: TestApp): Promise<string[]> {
  const res = await t.req({ url: '/api/categories' });
  return (res.json() as { items: { id: string }[] }).items.map((c) => c.id);
}

let n = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${process.pid}.${Date.now()}.${n++}@example.test`;

/**
 * A client or influencer signed up through the API. An influencer's address is then confirmed (as opening the mailed
 * link does), because only a confirmed influencer can be hired (issue 23 §2) and most tests hire; `emailVerified:
 * false` in `extra` keeps it unconfirmed. A client stays unconfirmed unless `emailVerified: true`.
 */
export async function registerUser(
  t: TestApp,
  role: 'client' | 'influencer' = 'client',
  extra: Record<string, unknown> & { emailVerified?: boolean } = {},
  /** The browser's own: its language cookie or Accept-Language (issue 26). */
  browser: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<{ email: string; password: string; cookie: string; userId: string }> {
  const { emailVerified = role === 'influencer', ...fields } = extra;
  const email = uniqueEmail(role);
  const password = 'secret-pass-1';
  const cats = role === 'influencer' ? { categoryIds: (await categoryIds(t)).slice(0, 2) } : {};
  const res = await t.req({
    method: 'POST',
    url: '/api/auth/register',
    body: { role, email, password, name: 'Test', lastname: 'Person', acceptTerms: true, ...cats, ...fields },
    ...browser,
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const userId = res.json().user.id as string;
  if (emailVerified) await confirmEmail(t, userId);
  return { email, password, cookie: cookieOf(res), userId };
}

/** The person's address confirmed, as opening the verification link does (the users trigger tells the session cache). */
export async function confirmEmail(t: TestApp, userId: string) {
  await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

export async function signIn(t: TestApp, email: string, password: string) {
  const res = await t.req({ method: 'POST', url: '/api/auth/sign-in', body: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookieOf(res);
}

/** An admin account made the way the CLI makes one (admins never sign up); not signed in. */
export async function createAdminAccount(t: TestApp): Promise<{ userId: string; email: string; password: string }> {
  const { createAuthRepository } = await import('../features/auth/auth.repository.ts');
  const { hashPassword } = await import('better-auth/crypto');
  const userId = crypto.randomUUID();
  const email = uniqueEmail('admin');
  const password = 'secret-pass-1';
  await createAuthRepository(t.db).createAccount({
    id: userId,
    role: 'admin',
    email,
    passwordHash: await hashPassword(password),
    name: 'Ada',
    lastname: 'Admin',
    mobile: null,
    companyId: null,
    categoryIds: [],
    emailVerified: true,
  });
  return { userId, email, password };
}

/** An admin account signed in; returns the cookie (test/fixtures.ts `admin` returns the whole person). */
export async function signInAdmin(t: TestApp): Promise<string> {
  const a = await createAdminAccount(t);
  return signIn(t, a.email, a.password);
}

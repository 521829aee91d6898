// npm run bench:load [-- --users 200] [-- --seconds 300] [-- --think 1000]
// Issue 11 §4: a mixed-journey load test against PostgreSQL. Simulated people (a fifth of them brands) sign in
// through the real API, open their first screen as a page (rendered by the server), then browse, create campaigns,
// apply, accept, open chats and write messages, now and then opening a campaign's page from a link, each waiting a
// moment between steps like a person, for the whole run. Reports every endpoint's request count and p50/p99, the
// errors (network failures, 5xx, and any 4xx a journey did not expect), and the server's memory after the first
// minute and at the end (a leak shows as growth): resident memory as it is, and after a full garbage collection
// (through the server's inspector) the JavaScript heap and resident memory. Numbers, not assertions; written to
// bench/results/load.json.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { createAuthRepository } from '../apps/server/src/features/auth/auth.repository.ts';
import { startThrowawayPostgres } from '../scripts/pg-throwaway.mjs';
import { buildWebApp, memoryAfterGc, numberArg, pct, root, rssMb, sleep, startServer } from './support.ts';

const USERS = numberArg('users', 200);
const SECONDS = numberArg('seconds', 300);
const THINK_MS = numberArg('think', 1000);
const PASSWORD = 'load-test-password';
const log = (m: string) => console.log(`[bench:load] ${m}`);
const pick = <T>(xs: T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];

type Stat = { latencies: number[]; statuses: Record<string, number> };
const stats = new Map<string, Stat>();
const errors: string[] = [];
let deadline = 0;

/** One person's browser: a cookie jar of one session, every request timed under its route's name. */
function person(base: string) {
  let cookie = '';
  const record = (name: string, t0: number, status: number) => {
    const stat = stats.get(name) ?? { latencies: [], statuses: {} };
    stat.latencies.push(performance.now() - t0);
    stat.statuses[status] = (stat.statuses[status] ?? 0) + 1;
    stats.set(name, stat);
  };
  /** A page as a browser loads it (HTML rendered by the server, with its data); a redirect would be a lost session. */
  async function page(name: string, path: string, expected: number[] = [200]) {
    const t0 = performance.now();
    let status = 0;
    try {
      const res = await fetch(`${base}${path}`, {
        headers: { cookie, accept: 'text/html', 'accept-encoding': 'br, gzip' },
        redirect: 'manual',
      });
      status = res.status;
      const html = await res.text();
      if (status === 200 && !html.includes('id="server-state"')) errors.push(`${name}: not rendered on the server`);
    } catch (error) {
      errors.push(`${name}: ${(error as Error).message}`);
    }
    record(name, t0, status);
    if (status && !expected.includes(status)) errors.push(`${name}: HTTP ${status}`);
  }
  async function call<T = unknown>(
    name: string,
    method: string,
    path: string,
    body?: unknown,
    expected: number[] = [200, 201],
  ): Promise<{ status: number; json: T }> {
    const t0 = performance.now();
    let status = 0;
    let json: unknown = null;
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          origin: base,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      status = res.status;
      const set = res.headers.getSetCookie().find((c) => c.startsWith('influence.session_token='));
      if (set) cookie = set.split(';')[0]!;
      json = await res.json().catch(() => null);
    } catch (error) {
      errors.push(`${name}: ${(error as Error).message}`);
    }
    record(name, t0, status);
    if (status && !expected.includes(status)) errors.push(`${name}: HTTP ${status} ${JSON.stringify(json)}`);
    return { status, json: json as T };
  }
  return Object.assign(call, { page });
}

type Page<T> = { items: T[] };
type Card = { id: string };
type Detail = {
  id: string;
  viewer: { canApply: boolean; isOwner: boolean };
  applications: { id: string; status: string }[] | null;
};
type Chat = { id: string };

/** A brand: its campaigns, the applicants, the directory, its chats. */
async function brand(call: ReturnType<typeof person>) {
  const mine: string[] = [];
  while (Date.now() < deadline) {
    const step = Math.random();
    if (mine.length < 3 || step < 0.1) {
      const created = await call<{ id: string }>('POST /api/campaigns', 'POST', '/api/campaigns', {
        socials: [pick(['instagram', 'tiktok', 'youtube', 'facebook'])],
        title: `Load test ${randomUUID().slice(0, 8)}`,
        description: 'A Reel about our new menu, posted on a weekday evening.',
        budget: 100 + Math.floor(Math.random() * 900),
        deadline: null,
      });
      if (created.json?.id) mine.push(created.json.id);
    } else if (step < 0.35) {
      await call('GET /api/campaigns (own)', 'GET', '/api/campaigns?limit=20');
    } else if (step < 0.6) {
      const id = pick(mine)!;
      const detail = await call<Detail>('GET /api/campaigns/:id (owner)', 'GET', `/api/campaigns/${id}`);
      const pending = detail.json?.applications?.find((a) => a.status === 'pending');
      // Accepting hires: the campaign leaves the open list, so it is replaced by a new one next time.
      if (pending && Math.random() < 0.5) {
        await call(
          'POST /api/applications/:id/accept',
          'POST',
          `/api/applications/${pending.id}/accept`,
          undefined,
          [200, 201, 409],
        );
      }
    } else if (step < 0.7) {
      await call('GET /api/influencers', 'GET', '/api/influencers?limit=20');
    } else if (step < 0.75) {
      // A campaign opened from a link (or a reload): the page, rendered by the server.
      const id = pick(mine);
      if (id) await call.page('PAGE /campaigns/:id (owner)', `/campaigns/${id}`);
    } else {
      await chatting(call);
    }
    await sleep(THINK_MS * (0.5 + Math.random()));
  }
}

/** A creator: the feed, a campaign, applying, their orders, their chats. */
async function creator(call: ReturnType<typeof person>) {
  while (Date.now() < deadline) {
    const step = Math.random();
    if (step < 0.3) {
      await call('GET /api/campaigns (feed)', 'GET', '/api/campaigns?limit=20');
    } else if (step < 0.6) {
      const feed = await call<Page<Card>>('GET /api/campaigns (feed)', 'GET', '/api/campaigns?limit=20');
      const id = pick(feed.json?.items ?? [])?.id;
      if (id) {
        // Hired between the feed and this read, a campaign is gone for creators who did not apply: a 404 then is
        // the product's answer (decision 004), like the 409 below.
        const detail = await call<Detail>(
          'GET /api/campaigns/:id',
          'GET',
          `/api/campaigns/${id}`,
          undefined,
          [200, 404],
        );
        // A campaign can be hired away between the read and the apply: a 409 then is the product's answer.
        if (detail.json?.viewer?.canApply && Math.random() < 0.5) {
          await call(
            'POST /api/campaigns/:id/applications',
            'POST',
            `/api/campaigns/${id}/applications`,
            undefined,
            [200, 201, 404, 409],
          );
        }
      }
    } else if (step < 0.65) {
      await call('GET /api/orders', 'GET', '/api/orders?limit=20');
    } else if (step < 0.7) {
      // The feed reloaded, or opened again from a link: the page, rendered by the server.
      await call.page('PAGE /campaigns', '/campaigns');
    } else {
      await chatting(call);
    }
    await sleep(THINK_MS * (0.5 + Math.random()));
  }
}

/** The chat list, the unread badge, a conversation opened and read, and now and then a message. */
async function chatting(call: ReturnType<typeof person>) {
  const list = await call<Page<Chat>>('GET /api/chats', 'GET', '/api/chats?limit=20');
  await call('GET /api/chat/unread-count', 'GET', '/api/chat/unread-count');
  const chat = pick(list.json?.items ?? []);
  if (!chat) return;
  await call('GET /api/chats/:id/messages', 'GET', `/api/chats/${chat.id}/messages?limit=30`);
  await call('POST /api/chats/:id/read', 'POST', `/api/chats/${chat.id}/read`);
  if (Math.random() < 0.5) {
    await call('POST /api/chats/:id/messages', 'POST', `/api/chats/${chat.id}/messages`, {
      clientId: randomUUID(),
      content: 'Sounds good, I will send the draft tomorrow.',
    });
  }
}

async function main() {
  const pg = await startThrowawayPostgres({ quiet: true });
  let server: ChildProcess | undefined;
  try {
    log('building the web app…');
    const instance = await startServer(
      {
        DATABASE_URL: pg.url,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-load-')),
        SEED_DEMO: 'false',
        // Every simulated person comes from 127.0.0.1: the per-address limits would see one crowd.
        RATE_LIMIT_MULTIPLIER: '100000',
        WEB_DIST: buildWebApp(),
      },
      { inspect: true },
    );
    server = instance.child;
    const base = instance.base;

    log(`creating ${USERS} accounts (one password hash for all)…`);
    const db = await openPostgres(pg.url);
    const repo = createAuthRepository(db.db);
    const passwordHash = await hashPassword(PASSWORD);
    const people: { email: string; role: 'client' | 'influencer' }[] = [];
    for (let i = 0; i < USERS; i++) {
      const role = i % 5 === 0 ? 'client' : 'influencer';
      const email = `${role}.${i}@load.test`;
      await repo.createAccount({
        id: randomUUID(),
        role,
        email,
        passwordHash,
        name: role === 'client' ? 'Brand' : 'Creator',
        lastname: String(i),
        mobile: null,
        companyId: null,
        categoryIds: [],
        emailVerified: true,
        isOnboarded: true,
      });
      people.push({ email, role });
    }
    await db.close();

    log(`${USERS} people for ${SECONDS} s (think time ${THINK_MS} ms ± 50 %)…`);
    const started = Date.now();
    deadline = started + SECONDS * 1000;
    let rssAfterMinute = 0;
    let afterMinuteGc: { heapMb: number; rssMb: number } | undefined;
    const minute = setTimeout(
      async () => {
        rssAfterMinute = rssMb(server!.pid!);
        afterMinuteGc = await memoryAfterGc(instance.inspectPort!, server!.pid!);
      },
      Math.min(60_000, SECONDS * 500),
    );
    await Promise.all(
      people.map(async (p, i) => {
        await sleep((i / USERS) * Math.min(10_000, SECONDS * 100)); // arrivals spread over the first seconds
        const call = person(base);
        await call('POST /api/auth/sign-in', 'POST', '/api/auth/sign-in', { email: p.email, password: PASSWORD });
        // Signed in, the app lands on the role's first screen: a page rendered by the server with its data.
        if (p.role === 'client') await call.page('PAGE /home', '/home');
        else await call.page('PAGE /campaigns', '/campaigns');
        await (p.role === 'client' ? brand(call) : creator(call));
      }),
    );
    clearTimeout(minute);
    const rssEnd = rssMb(server.pid!);
    const endGc = await memoryAfterGc(instance.inspectPort!, server.pid!);
    const seconds = (Date.now() - started) / 1000;

    const rows = [...stats].map(([name, s]) => ({
      endpoint: name,
      requests: s.latencies.length,
      'p50 ms': +pct(s.latencies, 50).toFixed(1),
      'p99 ms': +pct(s.latencies, 99).toFixed(1),
      '5xx': Object.entries(s.statuses)
        .filter(([code]) => code.startsWith('5'))
        .reduce((n, [, c]) => n + c, 0),
    }));
    const total = rows.reduce((n, r) => n + r.requests, 0);
    const fiveXx = rows.reduce((n, r) => n + r['5xx'], 0);
    console.table(rows);
    const change = (from: number, to: number) => (from ? ((to - from) / from) * 100 : 0);
    const signed = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)} %`;
    const growth = change(rssAfterMinute, rssEnd);
    const heapGrowth = change(afterMinuteGc?.heapMb ?? 0, endGc.heapMb);
    const rssGcGrowth = change(afterMinuteGc?.rssMb ?? 0, endGc.rssMb);
    log(
      `${total} requests in ${seconds.toFixed(0)} s (${(total / seconds).toFixed(0)}/s): ${errors.length} errors, ${fiveXx} 5xx; ` +
        `server RSS ${rssAfterMinute.toFixed(0)} MB after the first minute, ${rssEnd.toFixed(0)} MB at the end (${signed(growth)}); ` +
        `after a full GC: heap ${afterMinuteGc?.heapMb.toFixed(0)} → ${endGc.heapMb.toFixed(0)} MB (${signed(heapGrowth)}), ` +
        `RSS ${afterMinuteGc?.rssMb.toFixed(0)} → ${endGc.rssMb.toFixed(0)} MB (${signed(rssGcGrowth)})`,
    );
    for (const e of errors.slice(0, 10)) log(`error: ${e}`);
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(
      join(root, 'bench/results/load.json'),
      JSON.stringify(
        {
          startedAt: new Date(started).toISOString(),
          cpus: cpus().length,
          loadavg: loadavg(),
          users: USERS,
          seconds,
          thinkMs: THINK_MS,
          requests: total,
          errors: errors.length,
          fiveXx,
          rssMb: {
            afterFirstMinute: +rssAfterMinute.toFixed(1),
            end: +rssEnd.toFixed(1),
            growthPercent: +growth.toFixed(1),
          },
          afterFullGc: {
            afterFirstMinute: afterMinuteGc,
            end: endGc,
            heapGrowthPercent: +heapGrowth.toFixed(1),
            rssGrowthPercent: +rssGcGrowth.toFixed(1),
          },
          endpoints: rows,
          firstErrors: errors.slice(0, 50),
        },
        null,
        2,
      ),
    );
  } finally {
    if (server) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill();
      await exited;
    }
    pg.stop();
  }
}

await main();

// npm run bench:chat [-- --pairs 1000] [-- --seconds 20] [-- --warmup 3] [-- --concurrency 50 | --rate 1000]
//   [-- --via socket|http]
// Issue 12 §7: chat pairs on two server instances (two processes) on one throwaway PostgreSQL. Every client's socket
// is on instance A and every influencer's on instance B, so each message crosses instances through LISTEN/NOTIFY.
// Senders write on their own socket on A (`message.send`, issue 28), or with `--via http` POST to A; either way the
// message is stored, then published; latency is the send → the message.created frame on the receiver's socket. Beside it, in the same run on the same machine, a bare `ws` relay (socket → server → socket) with the same
// number of sockets and the same concurrency: the ratio is the figure. Also memory per connection (the servers' heap
// and RSS after a full collection).
// Also the CPU each part used per message (the two instances, PostgreSQL, the load generator): where the time goes.
// Figures print as a table and go to bench/results/chat.json. Numbers, not assertions.
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq as eqUser } from 'drizzle-orm';
import WebSocket from 'ws';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { chats, clients, influencers, sessions } from '../apps/server/src/db/schema.ts';
import { createAuthRepository } from '../apps/server/src/features/auth/auth.repository.ts';
import { startThrowawayPostgres } from '../scripts/pg-throwaway.mjs';
import { cpuMs, freePort, memoryAfterGc, numberArg, pct, root, sleep, startServer, treeCpuMs } from './support.ts';

const PAIRS = numberArg('pairs', 1000);
const SECONDS = numberArg('seconds', 20);
const CONCURRENCY = numberArg('concurrency', 50);
/** Seconds of sending before the measured run, not counted: the JIT, the database's plans and caches warm up. */
const WARMUP = numberArg('warmup', 3);
/** Open loop: this many messages a second in all, sent on schedule whether or not earlier ones arrived (0: closed). */
const RATE = numberArg('rate', 0);
const VIA = process.argv.includes('http') ? 'http' : 'socket';
const SECRET = 'bench-secret-bench-secret-bench-secret-00';
const log = (m: string) => console.log(`[bench:chat] ${m}`);

type Memory = { heapMb: number; rssMb: number };
type PerConn = { heapKb: number; rssKb: number };
/**
 * Memory per socket: the processes' JavaScript heap and resident memory after a full collection (through their
 * inspectors), before and after the sockets connected, so the handshakes' garbage does not count.
 */
const perConnection = (before: Memory[], after: Memory[]): PerConn => {
  const sum = (ms: Memory[], k: keyof Memory) => ms.reduce((t, m) => t + m[k], 0);
  const kb = (k: keyof Memory) => +(((sum(after, k) - sum(before, k)) * 1024) / (PAIRS * 2)).toFixed(1);
  return { heapKb: kb('heapMb'), rssKb: kb('rssMb') };
};

type Pair = { chatId: string; clientCookie: string; influencerCookie: string };
/** `at`: each delivered message's send time, in ms from the run's start (beside its latency: when slow ones were). */
type Run = { sent: number; delivered: number; seconds: number; latencies: number[]; at: number[] };

/**
 * A loop of `CONCURRENCY` senders for SECONDS: each sends, waits for delivery, sends again. With `--rate`, an open
 * loop instead: RATE messages a second from pair after pair on a fixed schedule, as people type, each timed from its
 * send to its arrival (a server that falls behind shows as growing latency, not as fewer attempts).
 */
async function drive(send: (pair: number, id: string) => Promise<void>, waitFor: (id: string) => Promise<void>) {
  if (WARMUP > 0) await (RATE > 0 ? driveOpen : driveClosed)(send, waitFor, WARMUP);
  // Also on the monotonic clock, in µs: the clock of the servers' CPU profiles (BENCH_CPU_PROF), to find a window there.
  log(`measured run from ${new Date().toISOString()} (monotonic ${process.hrtime.bigint() / 1000n} µs)`);
  pauses.start();
  return (RATE > 0 ? driveOpen : driveClosed)(send, waitFor, SECONDS);
}

async function driveClosed(
  send: (pair: number, id: string) => Promise<void>,
  waitFor: (id: string) => Promise<void>,
  seconds: number,
) {
  const latencies: number[] = [];
  const at: number[] = [];
  let sent = 0;
  const until = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      let pair = worker;
      while (Date.now() < until) {
        const id = randomUUID();
        const t0 = performance.now();
        const delivered = waitFor(id);
        await send(pair % PAIRS, id);
        sent++;
        await delivered;
        latencies.push(performance.now() - t0);
        at.push(t0 - started);
        pair += CONCURRENCY;
      }
    }),
  );
  return {
    sent,
    delivered: latencies.length,
    seconds: (performance.now() - started) / 1000,
    latencies,
    at,
  } satisfies Run;
}

async function driveOpen(
  send: (pair: number, id: string) => Promise<void>,
  waitFor: (id: string) => Promise<void>,
  seconds: number,
) {
  const latencies: number[] = [];
  const at: number[] = [];
  const pending: Promise<void>[] = [];
  const total = Math.round(RATE * seconds);
  const started = performance.now();
  let lost = 0;
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const id = randomUUID();
    const t0 = performance.now();
    const delivered = waitFor(id);
    void send(i % PAIRS, id);
    pending.push(
      delivered
        .then(() => {
          latencies.push(performance.now() - t0);
          at.push(t0 - started);
        })
        .catch(() => void lost++),
    );
  }
  await Promise.all(pending);
  if (lost) log(`${lost} messages not delivered within 10 s`);
  return { sent: total, delivered: latencies.length, seconds: (performance.now() - started) / 1000, latencies, at };
}

/** Resolves when `id` arrives (or after 10 s, counted as lost). */
function arrivals() {
  const waiting = new Map<string, () => void>();
  return {
    waitFor: (id: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error(`message ${id} not delivered in 10 s`));
        }, 10_000);
        waiting.set(id, () => {
          clearTimeout(timer);
          resolve();
        });
      }),
    arrived: (id: string) => {
      waiting.get(id)?.();
      waiting.delete(id);
    },
  };
}

// ---- the baseline: a bare ws relay, same sockets, same concurrency ------------------------------------------------
async function bareRelay(): Promise<Run & { perConn: PerConn }> {
  const port = await freePort();
  const inspectPort = await freePort();
  const child = spawn(
    process.execPath,
    [
      `--inspect=127.0.0.1:${inspectPort}`,
      '-e',
      `const { WebSocketServer } = require('ws');
       const wss = new WebSocketServer({ port: ${port}, host: '127.0.0.1' });
       const byId = new Map();
       wss.on('connection', (ws, req) => {
         const id = new URL(req.url, 'http://x').searchParams.get('id');
         byId.set(id, ws);
         ws.on('message', (d) => { const m = JSON.parse(d); byId.get(m.to)?.send(JSON.stringify({ id: m.id })); });
       });
       console.log('ready');`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  await new Promise<void>((r) => child.stdout!.once('data', () => r()));
  const before = await memoryAfterGc(inspectPort, child.pid!);
  const { waitFor, arrived } = arrivals();
  const open = (id: string) =>
    new Promise<WebSocket>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/?id=${id}`);
      ws.on('message', (d) => arrived(JSON.parse(String(d)).id));
      ws.once('open', () => resolve(ws));
      ws.once('error', reject);
    });
  const senders: WebSocket[] = [];
  for (let i = 0; i < PAIRS; i++) {
    senders.push(await open(`s${i}`));
    await open(`r${i}`);
  }
  const perConn = perConnection([before], [await memoryAfterGc(inspectPort, child.pid!)]);
  const run = await drive(async (pair, id) => senders[pair]!.send(JSON.stringify({ to: `r${pair}`, id })), waitFor);
  child.kill();
  return { ...run, perConn };
}

// ---- the product: two instances on one PostgreSQL --------------------------------------------------------------
async function product(measuring: (on: boolean) => void) {
  // BENCH_PG_LOG=<file>: PostgreSQL's log, with every autovacuum and checkpoint and each statement over 20 ms, with
  // milliseconds, to date a stall against the run's slow windows (their wall-clock start is logged below).
  const pgLog = process.env.BENCH_PG_LOG;
  const pg = await startThrowawayPostgres({
    quiet: true,
    keepLog: pgLog,
    settings: pgLog
      ? [
          'log_autovacuum_min_duration=0',
          'log_checkpoints=on',
          'log_min_duration_statement=20',
          "log_line_prefix='%m [%p] '",
        ]
      : [],
  });
  const children: ChildProcess[] = [];
  try {
    const db = await openPostgres(pg.url);
    log(`seeding ${PAIRS} pairs (accounts, sessions, chats)…`);
    const repo = createAuthRepository(db.db);
    const cookieOf = async (userId: string) => {
      const token = randomUUID().replaceAll('-', '');
      await db.db.insert(sessions).values({
        id: randomUUID(),
        token,
        userId,
        expiresAt: new Date(Date.now() + 86_400_000),
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      // better-auth's signed cookie: the token, a dot, base64 HMAC-SHA256 of the token with the secret.
      const signature = createHmac('sha256', SECRET).update(token).digest('base64');
      return `influence.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
    };
    const seedPair = async (i: number): Promise<Pair> => {
      const c = randomUUID();
      const inf = randomUUID();
      for (const [id, role] of [
        [c, 'client'],
        [inf, 'influencer'],
      ] as const) {
        await repo.createAccount({
          id,
          role,
          email: `${role}.${i}@bench.test`,
          passwordHash: 'not-used',
          name: role === 'client' ? 'Brand' : 'Creator',
          lastname: String(i),
          mobile: null,
          companyId: null,
          categoryIds: [],
          emailVerified: true,
          isOnboarded: true,
        });
      }
      const [cp] = await db.db.select({ id: clients.id }).from(clients).where(eqUser(clients.userId, c));
      const [ip] = await db.db.select({ id: influencers.id }).from(influencers).where(eqUser(influencers.userId, inf));
      const [chat] = await db.db
        .insert(chats)
        .values({ clientId: cp!.id, influencerId: ip!.id })
        .returning({ id: chats.id });
      return { chatId: chat!.id, clientCookie: await cookieOf(c), influencerCookie: await cookieOf(inf) };
    };
    // Ten pairs at a time (the pool's ten connections): 10,000 sockets' accounts in minutes, not a quarter hour.
    const pairs: Pair[] = [];
    for (let i = 0; i < PAIRS; i += 10) {
      pairs.push(...(await Promise.all(Array.from({ length: Math.min(10, PAIRS - i) }, (_, k) => seedPair(i + k)))));
    }
    await db.close();

    const start = async (jobs: boolean) => {
      const { base, child, inspectPort } = await startServer(
        {
          DATABASE_URL: pg.url,
          DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-chat-')),
          AUTH_SECRET: SECRET,
          SEED_DEMO: 'false',
          RATE_LIMIT_MULTIPLIER: '100000',
          OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
          JOBS_ENABLED: String(jobs),
          WEB_DIST: '/nonexistent',
        },
        { inspect: true },
      );
      children.push(child);
      return { port: Number(new URL(base).port), pid: child.pid!, inspectPort: inspectPort! };
    };
    const a = await start(true);
    const b = await start(false);
    const check = await fetch(`http://127.0.0.1:${a.port}/api/auth/session`, {
      headers: { cookie: pairs[0]!.clientCookie },
    }).then((r) => r.json() as Promise<{ user: unknown }>);
    if (!check.user) throw new Error('the bench session cookie was not accepted');

    const { waitFor, arrived } = arrivals();
    const memory = () => Promise.all([a, b].map((x) => memoryAfterGc(x.inspectPort, x.pid)));
    const memoryBefore = await memory();
    const connect = (port: number, cookie: string, listen: boolean) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, {
          headers: { cookie, origin: `http://127.0.0.1:${port}` },
        });
        if (listen) {
          ws.on('message', (d) => {
            const f = JSON.parse(String(d));
            if (f.type === 'message.created') arrived(f.message.clientId);
          });
        } else {
          ws.on('message', (d) => {
            const f = JSON.parse(String(d));
            if (f.type === 'error') console.error(`[bench:chat] refused: ${f.message}`);
          });
        }
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      });
    log(`connecting ${PAIRS * 2} sockets…`);
    const sockets: WebSocket[] = [];
    for (let i = 0; i < pairs.length; i += 20) {
      const chunk = pairs.slice(i, i + 20);
      const opened = await Promise.all(
        chunk.flatMap((p) => [connect(a.port, p.clientCookie, false), connect(b.port, p.influencerCookie, true)]),
      );
      sockets.push(...opened);
    }
    await sleep(1000);
    const perConn = perConnection(memoryBefore, await memory());

    log(`sending for ${WARMUP} + ${SECONDS} s ${RATE > 0 ? `at ${RATE} messages/s` : `with ${CONCURRENCY} senders`}…`);
    // Where the CPU goes while sending: each instance, PostgreSQL (the postmaster and its backends) and this process
    // (the load generator: 2,000 client sockets), in ms of CPU per message delivered.
    const postmaster = Number(readFileSync(join(pg.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const cpuNow = () => ({
      sender: cpuMs(a.pid),
      receiver: cpuMs(b.pid),
      postgres: treeCpuMs(postmaster),
      load: process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000,
    });
    const cpu0 = cpuNow();
    measuring(true);
    const run = await drive(async (pair, id) => {
      const p = pairs[pair]!;
      if (VIA === 'socket') {
        sockets[pair * 2]!.send(
          JSON.stringify({ type: 'message.send', chatId: p.chatId, clientId: id, content: `hello ${id.slice(0, 6)}` }),
        );
        return;
      }
      const res = await fetch(`http://127.0.0.1:${a.port}/api/chats/${p.chatId}/messages`, {
        method: 'POST',
        headers: { cookie: p.clientCookie, origin: `http://127.0.0.1:${a.port}`, 'content-type': 'application/json' },
        body: JSON.stringify({ clientId: id, content: `hello ${id.slice(0, 6)}` }),
      });
      if (res.status !== 201) throw new Error(`send: HTTP ${res.status} ${await res.text()}`);
    }, waitFor);
    measuring(false);
    pauses.stop();
    const cpu1 = cpuNow();
    const cpuPerMessage = Object.fromEntries(
      Object.entries(cpu1).map(([k, v]) => [k, +((v - cpu0[k as keyof typeof cpu0]) / run.delivered).toFixed(3)]),
    );
    for (const s of sockets) s.terminate();
    return { ...run, perConn, cpuPerMessage };
  } finally {
    // The instances go first: their heartbeats would otherwise meet a database already stopped.
    await Promise.all(
      children.map((c) => {
        const exited = new Promise((r) => c.once('exit', r));
        c.kill();
        return exited;
      }),
    );
    pg.stop();
  }
}

/** This process's own pauses over 15 ms during the measured run, by time from its start (to set beside the windows). */
const pauses = (() => {
  const found: { at: number; ms: number }[] = [];
  let timer: NodeJS.Timeout | undefined;
  return {
    found,
    start() {
      clearInterval(timer);
      found.length = 0;
      const t0 = performance.now();
      let last = t0;
      timer = setInterval(() => {
        const now = performance.now();
        if (now - last - 5 > 15) found.push({ at: now - t0, ms: now - last - 5 });
        last = now;
      }, 5);
    },
    stop: () => clearInterval(timer),
  };
})();

/**
 * When the slow messages were: the run cut in 250 ms windows by send time, the windows whose slowest message took
 * over 30 ms (the target's p99), how many there were and the five worst with their time. Spread evenly, the tail is
 * load; bunched in a few windows, it is stalls (a pause in one of the processes).
 */
const slowWindows = (r: Run) => {
  const worst = new Map<number, { n: number; slow: number; max: number }>();
  r.latencies.forEach((l, i) => {
    const w = Math.floor(r.at[i]! / 250);
    const cur = worst.get(w) ?? { n: 0, slow: 0, max: 0 };
    cur.n++;
    if (l > 30) cur.slow++;
    cur.max = Math.max(cur.max, l);
    worst.set(w, cur);
  });
  const slow = [...worst].filter(([, v]) => v.max > 30);
  return {
    windows: worst.size,
    slowWindows: slow.length,
    slowMessagesInThem: slow.reduce((n, [, v]) => n + v.slow, 0),
    slowMessages: r.latencies.filter((l) => l > 30).length,
    worst: slow
      .sort((x, y) => y[1].max - x[1].max)
      .slice(0, 5)
      .map(([w, v]) => {
        // The generator's own pauses that began in or just before the window (a pause there delays every arrival).
        const own = pauses.found.filter((p) => p.at >= w * 250 - 250 && p.at < (w + 1) * 250);
        const paused = own.length ? `, generator paused ${own.map((p) => p.ms.toFixed(0)).join('+')} ms` : '';
        return `${((w * 250) / 1000).toFixed(2)} s: ${v.slow}/${v.n} over 30 ms, max ${v.max.toFixed(0)} ms${paused}`;
      }),
  };
};

const summary = (r: Run) => ({
  sent: r.sent,
  delivered: r.delivered,
  perSecond: Math.round(r.delivered / r.seconds),
  p50: +pct(r.latencies, 50).toFixed(1),
  p99: +pct(r.latencies, 99).toFixed(1),
  p999: +pct(r.latencies, 99.9).toFixed(1),
});

// This process's own pauses while it drives the product (it times every message: a pause here reads as latency).
const lag = monitorEventLoopDelay({ resolution: 5 });
const bare = await bareRelay();
log('bare ws relay done');
const ours = await product((on) => (on ? lag.enable() : lag.disable()));
const results = {
  startedAt: new Date().toISOString(),
  cpus: cpus().length,
  loadavg: loadavg(),
  pairs: PAIRS,
  sockets: PAIRS * 2,
  seconds: SECONDS,
  warmup: WARMUP,
  rate: RATE || null,
  concurrency: CONCURRENCY,
  via: VIA,
  bare: { ...summary(bare), heapKbPerSocket: bare.perConn.heapKb, rssKbPerSocket: bare.perConn.rssKb },
  product: { ...summary(ours), heapKbPerSocket: ours.perConn.heapKb, rssKbPerSocket: ours.perConn.rssKb },
  cpuMsPerMessage: ours.cpuPerMessage,
  stalls: slowWindows(ours),
  loadGeneratorLagMs: { p99: +(lag.percentile(99) / 1e6).toFixed(1), max: +(lag.max / 1e6).toFixed(1) },
};
const ratio = (x: number, y: number) => (y ? (x / y).toFixed(2) : '–');
console.table({
  'bare ws relay': results.bare,
  'two instances + PostgreSQL': results.product,
});
log(
  `messages/s ${results.product.perSecond} vs ${results.bare.perSecond} (${ratio(results.product.perSecond, results.bare.perSecond)}×); ` +
    `p99 ${results.product.p99} ms vs ${results.bare.p99} ms (${ratio(results.product.p99, results.bare.p99)}×)`,
);
log(
  `CPU per message (ms): ${Object.entries(results.cpuMsPerMessage)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`,
);
log(
  `slow messages (over 30 ms): ${results.stalls.slowMessages}, in ${results.stalls.slowWindows} of ${results.stalls.windows} ` +
    `250 ms windows; worst: ${results.stalls.worst.join('; ') || 'none'}`,
);
log(
  `the load generator's own event-loop delay while sending: p99 ${results.loadGeneratorLagMs.p99} ms, max ${results.loadGeneratorLagMs.max} ms`,
);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/chat.json'), JSON.stringify(results, null, 2));

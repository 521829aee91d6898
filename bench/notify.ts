// npm run bench:notify — issue 24's figure: event → screen latency. A brand invites an influencer whose browser has
// the app open: from the brand's request leaving, how long until the influencer's socket has the `campaign.changed`
// frame (event → frame), and until the influencer's refetch of the campaign, which that frame causes, has answered
// (event → screen data). The real server on PGlite over HTTP and a WebSocket, one at a time; numbers, not assertions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { users } from '../apps/server/src/db/schema.ts';
import { seedReference } from '../apps/server/src/db/seed.ts';

const N = Number(process.env.NOTIFY_BENCH_EVENTS ?? 100);
const dataDir = mkdtempSync(join(tmpdir(), 'notify-bench-'));
const port = 3400 + Math.floor(Math.random() * 500);
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(port),
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
});
const database = await openDatabase(config);
await seedReference(database.db);
const app = await buildApp({ config, database, logger: false });
await app.listen({ port, host: '127.0.0.1' });
const base = `http://127.0.0.1:${port}`;
const origin = config.publicUrl;

async function http(method: string, path: string, cookie?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      origin,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return {
    json: (await res.json()) as Record<string, unknown>,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

const { items } = (await http('GET', '/api/categories')).json as { items: { id: string }[] };
const categoryIds = items.slice(0, 2).map((c) => c.id);
const register = async (role: 'client' | 'influencer') => {
  const r = await http('POST', '/api/auth/register', undefined, {
    role,
    email: `${role}.${Date.now()}@bench.test`,
    password: 'bench-pass-123',
    name: 'Bench',
    lastname: role,
    acceptTerms: true,
    ...(role === 'influencer' ? { categoryIds } : {}),
  });
  const me = await http('GET', '/api/me', r.cookie);
  const user = me.json.user as { profileId: string; email: string };
  return { cookie: r.cookie, profileId: user.profileId, email: user.email };
};
const brand = await register('client');
const creator = await register('influencer');
// Only a confirmed address is hired (decision 037): confirm the influencer's, as their verification link would.
await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, creator.email));

// The influencer's open app: one socket, as the browser's RealtimeProvider holds it.
const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { cookie: creator.cookie, origin } });
const waiting = new Map<string, (at: number) => void>();
await new Promise<void>((resolve, reject) => {
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { type: string; campaignId?: string };
    if (frame.type === 'ready') resolve();
    if (frame.type === 'campaign.changed' && frame.campaignId) waiting.get(frame.campaignId)?.(performance.now());
  });
  socket.on('error', reject);
});

const toFrame: number[] = [];
const toData: number[] = [];
for (let i = 0; i < N; i++) {
  const campaign = await http('POST', '/api/campaigns', brand.cookie, {
    socials: ['instagram'],
    title: `Bench ${i}`,
    description: 'A reel',
    budget: 100,
    deadline: null,
  });
  const id = campaign.json.id as string;
  const framed = new Promise<number>((resolve) => waiting.set(id, resolve));
  const t0 = performance.now();
  await http('POST', '/api/invitations', brand.cookie, {
    campaignId: id,
    influencerId: creator.profileId,
    message: null,
  });
  const at = await framed;
  toFrame.push(at - t0);
  await http('GET', `/api/campaigns/${id}`, creator.cookie);
  toData.push(performance.now() - t0);
  waiting.delete(id);
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const row = (what: string, xs: number[]) =>
  `${what.padEnd(28)} p50 ${pct(xs, 50).toFixed(1).padStart(7)} ms   p99 ${pct(xs, 99).toFixed(1).padStart(7)} ms`;
console.log(`${N} invitations on ${database.engine}, one at a time:`);
console.log(row('event → frame at the socket', toFrame));
console.log(row('event → screen data (refetch)', toData));

socket.close();
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

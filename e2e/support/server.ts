// The real server for the e2e suite: one process for the whole run, on a fresh data dir (PGlite, demo seed),
// with short splash timings and relaxed rate limits. Output goes to .tmp/e2e-server.log.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_LOG = path.join(root, '.tmp', 'e2e-server.log');
const PREFERRED_PORT = 3210;
const HEALTH_TIMEOUT_MS = 90_000;
/** The server under test signs its session and e-mail links with this (specs forge an expired link with it). */
export const AUTH_SECRET = 'e2e-secret-not-for-production-0123456789';

let server: { child: ChildProcess; dataDir: string; exited: Promise<void> } | undefined;

function freePort(preferred: number): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => {
      const any = net.createServer();
      any.listen(0, '127.0.0.1', () => {
        const { port } = any.address() as net.AddressInfo;
        any.close(() => resolve(port));
      });
    });
    probe.listen(preferred, '127.0.0.1', () => probe.close(() => resolve(preferred)));
  });
}

function logTail(lines = 60): string {
  try {
    return readFileSync(SERVER_LOG, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no output)';
  }
}

/** Starts `node --import tsx apps/server/src/main.ts` and resolves with its base URL once /api/health is 200. */
export async function startServer(): Promise<string> {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: build the web app first (npm run build), or run `npm run test:e2e`');
  }
  const port = Number(process.env.E2E_PORT) || (await freePort(PREFERRED_PORT));
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  mkdirSync(path.dirname(SERVER_LOG), { recursive: true });
  const log = createWriteStream(SERVER_LOG);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    SPLASH_MS: '200',
    SPLASH_FADE_MS: '100',
    RATE_LIMIT_MULTIPLIER: '20',
    // Journeys are not load tests: two browsers and the server share 2 cores (with other work on a busy machine a
    // 10 s lag was seen to shed a journey's request). Load shedding has its own test (hot-paths.test.ts).
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    AUTH_SECRET,
    LOG_LEVEL: 'warn',
    // The bank emulator main.ts starts beside the server: any free port (PORT + 1 may be taken).
    BOG_EMULATOR_PORT: '0',
    SOCIAL_EMULATOR_PORT: '0',
  };
  delete env.DATABASE_URL; // always the embedded database in DATA_DIR

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  server = { child, dataDir, exited };
  // Backstop: never leave the server behind, even if teardown does not run.
  process.once('exit', () => child.kill('SIGKILL'));

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const how = child.exitCode ?? child.signalCode;
      await stopServer({ quiet: true });
      throw new Error(`The e2e server exited (${how}) before /api/health answered. Its output:\n${logTail()}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return baseURL;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = String((err as Error).cause ?? err);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stopServer({ quiet: true });
  throw new Error(
    `The e2e server did not answer GET ${baseURL}/api/health with 200 within ${HEALTH_TIMEOUT_MS / 1000}s (last: ${last}). Its output:\n${logTail()}`,
  );
}

/** SIGTERM, wait for the exit (SIGKILL after 10 s), then delete the data dir. */
export async function stopServer({ quiet = false } = {}): Promise<void> {
  if (!server) return;
  const { child, dataDir, exited } = server;
  server = undefined;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  if (!quiet && child.exitCode !== null && child.exitCode !== 0) {
    console.error(`e2e server exited with code ${child.exitCode}; last output:\n${logTail(20)}`);
  }
  rmSync(dataDir, { recursive: true, force: true });
}

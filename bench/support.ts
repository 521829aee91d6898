// Small helpers the benchmark scripts share: arguments, ports, percentiles, memory, and a server to measure.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** `--name value` from the command line as a number, or the fallback. */
export function numberArg(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The p-th percentile of `xs` (nearest rank). */
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/**
 * CPU time (user + system) a process has used, in ms (Linux: /proc/<pid>/stat, clock ticks of 10 ms); with
 * `reaped`, also that of its children that have ended (a PostgreSQL backend that exits hands its time to the
 * postmaster).
 */
export function cpuMs(pid: number, reaped = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(f[11]) + Number(f[12]);
    return (reaped ? own + Number(f[13]) + Number(f[14]) : own) * 10;
  } catch {
    return 0; // gone
  }
}

/** A process and its direct children (PostgreSQL's postmaster and its backends), their CPU time summed, in ms. */
export function treeCpuMs(pid: number): number {
  let total = cpuMs(pid, true);
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) total += cpuMs(Number(d));
    } catch {}
  }
  return total;
}

/** A process's resident memory in MB (Linux). */
export const rssMb = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;

/**
 * The real server (`apps/server/src/main.ts`) as its own process on a free loopback port, started with `env` over
 * the bench defaults; resolves once `/api/health` answers. `checkout`: another working tree's server (an older
 * commit's, with its own node_modules), for a comparison load by load.
 */
export async function startServer(
  env: Record<string, string>,
  { inspect = false, checkout = root }: { inspect?: boolean; checkout?: string } = {},
): Promise<{ base: string; child: ChildProcess; inspectPort?: number }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // With the inspector on a loopback port the bench can ask the server for a full garbage collection and its heap.
  const inspectPort = inspect ? await freePort() : undefined;
  const flags = inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : [];
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  if (process.env.BENCH_CPU_PROF) flags.push('--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`);
  // BENCH_NODE_FLAGS="--trace-gc --max-semi-space-size=32": more flags for each server's Node (an experiment's knob).
  flags.push(...(process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []));
  // BENCH_SERVER_LOG=<file>: the servers' log lines (LOG_LEVEL warn: what went wrong under load) appended there.
  const logTo = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore';
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: checkout,
    stdio: ['ignore', logTo, 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      BOG_EMULATOR_PORT: '0',
      SOCIAL_EMULATOR_PORT: '0',
      ...env,
    },
  });
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 300) throw new Error('the server did not start');
    await sleep(200);
  }
  return { base, child, inspectPort };
}

/**
 * A full garbage collection in the server (through its inspector, `startServer(…, { inspect: true })`), then its
 * JavaScript heap in use and its resident memory: what is still referenced, without the garbage of the moment.
 */
export async function memoryAfterGc(inspectPort: number, pid: number): Promise<{ heapMb: number; rssMb: number }> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const ws = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let id = 0;
  const send = (method: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const mine = ++id;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as { id?: number; result?: Record<string, unknown> };
        if (message.id !== mine) return;
        ws.off('message', onMessage);
        resolve(message.result ?? {});
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id: mine, method }));
    });
  try {
    await send('HeapProfiler.collectGarbage');
    await send('HeapProfiler.collectGarbage');
    const usage = (await send('Runtime.getHeapUsage')) as { usedSize: number };
    return { heapMb: usage.usedSize / 1024 / 1024, rssMb: rssMb(pid) };
  } finally {
    ws.close();
  }
}

/** The web app (and its server renderer) built into a temporary folder, for a server that serves real pages. */
export function buildWebApp(): string {
  const dist = mkdtempSync(join(tmpdir(), 'bench-web-dist-'));
  execFileSync(
    process.execPath,
    [
      'node_modules/vite/bin/vite.js',
      'build',
      '--config',
      'apps/web/vite.config.ts',
      '--outDir',
      dist,
      '--emptyOutDir',
    ],
    { cwd: root, stdio: 'ignore' },
  );
  return dist;
}

// Chromium driven over a bare DevTools-protocol connection, for benchmarks that must see a page as a phone runs it.
//
// Why not Playwright: Playwright enables the Runtime domain (and Network, Log, an isolated world) on every page it
// drives, and with Runtime enabled V8's inspector captures a detailed stack trace for every Error the page constructs.
// React DOM constructs five at module load (its Suspense and hydration sentinels): each capture makes V8 re-parse the
// functions on the stack for their source positions (`V8.CollectSourcePositions`: the boot chunk's top level and React
// DOM's module function, ~135 ms at 4× CPU in a trace of /home). A phone without DevTools attached never pays that.
// Here only Target, Page (for the init script), Emulation and Storage are used, and the page is read with
// Runtime.evaluate, which needs no `Runtime.enable`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';
import { sleep } from './support.ts';

type Message = { id?: number; result?: unknown; error?: { message: string }; method?: string; sessionId?: string };

export type BareChromium = Awaited<ReturnType<typeof launchBareChromium>>;
export type BarePage = Awaited<ReturnType<BareChromium['newPage']>>;

export async function launchBareChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'bench-chromium-'));
  const chrome = spawn(
    findChromium() ?? '/usr/bin/chromium',
    [
      ...CHROMIUM_ARGS,
      '--headless',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      // As Playwright launches it: a page in a background context is not slowed down.
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const portFile = join(profile, 'DevToolsActivePort');
  for (let i = 0; !existsSync(portFile) || readFileSync(portFile, 'utf8').split('\n').length < 2; i++) {
    if (i > 200) throw new Error('Chromium did not open its DevTools port in 10 s');
    await sleep(50);
  }
  const [port, path] = readFileSync(portFile, 'utf8').split('\n');
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));

  let lastId = 0;
  const pending = new Map<number, (m: Message) => void>();
  const listeners = new Map<string, ((params: unknown) => void)[]>();
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as Message & { params?: unknown };
    if (m.id !== undefined) pending.get(m.id)?.(m);
    pending.delete(m.id ?? -1);
    if (m.method) for (const l of listeners.get(m.method) ?? []) l(m.params);
  });
  const send = <T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result as T)));
      ws.send(JSON.stringify({ id, method, params, sessionId }));
    });

  return {
    /** The next event `method` from any session (Tracing.tracingComplete, …). */
    nextEvent: <T>(method: string) =>
      new Promise<T>((resolve) => {
        const once = (params: unknown) => {
          listeners.set(
            method,
            (listeners.get(method) ?? []).filter((l) => l !== once),
          );
          resolve(params as T);
        };
        listeners.set(method, [...(listeners.get(method) ?? []), once]);
      }),
    /**
     * A page in a fresh browser context (its own cookie jar and cache) as a phone: 390×844, touch, the CPU slowed
     * `rate` times, `init` run before the page's own scripts, `cookies` in its jar.
     */
    async newPage(options: { rate: number; init: string; cookies?: { name: string; value: string; url: string }[] }) {
      const { browserContextId } = await send<{ browserContextId: string }>('Target.createBrowserContext');
      if (options.cookies?.length) {
        const cookies = options.cookies.map(({ name, value, url }) => {
          const u = new URL(url);
          return { name, value, domain: u.hostname, path: '/', httpOnly: true, sameSite: 'Lax' };
        });
        await send('Storage.setCookies', { cookies, browserContextId });
      }
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', {
        url: 'about:blank',
        browserContextId,
      });
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true });
      const on = <T = Record<string, unknown>>(method: string, params: object = {}) =>
        send<T>(method, params, sessionId);
      await on('Emulation.setDeviceMetricsOverride', { width: 390, height: 844, deviceScaleFactor: 1, mobile: true });
      await on('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
      await on('Emulation.setCPUThrottlingRate', { rate: options.rate });
      // Page only for the init script (Blink's page agent; it does not touch V8's inspector).
      await on('Page.enable');
      await on('Page.addScriptToEvaluateOnNewDocument', { source: options.init });
      return {
        send: on,
        goto: (url: string) => on('Page.navigate', { url }),
        /** An expression's value, computed in the page (no `Runtime.enable`). */
        async evaluate<T>(expression: string): Promise<T> {
          const { result, exceptionDetails } = await on<{
            result: { value: string };
            exceptionDetails?: { text: string };
          }>('Runtime.evaluate', { expression: `JSON.stringify(${expression})`, returnByValue: true });
          if (exceptionDetails) throw new Error(`evaluate: ${exceptionDetails.text}`);
          return JSON.parse(result.value ?? 'null') as T;
        },
        async close() {
          await send('Target.closeTarget', { targetId });
          await send('Target.disposeBrowserContext', { browserContextId });
        },
      };
    },
    async close() {
      // Browser.close shuts every process of it down (a signal to the launcher script may leave its children).
      const exited = new Promise((r) => chrome.once('exit', r));
      await send('Browser.close').catch(() => undefined);
      ws.close();
      const killer = setTimeout(() => chrome.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// Every LISTEN of an instance on one dedicated PostgreSQL connection, and what keeps it alive (issue 21 §1).
//
// One connection keeps notifications in commit order across channels: the read cache hears that `messages` changed
// before the realtime hub tells a browser about the new message, so the chat list the browser then fetches is fresh.
//
// A restart, a failover, an idle-connection killer or a proxy ends that connection. Nothing can recover what was
// notified meanwhile, so the listener tells every subscriber twice: `lost` (stop trusting what you have; caches turn
// off) and, once it is listening on every channel again, `restored` (catch up: sockets resync, caches clear and turn
// back on, the job runner looks for due work). It reconnects with backoff for as long as anyone listens. A connection
// that silently stops answering (a half-open TCP connection behind a proxy) is found by a heartbeat query and ended.
import pg from 'pg';

export type ListenEvents = {
  /** The connection ended: notifications may be missed until `restored`. */
  lost?: () => void;
  /** Listening on every channel again after a loss: what was notified meanwhile is gone, so catch up. */
  restored?: () => void;
};

/** Subscribes to a channel; resolves to an unsubscribe. */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  events?: ListenEvents,
) => Promise<() => Promise<void>>;

/** `idle`: nobody listens (no connection is wanted); `down`: wanted, lost, reconnecting. */
export type ListenerState = 'idle' | 'up' | 'down';

export type ListenerChange = { state: 'up' | 'down'; downForMs?: number; error?: string };

export type SharedListener = {
  listen: Listen;
  state: () => ListenerState;
  /** Hears each change of state once (the app logs them: one line when it goes, one when it returns). */
  onChange: (fn: (change: ListenerChange) => void) => () => void;
};

type Handler = { onNotify: (payload: string) => void; events?: ListenEvents };

export type ListenerOptions = {
  /** Errors of the connection itself (it ends right after; `lost` follows). */
  onError?: (err: Error) => void;
  /** Waits between reconnection attempts; the last repeats. */
  backoffMs?: readonly number[];
  /** How often the connection is asked a trivial query, and how long it may take, to find a silent drop. */
  heartbeatMs?: number;
  heartbeatTimeoutMs?: number;
  connectTimeoutMs?: number;
};

const DEFAULT_BACKOFF_MS = [250, 500, 1000, 2000, 5000] as const;
export const LISTENER_APPLICATION_NAME = 'influence-listen';

export function createSharedListener(url: string, opts: ListenerOptions = {}): SharedListener {
  const backoff = opts.backoffMs ?? DEFAULT_BACKOFF_MS;
  const heartbeatMs = opts.heartbeatMs ?? 15_000;
  const heartbeatTimeoutMs = opts.heartbeatTimeoutMs ?? 5_000;
  const handlers = new Map<string, Set<Handler>>();
  const watchers = new Set<(change: ListenerChange) => void>();
  /** The connection and the channels it LISTENs on. */
  let current: { client: pg.Client; channels: Set<string>; beat: NodeJS.Timeout } | null = null;
  let opening: Promise<void> | null = null;
  let state: ListenerState = 'idle';
  let downSince = 0;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;
  /** What ended the connection, for the one log line that says it went. */
  let lastError: string | undefined;

  const everyHandler = () => [...handlers.values()].flatMap((set) => [...set]);
  const tell = (change: ListenerChange) => {
    for (const w of watchers) w(change);
  };

  async function connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // Found in pg_stat_activity by operators (and by the tests that end it on purpose).
      application_name: LISTENER_APPLICATION_NAME,
    });
    client.on('error', (err) => {
      lastError = err.message;
      opts.onError?.(err);
    });
    client.on('notification', (n) => {
      for (const h of handlers.get(n.channel) ?? []) h.onNotify(n.payload ?? '');
    });
    const channels = new Set<string>();
    try {
      await client.connect();
      // Every channel wanted now, including those subscribed while this connection was being opened.
      for (const channel of [...handlers.keys()]) {
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
        channels.add(channel);
      }
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw err;
    }
    const beat = setInterval(() => heartbeat(client), heartbeatMs).unref();
    current = { client, channels, beat };
    client.on('end', () => {
      if (current?.client !== client) return; // ended on purpose
      clearInterval(beat);
      current = null;
      lose(lastError ?? 'the connection ended');
    });
  }

  /** A connection that does not answer within the timeout is as good as gone: end it, and the loss follows. */
  function heartbeat(client: pg.Client) {
    let answered = false;
    const timer = setTimeout(() => {
      if (!answered) destroy(client);
    }, heartbeatTimeoutMs).unref();
    client.query('select 1').then(
      () => {
        answered = true;
        clearTimeout(timer);
      },
      () => {
        answered = true;
        clearTimeout(timer);
        destroy(client);
      },
    );
  }

  function destroy(client: pg.Client) {
    // `end()` waits for the server's goodbye, which a dead connection never sends; the socket goes at once.
    lastError = 'the connection stopped answering';
    (client as unknown as { connection?: { stream?: { destroy: () => void } } }).connection?.stream?.destroy();
  }

  function lose(reason: string) {
    if (state !== 'down') {
      state = 'down';
      downSince = Date.now();
      lastError = undefined;
      tell({ state: 'down', error: reason });
      for (const h of everyHandler()) h.events?.lost?.();
    }
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (retry || handlers.size === 0) return;
    const delay = backoff[Math.min(attempt, backoff.length - 1)]!;
    attempt++;
    retry = setTimeout(() => {
      retry = undefined;
      if (handlers.size === 0) return;
      opening ??= connect().finally(() => {
        opening = null;
      });
      opening.then(
        () => {
          attempt = 0;
          state = 'up';
          tell({ state: 'up', downForMs: Date.now() - downSince });
          for (const h of everyHandler()) h.events?.restored?.();
        },
        () => scheduleReconnect(),
      );
    }, delay).unref();
  }

  async function stopConnection() {
    clearTimeout(retry);
    retry = undefined;
    attempt = 0;
    state = 'idle';
    const c = current;
    current = null;
    if (!c) return;
    clearInterval(c.beat);
    await c.client.end().catch(() => {});
  }

  const listen: Listen = async (channel, onNotify, events) => {
    const handler: Handler = { onNotify, events };
    let set = handlers.get(channel);
    if (!set) {
      set = new Set();
      handlers.set(channel, set);
    }
    set.add(handler);
    try {
      if (state === 'down') {
        // Reconnecting: this subscriber starts as the others are, lost, and hears `restored` with them.
        events?.lost?.();
      } else {
        if (!current) {
          opening ??= connect().finally(() => {
            opening = null;
          });
          await opening;
          state = 'up';
        }
        if (current && !current.channels.has(channel)) {
          current.channels.add(channel);
          await current.client.query(`listen ${pg.escapeIdentifier(channel)}`);
        }
      }
    } catch (err) {
      set.delete(handler);
      if (!set.size) handlers.delete(channel);
      if (!handlers.size) await stopConnection();
      throw err;
    }
    return async () => {
      const mine = handlers.get(channel);
      if (!mine?.delete(handler) || mine.size > 0) return;
      handlers.delete(channel);
      if (handlers.size === 0) return stopConnection();
      if (current?.channels.delete(channel)) {
        await current.client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => {});
      }
    };
  };

  return {
    listen,
    state: () => state,
    onChange(fn) {
      watchers.add(fn);
      return () => void watchers.delete(fn);
    },
  };
}

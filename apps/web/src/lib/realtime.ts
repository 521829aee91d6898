// The browser's end of `/api/realtime` (issue 12 §1): one socket per tab, frames checked with the shared schema,
// reconnect after 1, 2, 5, then every 10 s (spec §9), and a 'reconnected' event so screens fetch what they missed.
import { REALTIME_PATH, RECONNECT_BACKOFF_MS } from '@app/shared/chat/chat.constants';
import type { ClientFrame, ServerFrame } from '@app/shared/chat/realtime.schemas';

/**
 * The frames' schema, loaded when the socket first opens (after the page is live): zod and the message schemas stay
 * off the way to the first tap (issue 28 §2). The socket's frames are not an HTTP answer the server encodes through a
 * contract, so they are still checked here.
 */
let frameSchema: Promise<typeof import('@app/shared/chat/realtime.schemas')['serverFrame']> | undefined;
const loadFrameSchema = () =>
  (frameSchema ??= import('@app/shared/chat/realtime.schemas').then(
    (m) => m.serverFrame,
    (error: unknown) => {
      frameSchema = undefined; // the next attempt loads it again
      throw error;
    },
  ));

export type RealtimeStatus = 'connecting' | 'online' | 'offline';
export type RealtimeEvent = ServerFrame | { type: 'reconnected' } | { type: 'session-ended' };
type Listener = (event: RealtimeEvent) => void;

/** The server closes with 4401 when the session behind the socket has ended: sign in again, do not retry. */
const CLOSE_SESSION_ENDED = 4401;
/**
 * 4409: a newer socket of this person took this one's place (the server caps sockets per session and person).
 * Retrying at once would push out another tab, which would retry too: wait until this tab is looked at again.
 */
const CLOSE_REPLACED = 4409;

export function createRealtimeClient(url = defaultUrl()) {
  const listeners = new Set<Listener>();
  const statusListeners = new Set<() => void>();
  let ws: WebSocket | null = null;
  let status: RealtimeStatus = 'connecting';
  let attempt = 0;
  let everOpen = false;
  let stopped = false;
  /** stop() was called: the client is done for good, restart() included. */
  let disposed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let parked = false;
  let serverFrame: Awaited<ReturnType<typeof loadFrameSchema>> | undefined;

  const setStatus = (s: RealtimeStatus) => {
    if (s === status) return;
    status = s;
    for (const l of statusListeners) l();
  };
  const emit = (e: RealtimeEvent) => {
    for (const l of listeners) l(e);
  };

  function open() {
    if (stopped) return;
    if (!serverFrame) {
      // In a task of its own: the first open() runs in the commit that makes the page live, which it must not delay.
      setTimeout(() => {
        loadFrameSchema().then((schema) => {
          serverFrame = schema;
          open();
        }, retryLater);
      }, 0);
      return;
    }
    const schema = serverFrame;
    const socket = new WebSocket(url);
    ws = socket;
    socket.onmessage = (msg) => {
      let data: unknown;
      try {
        data = JSON.parse(String(msg.data));
      } catch {
        return;
      }
      const frame = schema.safeParse(data);
      if (!frame.success) return;
      if (frame.data.type === 'ready') {
        const wasOpen = everOpen;
        everOpen = true;
        attempt = 0;
        setStatus('online');
        if (wasOpen) emit({ type: 'reconnected' });
        return;
      }
      // The server may have missed events for us (its database connection dropped and is back): as a reconnect.
      if (frame.data.type === 'resync') {
        emit({ type: 'reconnected' });
        return;
      }
      emit(frame.data);
    };
    socket.onclose = (e) => {
      if (ws !== socket) return;
      ws = null;
      if (stopped) return;
      if (e.code === CLOSE_SESSION_ENDED) {
        stopped = true;
        setStatus('offline');
        emit({ type: 'session-ended' });
        return;
      }
      if (e.code === CLOSE_REPLACED) {
        parked = true;
        setStatus('offline');
        return;
      }
      retryLater();
    };
  }

  /** After a socket closed (or its schema could not be loaded): 1, 2, 5, then every 10 s. */
  function retryLater() {
    // The first attempt failing is 'connecting' still (a cold start); after that, say we are reconnecting.
    if (everOpen) setStatus('offline');
    const delay = RECONNECT_BACKOFF_MS[Math.min(attempt, RECONNECT_BACKOFF_MS.length - 1)];
    attempt++;
    retry = setTimeout(open, delay);
  }

  // A phone waking up or a laptop back on the network: try at once rather than wait out the backoff.
  const wake = () => {
    if (stopped || ws) return;
    if (parked) {
      if (document.visibilityState !== 'visible') return;
      parked = false;
      open();
      return;
    }
    if (!retry) return;
    clearTimeout(retry);
    retry = undefined;
    open();
  };

  return {
    start() {
      open();
      window.addEventListener('online', wake);
      document.addEventListener('visibilitychange', wake);
    },
    /**
     * Opens again after the server ended the session (4401) — for a session that was renewed rather than ended (a
     * password change gives this tab a new one): the caller knows which.
     */
    restart() {
      if (disposed || !stopped || ws) return;
      stopped = false;
      attempt = 0;
      open();
    },
    stop() {
      disposed = true;
      stopped = true;
      clearTimeout(retry);
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', wake);
      ws?.close();
      ws = null;
    },
    send(frame: ClientFrame) {
      if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
    },
    subscribe(l: Listener) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    onStatus(l: () => void) {
      statusListeners.add(l);
      return () => void statusListeners.delete(l);
    },
    get status() {
      return status;
    },
  };
}
export type RealtimeClient = ReturnType<typeof createRealtimeClient>;

function defaultUrl() {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${REALTIME_PATH}`;
}

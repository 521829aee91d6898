// The realtime hub (issue 12 §1): which sockets on this instance belong to which user, and fan-out between
// instances. Every event goes through the database's NOTIFY, also on a single instance, so one path is tested:
// PostgreSQL delivers it to every instance that LISTENs (each then writes to its own sockets); PGlite delivers it
// in-process. Messages are stored before they are published; a lost notification costs liveness, never a message
// (a client fetches what it missed when it reconnects or refocuses).
import type { ServerFrame } from '@app/shared/chat/realtime.schemas';
import { sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/client.ts';

export const REALTIME_CHANNEL = 'realtime';
/** An audience of every admin's sockets (the support inbox), beside user ids. */
export const ADMINS = '@admins';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; a larger event becomes a `chat.stale`. */
const MAX_PAYLOAD_BYTES = 7800;

/** What the hub needs of a socket (the `ws` WebSocket has it). */
export type HubSocket = { send(data: string): void; close(code?: number, reason?: string): void };

/**
 * Sockets one session, and one person across their sessions, may hold open on an instance. Each is a file descriptor
 * and a heartbeat; a script opening thousands would exhaust the server. Past a cap the oldest is closed with
 * CLOSE_REPLACED, which the browser does not retry until its tab is looked at again (apps/web/src/lib/realtime.ts).
 */
export const SOCKETS_PER_SESSION = 10;
export const SOCKETS_PER_PERSON = 20;
/** "A newer connection of yours took this one's place": the browser waits for its tab to be visible to reconnect. */
export const CLOSE_REPLACED = 4409;

type Envelope = {
  /** User ids the frame is for. */
  to: string[];
  frame: ServerFrame;
  /** Who caused the event: frames that carry `mine` get it per recipient. */
  actorId?: string;
};

export function createRealtimeHub(deps: {
  db: Db;
  listen: Database['listen'];
  log: { warn: (obj: object, msg: string) => void };
  limits?: { perSession?: number; perPerson?: number };
}) {
  type Entry = { socket: HubSocket; userId: string; session: string; keys: string[] };
  /** User id (or ADMINS) → the sockets open on this instance, oldest first (a Set keeps insertion order). */
  const byKey = new Map<string, Set<Entry>>();
  const perSession = deps.limits?.perSession ?? SOCKETS_PER_SESSION;
  const perPerson = deps.limits?.perPerson ?? SOCKETS_PER_PERSON;
  let unlisten: (() => Promise<void>) | null = null;

  function remove(entry: Entry) {
    for (const k of entry.keys) {
      const set = byKey.get(k);
      set?.delete(entry);
      if (set && !set.size) byKey.delete(k);
    }
  }

  function deliver(env: Envelope) {
    const reached = new Set<Entry>();
    for (const key of env.to) for (const e of byKey.get(key) ?? []) reached.add(e);
    for (const e of reached) e.socket.send(JSON.stringify(personalise(env.frame, env.actorId === e.userId)));
  }

  function onNotify(payload: string) {
    try {
      deliver(JSON.parse(payload) as Envelope);
    } catch (err) {
      deps.log.warn({ err }, 'realtime: a notification could not be delivered');
    }
  }

  /**
   * The listener is back after a loss (db/listener.ts): events published meanwhile reached nobody, so every socket on
   * this instance is told to fetch what it shows again, as after its own reconnect.
   */
  function resync() {
    const resyncFrame = JSON.stringify({ type: 'resync' } satisfies ServerFrame);
    const all = new Set<Entry>();
    for (const set of byKey.values()) for (const e of set) all.add(e);
    for (const e of all) e.socket.send(resyncFrame);
  }

  return {
    async start() {
      if (deps.listen) unlisten = await deps.listen(REALTIME_CHANNEL, onNotify, { restored: resync });
    },
    async stop() {
      const off = unlisten;
      unlisten = null;
      // The database may be gone already (closed first, or down): there is nothing left to unlisten from.
      await off?.().catch(() => {});
    },

    /**
     * Publishes to every instance. Never throws outside a transaction: the event's data is already stored, so a failed
     * notification is logged and the clients catch up on their next fetch. Inside one (`via`), a failure aborts it.
     */
    async publish(to: string[], frame: ServerFrame, actorId?: string, via?: Tx) {
      let payload = JSON.stringify({ to, frame, actorId } satisfies Envelope);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES && 'chatId' in frame) {
        payload = JSON.stringify({ to, frame: { type: 'chat.stale', chatId: frame.chatId } } satisfies Envelope);
      }
      try {
        // Inside a transaction the notification leaves at commit, and not at all on a rollback.
        if (deps.listen) await (via ?? deps.db).execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
        else onNotify(payload);
      } catch (err) {
        if (via) throw err;
        deps.log.warn({ err, type: frame.type }, 'realtime: publishing failed; clients will catch up on fetch');
      }
    },

    /**
     * Registers a signed-in user's socket (an admin's also hears ADMINS); returns the detach to call on close.
     * `session` tells the person's sessions apart (a hash of its cookie): past either cap the oldest socket goes.
     */
    attach(userId: string, socket: HubSocket, o: { admin?: boolean; session: string }) {
      const mine = [...(byKey.get(userId) ?? [])];
      const sameSession = mine.filter((e) => e.session === o.session);
      const surplus = new Set([
        ...sameSession.slice(0, Math.max(0, sameSession.length - perSession + 1)),
        ...mine.slice(0, Math.max(0, mine.length - perPerson + 1)),
      ]);
      for (const old of surplus) {
        remove(old); // at once: its close handshake may take a while, and it must not count again meanwhile
        old.socket.close(CLOSE_REPLACED, 'Replaced by a newer connection');
      }
      const entry: Entry = { socket, userId, session: o.session, keys: o.admin ? [userId, ADMINS] : [userId] };
      for (const k of entry.keys) {
        const set = byKey.get(k) ?? new Set<Entry>();
        byKey.set(k, set);
        set.add(entry);
      }
      return () => remove(entry);
    },

    /** Sockets open on this instance. */
    get connections() {
      let n = 0;
      for (const [k, s] of byKey) if (k !== ADMINS) n += s.size;
      return n;
    },
  };
}
export type RealtimeHub = ReturnType<typeof createRealtimeHub>;

/** `mine` is the recipient's point of view: the same event reads "you sent" to one party and "they sent" to the other. */
function personalise(frame: ServerFrame, byRecipient: boolean): ServerFrame {
  if (frame.type === 'message.created') return { ...frame, message: { ...frame.message, mine: byRecipient } };
  if (frame.type === 'messages.read') return { ...frame, mine: byRecipient };
  return frame;
}

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
export type HubSocket = { send(data: string): void };

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
}) {
  type Entry = { socket: HubSocket; userId: string };
  /** User id (or ADMINS) → the sockets open on this instance. */
  const byKey = new Map<string, Set<Entry>>();
  let unlisten: (() => Promise<void>) | null = null;

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

  return {
    async start() {
      if (deps.listen) unlisten = await deps.listen(REALTIME_CHANNEL, onNotify);
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

    /** Registers a signed-in user's socket (an admin's also hears ADMINS); returns the detach to call on close. */
    attach(userId: string, socket: HubSocket, o: { admin?: boolean } = {}) {
      const entry: Entry = { socket, userId };
      const keys = o.admin ? [userId, ADMINS] : [userId];
      for (const k of keys) {
        const set = byKey.get(k) ?? new Set<Entry>();
        byKey.set(k, set);
        set.add(entry);
      }
      return () => {
        for (const k of keys) {
          const set = byKey.get(k);
          set?.delete(entry);
          if (set && !set.size) byKey.delete(k);
        }
      };
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

// The realtime hub (issue 12 §1): which sockets on this instance belong to which user, and fan-out between
// instances. Every event goes through the database's NOTIFY, also on a single instance, so one path is tested:
// PostgreSQL delivers it to every instance that LISTENs (each then writes to its own sockets); PGlite delivers it
// in-process. Messages are stored before they are published; a lost notification costs liveness, never a message
// (a client fetches what it missed when it reconnects or refocuses).
import { randomUUID } from 'node:crypto';
import type { ServerFrame } from '@app/shared/chat/realtime.schemas';
import { sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../db/client.ts';
import { createStatementBatcher } from '../lib/statement-batcher.ts';

export const REALTIME_CHANNEL = 'realtime';
/** An audience of every admin's sockets (the support inbox), beside user ids. */
export const ADMINS = '@admins';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; a larger event becomes a `chat.stale`. */
export const MAX_PAYLOAD_BYTES = 7800;

/** What the hub needs of a socket (the `ws` WebSocket has it). */
export type HubSocket = {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  /** Bytes written and not yet taken by the network: a socket that does not read grows it. */
  readonly bufferedAmount?: number;
  /** Drops the connection at once (no closing handshake, which would queue behind the backlog). */
  terminate?(): void;
};

/**
 * Backpressure (issue 28 §1): a socket with more than this still waiting to go out is too slow to keep up, and is
 * dropped rather than buffered without bound; the browser reconnects and fetches what it missed.
 */
export const MAX_BUFFERED_BYTES = 1 << 20;

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
  /** An `expectEcho` token: the instance that published waits for its own event to come back (the chat's send). */
  echo?: string;
};

/** How long an `expectEcho` waits for its event to come back before answering without it. */
const ECHO_WAIT_MS = 2000;

export function createRealtimeHub(deps: {
  db: Db;
  listen: Database['listen'];
  log: { warn: (obj: object, msg: string) => void };
  limits?: { perSession?: number; perPerson?: number };
  maxBufferedBytes?: number;
}) {
  type Entry = { socket: HubSocket; userId: string; session: string; keys: string[] };
  /** User id (or ADMINS) → the sockets open on this instance, oldest first (a Set keeps insertion order). */
  const byKey = new Map<string, Set<Entry>>();
  const perSession = deps.limits?.perSession ?? SOCKETS_PER_SESSION;
  const perPerson = deps.limits?.perPerson ?? SOCKETS_PER_PERSON;
  const maxBuffered = deps.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  let unlisten: (() => Promise<void>) | null = null;
  /** `expectEcho` tokens waiting for their event to come back through the listener. */
  const echoes = new Map<string, () => void>();
  let echoSeq = 0;
  /** Tells this instance's echoes from other instances' (process ids repeat across machines). */
  const instance = randomUUID().slice(0, 8);
  const restoredWatchers = new Set<() => void>();

  function remove(entry: Entry) {
    for (const k of entry.keys) {
      const set = byKey.get(k);
      set?.delete(entry);
      if (set && !set.size) byKey.delete(k);
    }
  }

  /** Writes to a socket that keeps up; one that has fallen more than `maxBuffered` behind is dropped. */
  function write(e: Entry, data: string) {
    if ((e.socket.bufferedAmount ?? 0) > maxBuffered) {
      remove(e);
      if (e.socket.terminate) e.socket.terminate();
      else e.socket.close(1013, 'Too slow to keep up');
      return;
    }
    e.socket.send(data);
  }

  /**
   * One parse per event per instance (onNotify), and one serialization per event: the frame is written as JSON once
   * for its author's sockets and once for everyone else's (`mine` is all that differs), not once per recipient.
   */
  function deliver(env: Envelope) {
    const reached = new Set<Entry>();
    for (const key of env.to) for (const e of byKey.get(key) ?? []) reached.add(e);
    let forAuthor: string | undefined;
    let forOthers: string | undefined;
    for (const e of reached) {
      if (env.actorId === e.userId) {
        forAuthor ??= JSON.stringify(personalise(env.frame, true));
        write(e, forAuthor);
      } else {
        forOthers ??= JSON.stringify(personalise(env.frame, false));
        write(e, forOthers);
      }
    }
  }

  function onNotify(payload: string) {
    try {
      const env = JSON.parse(payload) as Envelope;
      deliver(env);
      if (env.echo) echoes.get(env.echo)?.();
    } catch (err) {
      deps.log.warn({ err }, 'realtime: a notification could not be delivered');
    }
  }

  /**
   * Events published outside a transaction go out together: the ones published while a NOTIFY statement is in
   * flight leave in the next one, in their order (one statement in flight keeps the order across batches).
   */
  const notifyBatch = createStatementBatcher<string, void>({
    run: async (payloads) => {
      await deps.db.execute(
        // The function yields the array's elements in order, and each row's NOTIFY is queued as it is produced.
        sql`select pg_notify(${REALTIME_CHANNEL}, p) from json_array_elements_text(${JSON.stringify(payloads)}::json) as p`,
      );
      return payloads.map(() => undefined);
    },
    maxInFlight: 1,
    maxBatch: 200,
  });

  /**
   * A token for an event this instance is about to publish (or to NOTIFY in its own SQL, as the chat's send does):
   * `back` is true once the event has come back through this instance's listener, false after ECHO_WAIT_MS.
   */
  function expectEcho(): { token: string; back: Promise<boolean>; cancel: () => void } {
    const token = `${instance}:${++echoSeq}`;
    let timer: NodeJS.Timeout | undefined;
    const cancel = () => {
      clearTimeout(timer);
      echoes.delete(token);
    };
    const back = new Promise<boolean>((resolve) => {
      echoes.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), ECHO_WAIT_MS);
    }).finally(cancel);
    return { token, back, cancel };
  }

  async function send(env: Envelope, frame: ServerFrame, via?: Tx) {
    let payload = JSON.stringify(env);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES && 'chatId' in frame) {
      payload = JSON.stringify({ ...env, frame: { type: 'chat.stale', chatId: frame.chatId } } satisfies Envelope);
    }
    if (!deps.listen) return onNotify(payload);
    // Inside a transaction the notification leaves at commit, and not at all on a rollback.
    if (via) await via.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
    else await notifyBatch(payload);
  }

  /**
   * The listener is back after a loss (db/listener.ts): events published meanwhile reached nobody, so every socket on
   * this instance is told to fetch what it shows again, as after its own reconnect.
   */
  function resync() {
    const resyncFrame = JSON.stringify({ type: 'resync' } satisfies ServerFrame);
    const all = new Set<Entry>();
    for (const set of byKey.values()) for (const e of set) all.add(e);
    for (const e of all) write(e, resyncFrame);
    for (const w of restoredWatchers) w();
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
      try {
        await send({ to, frame, actorId }, frame, via);
      } catch (err) {
        if (via) throw err;
        deps.log.warn({ err, type: frame.type }, 'realtime: publishing failed; clients will catch up on fetch');
      }
    },

    expectEcho,

    /** Called after the listener came back from a loss (the sockets were sent `resync`). */
    onRestored(fn: () => void): () => void {
      restoredWatchers.add(fn);
      return () => restoredWatchers.delete(fn);
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

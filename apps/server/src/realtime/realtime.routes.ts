// `/api/realtime` (issue 12 §1): one WebSocket per signed-in tab. The upgrade needs the session cookie and our own
// Origin; frames are the shared zod unions; a socket that floods is closed. One heartbeat per instance pings every
// socket and drops those that did not answer the last ping. Whether the session still stands is asked when the
// session cache hears that the person changed (sign-out, deactivation: the triggers' NOTIFY, issue 28 §1), after
// the listener comes back from a loss, and at most every SESSION_RECHECK_MS otherwise (a session that simply
// expires), instead of one lookup per socket per beat.
import { createHash } from 'node:crypto';
import { clientFrame, REALTIME_PATH, type ServerFrame } from '@app/shared/chat/realtime.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AuthService } from '../features/auth/auth.service.ts';
import type { MessagesService } from '../features/chat/messages.service.ts';
import { AppError } from '../lib/app-error.ts';
import type { BatchedLimiter } from '../lib/batched-rate-limit.ts';
import { cookieValue } from '../lib/cookies.ts';
import { ownOrigin } from '../lib/csrf.ts';
import { actorOf, fetchHeaders, type Guards } from '../lib/guards.ts';
import type { RealtimeHub } from './hub.ts';

/** A socket may send this many frames in a burst, refilled at FRAMES_PER_SECOND; beyond it, it is closed. */
const FRAME_BURST = 20;
const FRAMES_PER_SECOND = 5;
/** A socket's session is asked again at least this often even when nothing said it changed (expiry). */
export const SESSION_RECHECK_MS = 10 * 60_000;

/** Close codes the browser acts on: 4401 = sign in again (no reconnect); 1008 = policy (flood). */
export const CLOSE_SESSION_ENDED = 4401;

export function realtimeRoutes(deps: {
  hub: RealtimeHub;
  messages: MessagesService;
  auth: AuthService;
  guards: Guards;
  publicUrl: string;
  heartbeatMs: number;
  /** The session cookie's name: sockets are capped per session (hub.ts). */
  sessionCookieName: string;
  /** Messages sent on a socket count against the same per-person limit as those posted (messages.routes.ts). */
  limiter: BatchedLimiter;
  messagesPerMinute: number;
}) {
  const { hub, messages, auth, guards } = deps;
  const fromUs = ownOrigin(deps.publicUrl);
  return async (app: FastifyInstance) => {
    type Live = { socket: WebSocket; userId: string; alive: boolean; checkedAt: number; recheck: () => void };
    /** Every socket open on this instance, for the one heartbeat. */
    const live = new Set<Live>();
    // Shutting down: the sockets and their heartbeats go before the database does.
    const open = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of open) end();
    });
    // Without the session cache (SESSION_CACHE_MS=0) nothing tells us of a change: every beat asks, as before.
    const pushed = app.sessionCache !== null;
    const beat = setInterval(() => {
      const now = Date.now();
      for (const l of live) {
        if (!l.alive) {
          l.socket.terminate();
          continue;
        }
        l.alive = false;
        l.socket.ping();
        if (!pushed || now - l.checkedAt >= SESSION_RECHECK_MS) l.recheck();
      }
    }, deps.heartbeatMs);
    beat.unref();
    const offForget = app.sessionCache?.onForget((userId) => {
      for (const l of live) if (l.userId === userId) l.recheck();
    });
    const offRestored = hub.onRestored(() => {
      for (const l of live) l.recheck();
    });
    app.addHook('onClose', async () => {
      clearInterval(beat);
      offForget?.();
      offRestored();
    });
    app.get(
      REALTIME_PATH,
      {
        websocket: true,
        // Before the upgrade: a refusal here is a plain HTTP answer and no socket is opened.
        preValidation: [
          async (req: FastifyRequest) => {
            if (!fromUs(req)) {
              throw new AppError('CSRF_REJECTED', 'This connection did not come from the app.', 403);
            }
          },
          guards.requireAuth,
        ],
        schema: {
          tags: ['chat'],
          summary: 'The realtime WebSocket (frames: packages/shared/src/chat/realtime.schemas.ts)',
        },
      },
      (socket, req) => {
        const actor = actorOf(req);
        const headers = fetchHeaders(req);
        const send = (frame: ServerFrame) => socket.send(JSON.stringify(frame));
        const session = createHash('sha256')
          .update(cookieValue(req.headers.cookie, deps.sessionCookieName) ?? '')
          .digest('base64url');
        const detach = hub.attach(actor.userId, socket, { admin: actor.role === 'admin', session });
        send({ type: 'ready' });

        const l: Live = {
          socket,
          userId: actor.userId,
          alive: true,
          checkedAt: Date.now(),
          recheck: async () => {
            l.checkedAt = Date.now();
            const now = await auth.resolveActor(headers).catch(() => null);
            if (now && now.actor?.userId !== actor.userId) socket.close(CLOSE_SESSION_ENDED, 'Session ended');
          },
        };
        live.add(l);
        socket.on('pong', () => {
          l.alive = true;
        });

        let tokens = FRAME_BURST;
        let refilledAt = Date.now();
        socket.on('message', async (raw, isBinary) => {
          let parsed: unknown;
          try {
            parsed = isBinary ? undefined : JSON.parse(raw.toString());
          } catch {
            parsed = undefined;
          }
          // Messages have their own per-person limit (below, as when posted); every other frame spends a token.
          if ((parsed as { type?: unknown } | undefined)?.type !== 'message.send') {
            const t = Date.now();
            tokens = Math.min(FRAME_BURST, tokens + ((t - refilledAt) / 1000) * FRAMES_PER_SECOND);
            refilledAt = t;
            if (--tokens < 0) {
              send({ type: 'error', message: 'Too many messages on this connection.' });
              socket.close(1008, 'Too many frames');
              return;
            }
          }
          const frame = clientFrame.safeParse(parsed);
          if (!frame.success) {
            const m = parsed as { type?: unknown; clientId?: unknown } | undefined;
            // A message the shared rules refuse (blank, too long) is answered with the rule's words and its id.
            if (m?.type === 'message.send' && typeof m.clientId === 'string') {
              const why = frame.error.issues[0]?.message ?? 'This message cannot be sent.';
              return send({ type: 'error', message: why, clientId: m.clientId });
            }
            return send({ type: 'error', message: 'Unknown frame.' });
          }
          if (frame.data.type === 'ping') return send({ type: 'pong' });
          if (frame.data.type === 'message.send') {
            const { chatId, clientId, content } = frame.data;
            try {
              const hit = deps.limiter.take(`messages:user:${actor.userId}`, {
                max: deps.messagesPerMinute,
                windowMs: 60_000,
              });
              if (!hit.ok) {
                const wait = Math.max(1, Math.ceil(hit.ttl / 1000));
                throw new AppError(
                  'RATE_LIMITED',
                  `Too many attempts. Please wait ${wait} seconds and try again.`,
                  429,
                );
              }
              // The socket's own person: signed in at the upgrade, dropped when the session cache hears it ended.
              await messages.send(actor, chatId, { clientId, content });
            } catch (err) {
              const message = err instanceof AppError ? err.message : 'Something went wrong.';
              send({ type: 'error', message, clientId });
            }
            return;
          }
          try {
            const to = await messages.typingTargets(actor, frame.data.chatId);
            if (to.length) await hub.publish(to, { type: 'typing', chatId: frame.data.chatId });
          } catch (err) {
            send({ type: 'error', message: err instanceof AppError ? err.message : 'Something went wrong.' });
          }
        });

        const end = () => {
          live.delete(l);
          detach();
          open.delete(end);
          socket.terminate();
        };
        open.add(end);
        socket.on('close', () => {
          live.delete(l);
          detach();
          open.delete(end);
        });
      },
    );
  };
}

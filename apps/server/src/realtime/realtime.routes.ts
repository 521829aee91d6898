// `/api/realtime` (issue 12 §1): one WebSocket per signed-in tab. The upgrade needs the session cookie and our own
// Origin; frames are the shared zod unions; a socket that floods is closed; every heartbeat pings the browser and
// asks again whether the session stands, so a signed-out or deactivated user is disconnected within one beat.
import { createHash } from 'node:crypto';
import { clientFrame, REALTIME_PATH, type ServerFrame } from '@app/shared/chat/realtime.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '../features/auth/auth.service.ts';
import type { MessagesService } from '../features/chat/messages.service.ts';
import { AppError } from '../lib/app-error.ts';
import { cookieValue } from '../lib/cookies.ts';
import { ownOrigin } from '../lib/csrf.ts';
import { actorOf, fetchHeaders, type Guards } from '../lib/guards.ts';
import type { RealtimeHub } from './hub.ts';

/** A socket may send this many frames in a burst, refilled at FRAMES_PER_SECOND; beyond it, it is closed. */
const FRAME_BURST = 20;
const FRAMES_PER_SECOND = 5;

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
}) {
  const { hub, messages, auth, guards } = deps;
  const fromUs = ownOrigin(deps.publicUrl);
  return async (app: FastifyInstance) => {
    // Shutting down: the sockets and their heartbeats go before the database does.
    const open = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of open) end();
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

        let alive = true;
        socket.on('pong', () => {
          alive = true;
        });
        const beat = setInterval(async () => {
          if (!alive) return socket.terminate();
          alive = false;
          socket.ping();
          const now = await auth.resolveActor(headers).catch(() => null);
          if (now && now.actor?.userId !== actor.userId) socket.close(CLOSE_SESSION_ENDED, 'Session ended');
        }, deps.heartbeatMs);

        let tokens = FRAME_BURST;
        let refilledAt = Date.now();
        socket.on('message', async (raw, isBinary) => {
          const t = Date.now();
          tokens = Math.min(FRAME_BURST, tokens + ((t - refilledAt) / 1000) * FRAMES_PER_SECOND);
          refilledAt = t;
          if (--tokens < 0) {
            send({ type: 'error', message: 'Too many messages on this connection.' });
            socket.close(1008, 'Too many frames');
            return;
          }
          let parsed: unknown;
          try {
            parsed = isBinary ? undefined : JSON.parse(raw.toString());
          } catch {
            parsed = undefined;
          }
          const frame = clientFrame.safeParse(parsed);
          if (!frame.success) return send({ type: 'error', message: 'Unknown frame.' });
          if (frame.data.type === 'ping') return send({ type: 'pong' });
          try {
            const to = await messages.typingTargets(actor, frame.data.chatId);
            if (to.length) await hub.publish(to, { type: 'typing', chatId: frame.data.chatId });
          } catch (err) {
            send({ type: 'error', message: err instanceof AppError ? err.message : 'Something went wrong.' });
          }
        });

        const end = () => {
          clearInterval(beat);
          detach();
          open.delete(end);
          socket.terminate();
        };
        open.add(end);
        socket.on('close', () => {
          clearInterval(beat);
          detach();
          open.delete(end);
        });
      },
    );
  };
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, AuthService } from '../features/auth/auth.service.ts';
import { forbidden, unauthenticated } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** The Fetch-style headers better-auth reads, with the client address Fastify resolved (TRUST_PROXY aware). */
export function fetchHeaders(req: FastifyRequest): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (v === undefined || k === 'x-influence-client-ip') continue;
    for (const one of Array.isArray(v) ? v : [v]) h.append(k, one);
  }
  h.set('x-influence-client-ip', req.ip);
  return h;
}

const ROLE_MESSAGES: Record<string, string> = {
  client: 'This is only available for clients.',
  influencer: 'This is only available for influencers.',
  admin: 'This is only available for admins.',
};

/** Route guards: a route declares who may call it beside its schema (CONVENTIONS §4). */
export function createGuards(auth: AuthService) {
  async function resolve(req: FastifyRequest, reply: FastifyReply) {
    const { actor, cookies } = await auth.resolveActor(fetchHeaders(req));
    if (cookies.length) reply.header('set-cookie', cookies);
    req.actor = actor;
    return actor;
  }
  return {
    requireAuth: async (req: FastifyRequest, reply: FastifyReply) => {
      if (!(await resolve(req, reply))) throw unauthenticated();
    },
    requireRole:
      (...roles: Actor['role'][]) =>
      async (req: FastifyRequest, reply: FastifyReply) => {
        const actor = await resolve(req, reply);
        if (!actor) throw unauthenticated();
        if (!roles.includes(actor.role)) throw forbidden(ROLE_MESSAGES[roles[0]!]);
      },
  };
}
export type Guards = ReturnType<typeof createGuards>;

/** The actor of a guarded route. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthenticated();
  return req.actor;
}

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

const ROLE_NAMES: Record<Actor['role'], string> = { client: 'clients', influencer: 'influencers', admin: 'admins' };

/** "This is only available for clients and influencers." Admins are named only when nobody else is admitted. */
export function roleRefusal(roles: readonly Actor['role'][]): string {
  const named = roles.length > 1 ? roles.filter((r) => r !== 'admin') : roles;
  return `This is only available for ${named.map((r) => ROLE_NAMES[r]).join(' and ')}.`;
}

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
        if (!roles.includes(actor.role)) throw forbidden(roleRefusal(roles));
      },
  };
}
export type Guards = ReturnType<typeof createGuards>;

/**
 * The clients / influencers row id behind the session (registration creates it with the account). With `role`, also
 * refuses anyone else: services check it again beside the route guard, since a service is the authority.
 */
export function profileOf(actor: Actor, role?: 'client' | 'influencer'): string {
  if (role && actor.role !== role) throw forbidden(roleRefusal([role]));
  if (!actor.profileId) throw forbidden('Finish setting up your account first.');
  return actor.profileId;
}

/** The actor of a guarded route. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthenticated();
  return req.actor;
}

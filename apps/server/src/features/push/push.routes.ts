import { pushRoutes } from '@app/shared/notifications/push.routes';
import type { FastifyInstance } from 'fastify';
import { actorOf, type Guards } from '../../lib/guards.ts';
import { perUser } from '../../lib/rate-limit.ts';
import { serve } from '../../lib/route.ts';
import type { PushService } from './push.service.ts';

export function pushRoutesPlugin(deps: { push: PushService; guards: Guards; perMinute: number }) {
  const { push, guards } = deps;
  const personal = {
    preHandler: guards.requireAuth,
    config: { rateLimit: { max: deps.perMinute, timeWindow: 60_000, ...perUser } },
  };
  return async (app: FastifyInstance) => {
    serve(app, pushRoutes.key, { preHandler: guards.requireAuth }, async () => ({ publicKey: push.publicKey }));
    serve(app, pushRoutes.subscribe, personal, async (req) =>
      push.subscribe(actorOf(req), req.body, req.headers['user-agent']),
    );
    serve(app, pushRoutes.unsubscribe, personal, async (req) => push.unsubscribe(actorOf(req), req.body.endpoint));
  };
}

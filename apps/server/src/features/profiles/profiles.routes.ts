import { LIMITS } from '@app/shared/constants';
import { profileRoutes } from '@app/shared/profiles/profile.routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, fetchHeaders, type Guards } from '../../lib/guards.ts';
import { perUser } from '../../lib/rate-limit.ts';
import { serve } from '../../lib/route.ts';
import { openSingleUpload } from '../../lib/uploads.ts';
import type { ProfilesService } from './profiles.service.ts';

export function profilesRoutes(deps: {
  profiles: ProfilesService;
  guards: Guards;
  /** Avatar uploads per person per 10 minutes: each is up to 5 MB of disk. */
  avatarUploadsPer10Min: number;
}) {
  const { profiles, guards } = deps;
  return async (app: FastifyInstance) => {
    serve(app, profileRoutes.update, { preHandler: guards.requireAuth }, async (req, reply) => {
      const { body, cookies } = await profiles.update(actorOf(req), req.body, fetchHeaders(req));
      return reply.header('set-cookie', cookies).send(body);
    });

    // Multipart (its OpenAPI says so with `consumes`), hence registered by hand with the contract's parts.
    const avatar = profileRoutes.avatar;
    app.withTypeProvider<ZodTypeProvider>().post(
      avatar.path,
      {
        preHandler: guards.requireAuth,
        config: { rateLimit: { max: deps.avatarUploadsPer10Min, timeWindow: 10 * 60_000, ...perUser } },
        schema: {
          tags: avatar.tags,
          summary: avatar.summary,
          consumes: ['multipart/form-data'],
          response: avatar.response,
        },
      },
      async (req) => {
        const upload = await openSingleUpload(req, {
          maxBytes: LIMITS.avatarMaxBytes,
          tooLarge: 'The picture is larger than 5MB. Please choose a smaller one.',
          missing: 'Please choose a picture to upload',
        });
        return profiles.setAvatar(actorOf(req), upload);
      },
    );
  };
}

import { LIMITS } from '@app/shared/constants';
import { avatarResponse, updateProfileInput, updateProfileResponse } from '@app/shared/profiles/profile.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, fetchHeaders, type Guards } from '../../lib/guards.ts';
import { perUser } from '../../lib/rate-limit.ts';
import { readSingleUpload } from '../../lib/uploads.ts';
import type { ProfilesService } from './profiles.service.ts';

export function profilesRoutes(deps: {
  profiles: ProfilesService;
  guards: Guards;
  /** Avatar uploads per person per 10 minutes: each is up to 5 MB of disk. */
  avatarUploadsPer10Min: number;
}) {
  const { profiles, guards } = deps;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.patch(
      '/api/me/profile',
      {
        preHandler: guards.requireAuth,
        schema: {
          tags: ['account'],
          summary: 'Update name, last name, mobile; a new e-mail is confirmed by a link first',
          body: updateProfileInput,
          response: { 200: updateProfileResponse },
        },
      },
      async (req, reply) => {
        const { body, cookies } = await profiles.update(actorOf(req), req.body, fetchHeaders(req));
        return reply.header('set-cookie', cookies).send(body);
      },
    );

    r.post(
      '/api/me/avatar',
      {
        preHandler: guards.requireAuth,
        config: { rateLimit: { max: deps.avatarUploadsPer10Min, timeWindow: 10 * 60_000, ...perUser } },
        schema: {
          tags: ['account'],
          summary: 'Upload a profile picture (multipart field "file"; JPG, PNG or GIF, max 5MB)',
          consumes: ['multipart/form-data'],
          response: { 200: avatarResponse },
        },
      },
      async (req) => {
        const { bytes } = await readSingleUpload(req, {
          maxBytes: LIMITS.avatarMaxBytes,
          tooLarge: 'The picture is larger than 5MB. Please choose a smaller one.',
          missing: 'Please choose a picture to upload',
        });
        return profiles.setAvatar(actorOf(req), bytes);
      },
    );
  };
}

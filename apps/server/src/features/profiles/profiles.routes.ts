import { LIMITS } from '@app/shared/constants';
import { avatarResponse, updateProfileInput, updateProfileResponse } from '@app/shared/profiles/profile.schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { actorOf, fetchHeaders, type Guards } from '../../lib/guards.ts';
import type { ProfilesService } from './profiles.service.ts';

export function profilesRoutes(deps: { profiles: ProfilesService; guards: Guards }) {
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
        schema: {
          tags: ['account'],
          summary: 'Upload a profile picture (multipart field "file"; JPG, PNG or GIF, max 5MB)',
          consumes: ['multipart/form-data'],
          response: { 200: avatarResponse },
        },
      },
      async (req) => {
        if (!req.isMultipart())
          throw new AppError('VALIDATION_ERROR', 'Send the picture as multipart/form-data in the field "file"', 400);
        const file = await req.file({ limits: { fileSize: LIMITS.avatarMaxBytes, files: 1 } });
        if (!file) throw new AppError('VALIDATION_ERROR', 'Please choose a picture to upload', 400);
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (e) {
          // Only a truncated file is "too large"; anything else is the multipart parser's own 4xx.
          if ((e as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw e;
          throw new AppError('FILE_TOO_LARGE', 'The picture is larger than 5MB. Please choose a smaller one.', 413);
        }
        return profiles.setAvatar(actorOf(req), bytes);
      },
    );
  };
}

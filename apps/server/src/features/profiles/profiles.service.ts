import { AVATAR_MIME_TYPES, LIMITS } from '@app/shared/constants';
import type { updateProfileInput } from '@app/shared/profiles/profile.schemas';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import type { Storage } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor, AuthService } from '../auth/auth.service.ts';
import type { ProfilesRepository } from './profiles.repository.ts';

export function createProfilesService(deps: {
  repo: ProfilesRepository;
  auth: AuthService;
  storage: Storage;
  log?: (msg: string, err: unknown) => void;
}) {
  const { repo, auth, storage } = deps;
  return {
    async update(actor: Actor, input: z.output<typeof updateProfileInput>, headers: Headers) {
      // The e-mail is checked first so a refused address changes nothing.
      const change = await auth.requestEmailChange(actor, input.email, headers);
      await repo.updateNames(actor.userId, actor.role, {
        name: input.name,
        lastname: input.lastname,
        mobile: input.mobile,
      });
      auth.forget(actor.userId);
      return {
        body: {
          user: await auth.me(actor.userId),
          emailChangePending: change.outcome === 'pending',
        },
        cookies: change.cookies,
      };
    },

    /** JPG, PNG or GIF up to 5 MB, recognised by content (the file name and the browser's type are not trusted). */
    async setAvatar(actor: Actor, bytes: Buffer) {
      if (bytes.length > LIMITS.avatarMaxBytes) {
        throw new AppError('FILE_TOO_LARGE', 'The picture is larger than 5MB. Please choose a smaller one.', 413);
      }
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !(AVATAR_MIME_TYPES as readonly string[]).includes(type.mime)) {
        throw new AppError('UNSUPPORTED_FILE_TYPE', 'Please choose a JPG, PNG or GIF image.', 415);
      }
      const url = await storage.put(`${actor.userId}/${Date.now()}.${type.ext}`, bytes, type.mime);
      const previous = await repo.setAvatar(actor.userId, actor.role, url);
      auth.forget(actor.userId);
      // One picture per person on disk: the replaced file goes (only one of ours, under this person's folder).
      if (previous && previous !== url && previous.startsWith(`/uploads/${actor.userId}/`)) {
        await storage.remove(previous).catch((e) => deps.log?.('could not delete a replaced avatar', e));
      }
      return { avatarUrl: url };
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;

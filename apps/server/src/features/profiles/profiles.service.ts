import { AVATAR_MIME_TYPES } from '@app/shared/constants';
import type { updateProfileInput } from '@app/shared/profiles/profile.schemas';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import { AVATAR_PREFIX, type BlobStore } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { discardUpload, storeUpload, type Upload } from '../../lib/uploads.ts';
import type { Actor, AuthService } from '../auth/auth.service.ts';
import type { ProfilesRepository } from './profiles.repository.ts';

export function createProfilesService(deps: {
  repo: ProfilesRepository;
  auth: AuthService;
  storage: BlobStore;
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

    /**
     * JPG, PNG or GIF up to 5 MB, recognised by content (the file name and the browser's type are not trusted): judged
     * from its first bytes, then streamed to the store, which refuses it past the limit (nothing stays behind).
     */
    async setAvatar(actor: Actor, upload: Upload) {
      const type = await fileTypeFromBuffer(upload.head);
      if (!type || !(AVATAR_MIME_TYPES as readonly string[]).includes(type.mime)) {
        discardUpload(upload);
        throw new AppError('UNSUPPORTED_FILE_TYPE', 'Please choose a JPG, PNG or GIF image.', 415);
      }
      const key = `${actor.userId}/${Date.now()}.${type.ext}`;
      await storeUpload(upload, storage, key, type.mime);
      const url = `${AVATAR_PREFIX}${key}`;
      const previous = await repo.setAvatar(actor.userId, actor.role, url).catch(async (e) => {
        await storage.remove(key).catch(() => {});
        throw e;
      });
      auth.forget(actor.userId);
      // One picture per person in the store: the replaced one goes (only one of ours, under this person's folder).
      if (previous && previous !== url && previous.startsWith(`${AVATAR_PREFIX}${actor.userId}/`)) {
        await storage
          .remove(previous.slice(AVATAR_PREFIX.length))
          .catch((e) => deps.log?.('could not delete a replaced avatar', e));
      }
      return { avatarUrl: url };
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;

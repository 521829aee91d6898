import type { Db } from '../../db/client.ts';
import { type BlobStore, isKey } from '../../integrations/storage/storage.ts';
import { AppError } from '../../lib/app-error.ts';
import { allOf } from '../../lib/feature.ts';
import type { Guards } from '../../lib/guards.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { createProfilesRepository } from './profiles.repository.ts';
import { profilesRoutes } from './profiles.routes.ts';
import { createProfilesService } from './profiles.service.ts';

/** A person's profile and avatar, and the avatars served publicly under /uploads/. */
export function createProfilesFeature(deps: {
  db: Db;
  auth: AuthService;
  storage: BlobStore;
  guards: Guards;
  avatarUploadsPer10Min: number;
  log: { warn: (o: object, m: string) => void };
}) {
  const profiles = createProfilesService({
    repo: createProfilesRepository(deps.db),
    auth: deps.auth,
    storage: deps.storage,
    log: (msg, err) => deps.log.warn({ err }, msg),
  });
  return {
    plugin: allOf(
      profilesRoutes({ profiles, guards: deps.guards, avatarUploadsPer10Min: deps.avatarUploadsPer10Min }),
      async (app) => {
        // Public, served from the store (disk or bucket) by this instance: keys never change, so a week and immutable.
        app.get<{ Params: { '*': string } }>('/uploads/*', async (req, reply) => {
          const key = req.params['*'];
          const found = isKey(key) ? await deps.storage.get(key) : null;
          if (!found) throw new AppError('NOT_FOUND', 'This picture does not exist.', 404);
          reply
            .type(found.contentType)
            .header('etag', found.etag)
            .header('cache-control', 'public, max-age=604800, immutable')
            .header('x-content-type-options', 'nosniff');
          if (req.headers['if-none-match'] === found.etag) {
            found.stream.destroy();
            return reply.code(304).send();
          }
          return reply.header('content-length', found.size).send(found.stream);
        });
      },
    ),
  };
}

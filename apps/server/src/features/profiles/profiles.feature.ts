import fastifyStatic from '@fastify/static';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../integrations/storage/storage.ts';
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
  storage: Storage;
  guards: Guards;
  config: Pick<Config, 'storageDir'>;
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
        await app.register(fastifyStatic, {
          root: deps.config.storageDir,
          prefix: '/uploads/',
          decorateReply: false,
          index: false,
          maxAge: '7d',
          immutable: true,
          setHeaders: (res) => res.header('x-content-type-options', 'nosniff'),
        });
      },
    ),
  };
}

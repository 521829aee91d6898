import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { allOf } from '../../lib/feature.ts';
import { mailboxRoutes } from './mailbox.routes.ts';
import { devSocialRoutes } from './social.routes.ts';

/** Development aids on this machine only: the local mailbox, the social emulator's accounts page. */
export function createDevFeature(deps: { db: Db; config: Config; mailer: Mailer; socialEmulatorUrl?: string }) {
  const { config } = deps;
  const plugins = [];
  if (config.localMailbox && deps.mailer.kind === 'local') plugins.push(mailboxRoutes({ db: deps.db }));
  if (config.env !== 'production' && deps.socialEmulatorUrl) {
    plugins.push(devSocialRoutes({ emulatorUrl: deps.socialEmulatorUrl, publicUrl: config.publicUrl }));
  }
  return { plugin: allOf(...plugins) };
}

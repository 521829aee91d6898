import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { Guards } from '../../lib/guards.ts';
import type { RealtimeHub } from '../../realtime/hub.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService, type QueuePush } from './notifications.service.ts';
import { createNotificationsDigest, defineDigestJob } from './notifications-digest.ts';
import { createUnsubscribeTokens } from './unsubscribe-token.ts';

/**
 * The notification centre (issue 24, decision 032): other features announce their events through `announce`, in
 * their own transaction; people read, mark and choose per kind here, and leave a kind of mail with one click.
 */
export function createNotificationsFeature(deps: {
  db: Db;
  hub: RealtimeHub;
  mailer: Mailer;
  guards: Guards;
  config: { publicUrl: string; authSecret: string };
  clock: () => Date;
  jobs: JobRunner;
  log: { info: (o: object, m: string) => void };
  /** Web Push (decision 040): queued in the event's transaction. */
  push?: QueuePush;
}) {
  const tokens = createUnsubscribeTokens({ secret: deps.config.authSecret, publicUrl: deps.config.publicUrl });
  const notifications = createNotificationsService({
    db: deps.db,
    repo: createNotificationsRepository(deps.db),
    hub: deps.hub,
    mailer: deps.mailer,
    tokens,
    publicUrl: deps.config.publicUrl,
    clock: deps.clock,
    push: deps.push,
  });
  const digest = createNotificationsDigest({
    db: deps.db,
    mailer: deps.mailer,
    tokens,
    publicUrl: deps.config.publicUrl,
    clock: deps.clock,
  });
  defineDigestJob(deps.jobs, digest, deps.log);
  return {
    plugin: notificationsRoutes({ notifications, guards: deps.guards }),
    announce: notifications.announce,
    wantsMail: notifications.wantsMail,
    /** The bell's count, for the app's first request (GET /api/bootstrap). */
    unreadCount: notifications.unreadCount,
    digest,
  };
}

import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { Guards } from '../../lib/guards.ts';
import { pushRoutesPlugin } from './push.routes.ts';
import { createPushService, MESSAGES } from './push.service.ts';
import { messagePush } from './push-texts.ts';

/**
 * Web Push (issue 24 §4, decision 040): devices subscribe and unsubscribe here; the notification centre's `announce`
 * and the chat's sends hand their pushes to `queue` / `messageSent`.
 */
export function createPushFeature(deps: {
  db: Db;
  config: Pick<Config, 'push' | 'env' | 'rateLimitMultiplier'>;
  jobs: JobRunner;
  guards: Guards;
  log: { warn: (o: object, m: string) => void };
}) {
  const push = createPushService({
    db: deps.db,
    jobs: deps.jobs,
    keys: deps.config.push,
    anyEndpoint: deps.config.env !== 'production',
    log: deps.log,
  });
  return {
    plugin: pushRoutesPlugin({ push, guards: deps.guards, perMinute: 20 * deps.config.rateLimitMultiplier }),
    service: push,
    queue: push.queue,
    /**
     * A chat message was stored: a push to each other person of the chat. Off the request's path (not awaited by the
     * send, issue 28's first tap): a lost push is logged, never the message's failure.
     */
    messageSent(m: { chatId: string; senderId: string; recipients: string[]; content: string | null }) {
      const to = m.recipients.filter((u) => u !== m.senderId);
      if (!to.length) return;
      void (async () => {
        const languages = await push.languages(to);
        await push.queue(
          to.map((userId) => ({
            userId,
            kind: MESSAGES,
            topic: `chat:${m.chatId}`,
            payload: {
              ...messagePush(languages.get(userId), m.content),
              link: `/chat?c=${m.chatId}`,
              tag: `chat:${m.chatId}`,
            },
          })),
        );
      })().catch((err: unknown) => deps.log.warn({ err }, 'push: could not queue a message push'));
    },
  };
}
export type PushFeature = ReturnType<typeof createPushFeature>;

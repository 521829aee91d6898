import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { allOf } from '../../lib/feature.ts';
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
  // A chat message's push is gathered here and queued by a timer, in one go for the messages of the last moment:
  // the send path keeps its two statements (issue 28 §1) and writes nothing more before it answers.
  type Sent = { chatId: string; senderId: string; recipients: string[]; content: string | null };
  let pending: Sent[] = [];
  let timer: NodeJS.Timeout | null = null;
  async function flush() {
    timer = null;
    const batch = pending;
    pending = [];
    const everyone = new Set(batch.flatMap((m) => m.recipients.filter((u) => u !== m.senderId)));
    if (!everyone.size) return;
    const languages = await push.reachable([...everyone]);
    // One push per person and chat for the batch, showing its latest message (the job coalesces per minute anyway).
    const latest = new Map<string, { m: Sent; userId: string }>();
    for (const m of batch) {
      for (const userId of m.recipients) {
        if (userId !== m.senderId && languages.has(userId)) latest.set(`${userId} ${m.chatId}`, { m, userId });
      }
    }
    if (!latest.size) return;
    await push.queue(
      [...latest.values()].map(({ m, userId }) => ({
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
  }
  const flushLogged = () =>
    flush().catch((err: unknown) => deps.log.warn({ err }, 'push: could not queue message pushes'));

  return {
    plugin: allOf(
      async (app) => {
        // Pushes gathered before the server stops are queued while the database is still open.
        app.addHook('preClose', async () => {
          if (timer) clearTimeout(timer);
          await flushLogged();
        });
      },
      pushRoutesPlugin({ push, guards: deps.guards, perMinute: 20 * deps.config.rateLimitMultiplier }),
    ),
    service: push,
    queue: push.queue,
    /** A chat message was stored: a push to each other person of the chat, queued within the next quarter second. */
    messageSent(m: Sent) {
      if (!m.recipients.some((u) => u !== m.senderId)) return;
      pending.push(m);
      timer ??= setTimeout(flushLogged, 250);
    },
  };
}
export type PushFeature = ReturnType<typeof createPushFeature>;

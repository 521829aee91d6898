import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { createTokenBox } from '../../integrations/social/oauth.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { Guards } from '../../lib/guards.ts';
import type { HitCounter } from '../../lib/rate-limit.ts';
import { defineSocialJobs } from './social.jobs.ts';
import { createSocialRepository } from './social.repository.ts';
import { socialRoutes } from './social.routes.ts';
import { createSocialService } from './social.service.ts';
import { type SocialProviders, socialProviders } from './social-providers.ts';
import { createYoutubeVerifyBudget } from './youtube-budget.ts';

/** Social accounts: verification by code or OAuth, follower counts refreshed daily (decision 018). */
export function createSocialFeature(deps: {
  db: Db;
  config: Config;
  /** The platforms: real APIs or the emulator main.ts / the test harness started. */
  providers?: SocialProviders;
  emulatorUrl: string | null;
  jobs: JobRunner;
  mailer: Mailer;
  count: HitCounter;
  guards: Guards;
  log: Parameters<typeof createSocialService>[0]['log'] & { info: (o: object, m: string) => void };
}) {
  const { config, jobs } = deps;
  const repo = createSocialRepository(deps.db);
  const social = createSocialService({
    db: deps.db,
    repo,
    providers:
      deps.providers ?? socialProviders(config.social, deps.emulatorUrl, { clock: () => jobs.clock().getTime() }),
    tokens: createTokenBox(config.authSecret),
    publicUrl: config.publicUrl,
    jobs,
    clock: jobs.clock,
    youtubeRefreshDailyUnits: config.social.youtubeRefreshDailyUnits,
    mailer: deps.mailer,
    youtubeBudget: createYoutubeVerifyBudget({
      count: deps.count,
      clock: jobs.clock,
      // Not scaled by RATE_LIMIT_MULTIPLIER: they guard a quota that is paid, not the server's own load.
      limits: { perPersonPerDay: 20, perChannelPerDay: 10, dailyUnits: config.social.youtubeVerifyDailyUnits },
    }),
    log: deps.log,
  });
  defineSocialJobs(jobs, social, deps.log);
  return {
    plugin: socialRoutes({ social, guards: deps.guards, verifyPerMinute: 20 * config.rateLimitMultiplier }),
    /** The admin console's port: reset one platform's verification. */
    resets: { reset: repo.resetVerification.bind(repo) },
  };
}

import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { createTokenBox } from '../../integrations/social/oauth.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { Guards } from '../../lib/guards.ts';
import type { HitCounter } from '../../lib/rate-limit.ts';
import type { Announce } from '../notifications/notifications.service.ts';
import { createPlatformReader } from './platform-reader.ts';
import { createPostChecksRepository } from './post-checks.repository.ts';
import { createProofChecks } from './proof-check.ts';
import { defineSocialJobs } from './social.jobs.ts';
import { createSocialRepository } from './social.repository.ts';
import { socialRoutes } from './social.routes.ts';
import { createSocialService } from './social.service.ts';
import { type SocialProviders, socialProviders } from './social-providers.ts';
import { createYoutubeDailyUnits, createYoutubeVerifyBudget } from './youtube-budget.ts';

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
  /** The notification centre's port: a removed proof post is told to the brand. */
  announce: Announce;
  log: Parameters<typeof createSocialService>[0]['log'] & { info: (o: object, m: string) => void };
}) {
  const { config, jobs } = deps;
  const repo = createSocialRepository(deps.db);
  const providers =
    deps.providers ?? socialProviders(config.social, deps.emulatorUrl, { clock: () => jobs.clock().getTime() });
  const tokens = createTokenBox(config.authSecret);
  const social = createSocialService({
    db: deps.db,
    repo,
    providers,
    tokens,
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
  const proofChecks = createProofChecks({
    db: deps.db,
    repo: createPostChecksRepository(deps.db),
    social: repo,
    providers,
    reader: createPlatformReader({ db: deps.db, repo, providers, tokens, clock: jobs.clock }),
    youtubeUnits: createYoutubeDailyUnits({
      count: deps.count,
      clock: jobs.clock,
      name: 'proof',
      dailyUnits: config.social.youtubeProofDailyUnits,
    }),
    announce: deps.announce,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    clock: jobs.clock,
    log: deps.log,
  });
  defineSocialJobs(jobs, social, proofChecks, deps.log);
  return {
    /** The orders' port: a submission's proof link is checked (decision 039). */
    proofChecks,
    plugin: socialRoutes({ social, guards: deps.guards, verifyPerMinute: 20 * config.rateLimitMultiplier }),
    /** The admin console's port: reset one platform's verification. */
    resets: { reset: repo.resetVerification.bind(repo) },
  };
}

import type { JobRunner } from '../../jobs/job-runner.ts';
import type { ProofChecks } from './proof-check.ts';
import type { SocialService } from './social.service.ts';

/**
 * Follower counts stay true (issue 13 §4): once a day, early morning in Tbilisi, verified accounts are read again.
 * The run is idempotent (it rewrites counts) and bounded by the YouTube quota the config allows.
 */
export function defineSocialJobs(
  jobs: JobRunner,
  social: SocialService,
  proofChecks: ProofChecks,
  log: { info: (o: object, m: string) => void },
) {
  jobs.define(
    'social.refresh-counts',
    async () => {
      const result = await social.refreshCounts();
      log.info(result, 'social: follower counts refreshed');
    },
    { maxAttempts: 3, leaseMs: 30 * 60_000 },
  );
  jobs.schedule('social-refresh-counts', { cron: '0 4 * * *', tz: 'Asia/Tbilisi' }, 'social.refresh-counts');
  // Instagram's long-lived tokens renewed long before day 60 (token-refresh.ts), before the counts are read.
  jobs.define(
    'social.refresh-tokens',
    async () => {
      const result = await social.refreshInstagramTokens();
      log.info(result, 'social: instagram tokens renewed');
    },
    { maxAttempts: 3, leaseMs: 30 * 60_000 },
  );
  jobs.schedule('social-refresh-tokens', { cron: '30 3 * * *', tz: 'Asia/Tbilisi' }, 'social.refresh-tokens');
  // Proof posts (decision 039): outages retried, approved posts read again 7 and 30 days after approval.
  jobs.define(
    'social.recheck-posts',
    async () => {
      const result = await proofChecks.recheckDue();
      log.info(result, 'social: proof posts re-checked');
    },
    { maxAttempts: 3, leaseMs: 30 * 60_000 },
  );
  jobs.schedule('social-recheck-posts', { cron: '20 * * * *', tz: 'Asia/Tbilisi' }, 'social.recheck-posts');
}

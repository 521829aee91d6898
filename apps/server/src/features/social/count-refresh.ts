// The daily refresh of verified accounts' follower counts (issue 13 §4), run by the `social.refresh-counts` job.
import type { Db } from '../../db/client.ts';
import { type PlatformAccount, SocialApiError } from '../../integrations/social/social-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PlatformReader } from './platform-reader.ts';
import type { SocialRepository, VerificationRow } from './social.repository.ts';
import type { SocialProviders } from './social-providers.ts';

/** How old a verified account's counts may get before the daily job reads them again. */
const REFRESH_AFTER_MS = 20 * 60 * 60_000;

export function createCountRefresh(deps: {
  db: Db;
  repo: SocialRepository;
  providers: SocialProviders;
  reader: PlatformReader;
  clock: Clock;
  youtubeRefreshDailyUnits: number;
  log: { warn: (o: object, m: string) => void };
}) {
  const { db, repo, providers, reader, clock, log } = deps;

  /**
   * Verified accounts whose counts are older than ~a day, oldest first. YouTube in batches of 50 ids (one quota
   * unit each), within `youtubeRefreshDailyUnits`; TikTok and Instagram one token read each. A failure skips the
   * row until the next run; an account the platform no longer has fails.
   */
  return async function refreshCounts(opts: { limit?: number } = {}) {
    const now = clock();
    const rows = await repo.dueForRefresh(new Date(now.getTime() - REFRESH_AFTER_MS), opts.limit ?? 5000);
    const touched = new Set<string>();
    const result = { refreshed: 0, failed: 0, skipped: 0, youtubeUnits: 0 };
    const apply = async (row: VerificationRow, a: PlatformAccount | null) => {
      if (!a) {
        await repo.update(db, row.id, { status: 'failed', lastError: 'account no longer exists' }, now);
        result.failed++;
      } else {
        await repo.update(
          db,
          row.id,
          {
            followerCount: a.followerCount,
            videoCount: a.videoCount,
            title: a.title,
            avatarUrl: a.avatarUrl,
            countsRefreshedAt: now,
          },
          now,
        );
        result.refreshed++;
      }
      touched.add(row.influencerId);
    };
    const yt = rows.filter((r) => r.platform === 'youtube' && r.accountId);
    for (let i = 0; i < yt.length && providers.youtube; i += 50) {
      if (result.youtubeUnits >= deps.youtubeRefreshDailyUnits) {
        result.skipped += yt.length - i;
        break;
      }
      const batch = yt.slice(i, i + 50);
      try {
        result.youtubeUnits++;
        const found = await providers.youtube.byIds(batch.map((r) => r.accountId!));
        for (const r of batch) await apply(r, found.get(r.accountId!) ?? null);
      } catch (err) {
        log.warn({ err, platform: 'youtube' }, 'social: count refresh batch failed');
        result.skipped += batch.length;
        if (err instanceof SocialApiError && err.kind === 'quota') {
          result.skipped += Math.max(0, yt.length - i - 50);
          break;
        }
      }
    }
    for (const row of rows.filter((r) => r.platform !== 'youtube')) {
      try {
        await apply(row, await reader.readAccount(row, row.platform as 'tiktok' | 'instagram'));
      } catch (err) {
        result.skipped++;
        log.warn({ platform: row.platform, kind: (err as SocialApiError).kind }, 'social: count refresh failed');
      }
    }
    await repo.recomputeFollowers(db, [...touched]);
    return result;
  };
}

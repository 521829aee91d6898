// The proof-of-post check (issue 25 §3, decision 039): a proof link on a platform the influencer verified is read
// from the platform (the post exists, on their account: its date and counts) when the work is submitted, and again
// 7 and 30 days after approval; a post gone by then is told to the brand and to support, once.
import { SUPPORT_EMAIL } from '@app/shared/constants';
import { type ProofPost, parseProofLink } from '@app/shared/social/proof-link';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { notices } from '../../integrations/mail/notice-texts.ts';
import { orderNewsMail } from '../../integrations/mail/templates.ts';
import { type PlatformPost, SocialApiError } from '../../integrations/social/social-errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Announce } from '../notifications/notifications.service.ts';
import type { PlatformReader } from './platform-reader.ts';
import type { PostChecksRepository, PostCheckWrite } from './post-checks.repository.ts';
import type { SocialRepository } from './social.repository.ts';
import type { SocialProviders } from './social-providers.ts';
import type { YoutubeDailyUnits } from './youtube-budget.ts';

/** A platform outage is tried again this long after (by the hourly job). */
const RETRY_AFTER_MS = 10 * 60_000;

type Outcome = Omit<PostCheckWrite, 'url' | 'platform' | 'postId' | 'checkedAt'>;

const unavailable = (handle: string | null): Outcome => ({
  status: 'unchecked',
  reason: 'platform_unavailable',
  handle,
});

/** The handle people know the account by, without @, also when it was typed as a channel or profile address. */
export function handleOf(typed: string): string {
  const last =
    typed
      .trim()
      .replace(/[?#].*$/, '')
      .replace(/\/+$/, '')
      .split('/')
      .pop() ?? typed;
  return last.replace(/^@/, '');
}

const postIdOf = (p: ProofPost) => (p.platform === 'instagram' ? p.shortcode : p.videoId);

export type ProofChecks = ReturnType<typeof createProofChecks>;

export function createProofChecks(deps: {
  db: Db;
  repo: PostChecksRepository;
  social: SocialRepository;
  providers: SocialProviders;
  reader: PlatformReader;
  youtubeUnits: YoutubeDailyUnits;
  announce: Announce;
  mailer: Mailer;
  publicUrl: string;
  clock: Clock;
  log: { warn: (o: object, m: string) => void };
}) {
  const { repo, providers, clock, log } = deps;

  /**
   * What the platform says of `post` for this influencer now. `wasVerified`: the post was found before, so a miss
   * now means it was removed (not_found); at the first check a TikTok or Instagram miss means the link is not
   * among their account's posts (not_owned), as those APIs only ever show the token owner's own posts.
   * `youtube`: videos already read in one batch call (the job), else one call is made within the day's units.
   */
  async function inspect(
    influencerId: string,
    post: ProofPost,
    o: { wasVerified: boolean; youtube?: Map<string, PlatformPost> },
  ): Promise<Outcome> {
    const account = await deps.social.find(influencerId, post.platform);
    if (account?.status !== 'verified' || !account.accountId) {
      return { status: 'unchecked', reason: 'no_verified_account', handle: null };
    }
    const handle = handleOf(account.handle);
    const missing = (): Outcome => ({ status: o.wasVerified ? 'not_found' : 'not_owned', reason: null, handle });
    const found = (p: PlatformPost): Outcome => ({
      status: 'verified',
      reason: null,
      handle,
      publishedAt: p.publishedAt,
      views: p.views,
      likes: p.likes,
      comments: p.comments,
    });
    try {
      if (post.platform === 'youtube') {
        let videos = o.youtube;
        if (!videos) {
          if (!providers.youtube || !(await deps.youtubeUnits.take())) return unavailable(handle);
          videos = await providers.youtube.videos([post.videoId]);
        }
        const v = videos.get(post.videoId);
        // YouTube answers any public video: its channel says whose it is.
        if (!v) return { status: 'not_found', reason: null, handle };
        return v.ownerId === account.accountId ? found(v) : { status: 'not_owned', reason: null, handle };
      }
      if (post.platform === 'tiktok') {
        // The link names its creator: another's video needs no call.
        if (post.username && post.username !== handle.toLowerCase())
          return { status: 'not_owned', reason: null, handle };
        if (!providers.tiktok) return unavailable(handle);
        const token = await deps.reader.accessTokenOf(account, 'tiktok');
        const v = (await providers.tiktok.videos(token, [post.videoId])).get(post.videoId);
        return v ? found(v) : missing();
      }
      if (!providers.instagram) return unavailable(handle);
      const token = await deps.reader.accessTokenOf(account, 'instagram');
      const m = await providers.instagram.findMedia(token, post.shortcode);
      return m ? found(m) : missing();
    } catch (err) {
      log.warn(
        {
          err: err instanceof SocialApiError ? undefined : err,
          platform: post.platform,
          kind: (err as SocialApiError).kind,
        },
        'social: proof-of-post check could not reach the platform',
      );
      return unavailable(handle);
    }
  }

  /** Tells the brand (centre + mail, as their choices allow) and support that an approved post was removed. */
  async function removed(
    row: { orderId: string; url: string; rechecks: number },
    order: { clientId: string; campaignId: string },
  ) {
    const now = clock();
    await deps.db.transaction(async (tx) => {
      if (!(await repo.markRemoved(tx, row.orderId, now, row.rechecks + 1))) return;
      const client = { role: 'client', profileId: order.clientId } as const;
      await deps.announce(tx, {
        kind: 'order',
        campaignId: order.campaignId,
        parties: [client],
        frame: { type: 'order.changed', orderId: row.orderId, campaignId: order.campaignId },
        tell: [{ to: client, text: (f) => notices.postRemoved(f, row.url) }],
        actorUserId: null,
      });
      await deps.mailer.send(
        orderNewsMail({
          to: SUPPORT_EMAIL,
          subject: `Proof post removed (order ${row.orderId})`,
          title: 'A proof post was removed after approval',
          body: `The post ${row.url} submitted as proof for order ${row.orderId} was verified on the influencer's account and is no longer there. The brand was told.`,
          url: `${deps.publicUrl.replace(/\/$/, '')}/admin/orders/${row.orderId}`,
          action: 'Open the order',
          language: 'en',
        }),
        { tx },
      );
    });
  }

  return {
    /**
     * The check of a submission's link. A link that is no post on a platform we read has no check (any earlier one
     * is dropped). The row is written "could not be checked" first, so a crash or a slow platform leaves something
     * the job retries; then the platform's answer replaces it. Never throws.
     */
    async checkSubmission(orderId: string): Promise<void> {
      try {
        const order = await repo.order(orderId);
        const post = order?.proofUrl ? parseProofLink(order.proofUrl) : null;
        if (!order?.proofUrl || !post) {
          await repo.remove(orderId);
          return;
        }
        const base = { url: order.proofUrl, platform: post.platform, postId: postIdOf(post) };
        await repo.replace(orderId, { ...base, ...unavailable(null), checkedAt: clock() });
        const outcome = await inspect(order.influencerId, post, { wasVerified: false });
        const now = clock();
        await repo.replace(orderId, {
          ...base,
          ...outcome,
          checkedAt: now,
          verifiedAt: outcome.status === 'verified' ? now : null,
        });
      } catch (err) {
        log.warn({ err, orderId }, 'social: proof-of-post check failed');
      }
    },

    /**
     * The hourly job: outages retried after 10 minutes, approved posts read again 7 and 30 days after approval.
     * YouTube's videos are read 50 to a call within the day's units (YOUTUBE_PROOF_DAILY_UNITS), as the follower
     * refresh reads channels; past them the rest wait for the next run.
     */
    async recheckDue(opts: { limit?: number } = {}) {
      const now = clock();
      const due = await repo.due(now, new Date(now.getTime() - RETRY_AFTER_MS), opts.limit ?? 500);
      const result = { checked: 0, verified: 0, removed: 0, unchecked: 0, youtubeUnits: 0 };
      const posts = due.map((d) => ({ d, post: parseProofLink(d.check.url) }));
      // YouTube first, in batches of 50 ids: one unit each.
      const youtube = new Map<string, PlatformPost>();
      let youtubeRead = false;
      const ytIds = [...new Set(posts.flatMap((p) => (p.post?.platform === 'youtube' ? [p.post.videoId] : [])))];
      if (ytIds.length && providers.youtube) {
        youtubeRead = true;
        for (let i = 0; i < ytIds.length; i += 50) {
          if (!(await deps.youtubeUnits.take())) {
            youtubeRead = false;
            break;
          }
          try {
            result.youtubeUnits++;
            for (const [id, v] of await providers.youtube.videos(ytIds.slice(i, i + 50))) youtube.set(id, v);
          } catch (err) {
            log.warn({ kind: (err as SocialApiError).kind }, 'social: proof re-check batch failed');
            youtubeRead = false;
            break;
          }
        }
      }
      for (const { d, post } of posts) {
        if (!post) continue;
        const c = d.check;
        if (post.platform === 'youtube' && !youtubeRead) {
          result.unchecked++;
          continue;
        }
        const wasVerified = c.verifiedAt !== null;
        const outcome = await inspect(d.influencerId, post, {
          wasVerified,
          youtube: post.platform === 'youtube' ? youtube : undefined,
        });
        result.checked++;
        if (outcome.status === 'unchecked') {
          // Still down: a first check stays "could not be checked" (tried again later); a verified one is kept.
          if (!wasVerified) await repo.update(deps.db, c.orderId, { ...outcome, checkedAt: clock() });
          result.unchecked++;
        } else if (!wasVerified) {
          const at = clock();
          await repo.update(deps.db, c.orderId, {
            ...outcome,
            checkedAt: at,
            verifiedAt: outcome.status === 'verified' ? at : null,
          });
          if (outcome.status === 'verified') result.verified++;
        } else if (outcome.status === 'verified') {
          await repo.update(deps.db, c.orderId, {
            ...outcome,
            checkedAt: clock(),
            rechecks: d.approvedAt ? c.rechecks + 1 : c.rechecks,
          });
          result.verified++;
        } else {
          await removed(c, d);
          result.removed++;
        }
      }
      return result;
    },
  };
}

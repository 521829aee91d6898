// YouTube Data API v3 channels.list: one filter (handle, id, legacy username), counts as strings rounded as YouTube
// shows them, a quota unit per call, Google's error envelope.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type EmulatedAccount, SOCIAL_EMULATOR_CREDENTIALS } from '../../integrations/social/emulator-contract.ts';
import { faultGate, googleError, randomId } from './emulator-answers.ts';
import { bareUsername } from './emulator-seed.ts';
import type { SocialStore } from './emulator-store.ts';

/** YouTube shows subscriber counts rounded to three significant figures (research notes §3.1). */
function roundYoutube(n: number): number {
  if (n < 1000) return n;
  const digits = Math.floor(Math.log10(n)) + 1;
  const unit = 10 ** (digits - 3);
  return Math.floor(n / unit) * unit;
}

export function youtubeRoutes(store: SocialStore) {
  return (app: FastifyInstance) => {
    /**
     * What every Data API call meets first: the fault switches, a quota unit (invalid requests cost one too), the API
     * key, then the day's quota. True when it has answered (the route stops there).
     */
    async function refused(q: Record<string, string | undefined>, reply: FastifyReply): Promise<boolean> {
      if (await faultGate(store, 'youtube', reply)) return true;
      store.state.quotaUsed++;
      if (q.key !== SOCIAL_EMULATOR_CREDENTIALS.youtubeApiKey) {
        await reply.code(400).send(googleError(400, 'badRequest', 'API key not valid. Please pass a valid API key.'));
        return true;
      }
      if (store.state.faults.youtubeQuota) {
        await reply
          .code(403)
          .send(
            googleError(
              403,
              'quotaExceeded',
              'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
              'youtube.quota',
            ),
          );
        return true;
      }
      return false;
    }

    app.get('/youtube/v3/channels', async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      if (await refused(q, reply)) return;
      const state = store.state;
      if (!q.part) return reply.code(400).send(googleError(400, 'missingRequiredParameter', 'No filter selected.'));
      const filters = ['forHandle', 'id', 'forUsername', 'mine'].filter((f) => q[f] !== undefined);
      if (filters.length !== 1) {
        return reply.code(400).send(googleError(400, 'incompatibleParameters', 'Exactly one filter must be given.'));
      }
      let items: EmulatedAccount[] = [];
      if (q.forHandle) {
        const h = bareUsername(q.forHandle);
        items = state.accounts.filter((a) => a.platform === 'youtube' && a.username === h);
      } else if (q.id) {
        const ids = q.id.split(',');
        items = state.accounts.filter((a) => a.platform === 'youtube' && ids.includes(a.id));
      } else if (q.forUsername) {
        const u = q.forUsername.toLowerCase();
        items = state.accounts.filter((a) => a.platform === 'youtube' && a.legacyUsername?.toLowerCase() === u);
      }
      store.save();
      const body: Record<string, unknown> = {
        kind: 'youtube#channelListResponse',
        etag: randomId(),
        pageInfo: { totalResults: items.length, resultsPerPage: 5 },
      };
      // As Google does: no `items` at all when nothing matched a handle.
      if (items.length) {
        body.items = items.map((a) => ({
          kind: 'youtube#channel',
          etag: randomId(),
          id: a.id,
          snippet: {
            title: a.title,
            description: a.bio,
            customUrl: `@${a.username}`,
            publishedAt: '2019-03-01T10:00:00Z',
            thumbnails: a.avatarUrl
              ? {
                  default: { url: a.avatarUrl, width: 88, height: 88 },
                  medium: { url: a.avatarUrl, width: 240, height: 240 },
                }
              : {},
          },
          statistics: {
            viewCount: String(a.followers * 37),
            // Counts are strings; hidden subscriber counts are left out.
            ...(a.hiddenFollowers ? {} : { subscriberCount: String(roundYoutube(a.followers)) }),
            hiddenSubscriberCount: a.hiddenFollowers,
            videoCount: String(a.videos),
          },
        }));
      }
      return body;
    });

    // videos.list (one quota unit): the proof-of-post check reads a video's channel, date and counts by id.
    app.get('/youtube/v3/videos', async (req, reply) => {
      const q = req.query as Record<string, string | undefined>;
      if (await refused(q, reply)) return;
      const state = store.state;
      if (!q.part) return reply.code(400).send(googleError(400, 'missingRequiredParameter', 'No filter selected.'));
      if (!q.id) return reply.code(400).send(googleError(400, 'missingRequiredParameter', 'No filter selected.'));
      const ids = q.id.split(',');
      const parts = q.part.split(',');
      const items = state.posts
        .filter((p) => p.platform === 'youtube' && ids.includes(p.id))
        .map((p) => {
          const channel = state.accounts.find((a) => a.platform === 'youtube' && a.id === p.accountId);
          return {
            kind: 'youtube#video',
            etag: randomId(),
            id: p.id,
            ...(parts.includes('snippet')
              ? {
                  snippet: {
                    publishedAt: p.publishedAt.replace(/\.\d{3}Z$/, 'Z'),
                    channelId: p.accountId,
                    title: `Video ${p.id}`,
                    description: '',
                    channelTitle: channel?.title ?? '',
                  },
                }
              : {}),
            // Counts are strings, as channels.list's.
            ...(parts.includes('statistics')
              ? {
                  statistics: {
                    viewCount: String(p.views),
                    likeCount: String(p.likes),
                    favoriteCount: '0',
                    commentCount: String(p.comments),
                  },
                }
              : {}),
          };
        });
      store.save();
      // A removed or unknown video is simply absent: 200 with an empty items array.
      return {
        kind: 'youtube#videoListResponse',
        etag: randomId(),
        items,
        pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      };
    });
  };
}

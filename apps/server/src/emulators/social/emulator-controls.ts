// The emulator's controls (unauthenticated, loopback only; the cross-site guard is in social-emulator.ts): read the
// state, add or change accounts, switch faults, expire access tokens. /dev/social and tests drive them.
import type { FastifyInstance } from 'fastify';
import type { EmulatedAccount, EmulatedPlatform } from '../../integrations/social/emulator-contract.ts';
import { bareUsername, newAccount, newPost, postUrl } from './emulator-seed.ts';
import type { SocialFaults, SocialStore } from './emulator-store.ts';

const accountPatch = (b: Record<string, unknown>): Partial<EmulatedAccount> => {
  const p: Partial<EmulatedAccount> = {};
  if (typeof b.title === 'string') p.title = b.title.slice(0, 100);
  if (typeof b.bio === 'string') p.bio = b.bio.slice(0, 5000);
  if (typeof b.avatarUrl === 'string' || b.avatarUrl === null) p.avatarUrl = b.avatarUrl as string | null;
  for (const k of ['followers', 'videos'] as const) {
    const n = Number(b[k]);
    if (b[k] !== undefined && b[k] !== '' && Number.isInteger(n) && n >= 0) p[k] = n;
  }
  if (b.hiddenFollowers !== undefined) p.hiddenFollowers = b.hiddenFollowers === true || b.hiddenFollowers === 'true';
  if (b.accountType === 'PERSONAL' || b.accountType === 'BUSINESS' || b.accountType === 'MEDIA_CREATOR')
    p.accountType = b.accountType;
  if (typeof b.legacyUsername === 'string') p.legacyUsername = b.legacyUsername || null;
  return p;
};

const platformOf = (p: string): EmulatedPlatform | null =>
  p === 'youtube' || p === 'tiktok' || p === 'instagram' ? p : null;

export function controlRoutes(store: SocialStore, now: () => number) {
  return (app: FastifyInstance) => {
    app.get('/_emulator/state', async () => ({
      accounts: store.state.accounts,
      posts: store.state.posts,
      faults: store.state.faults,
      quotaUsed: store.state.quotaUsed,
    }));
    app.post('/_emulator/:platform/accounts', async (req, reply) => {
      const platform = platformOf((req.params as { platform: string }).platform);
      const b = (req.body ?? {}) as Record<string, unknown>;
      const username = bareUsername(String(b.username ?? ''));
      if (!platform || !/^[a-z0-9._-]{1,60}$/.test(username))
        return reply.code(400).send({ message: 'platform youtube|tiktok|instagram and a username are required' });
      const existing = store.byKey(platform, username);
      const account = existing ?? newAccount(platform, username);
      Object.assign(account, accountPatch(b));
      if (!existing) store.state.accounts.push(account);
      store.save();
      return reply.code(existing ? 200 : 201).send(account);
    });
    app.patch('/_emulator/:platform/accounts/:key', async (req, reply) => {
      const { platform: p, key } = req.params as { platform: string; key: string };
      const platform = platformOf(p);
      const account = platform ? store.byKey(platform, key) : undefined;
      if (!account) return reply.code(404).send({ message: 'No such account' });
      Object.assign(account, accountPatch((req.body ?? {}) as Record<string, unknown>));
      store.save();
      return account;
    });
    /** A new post on an account (its link in `url`); `publishedAt`, `views`, `likes`, `comments` optional. */
    app.post('/_emulator/:platform/accounts/:key/posts', async (req, reply) => {
      const { platform: p, key } = req.params as { platform: string; key: string };
      const platform = platformOf(p);
      const account = platform ? store.byKey(platform, key) : undefined;
      if (!account) return reply.code(404).send({ message: 'No such account' });
      const b = (req.body ?? {}) as Record<string, unknown>;
      const extra: Record<string, unknown> = {};
      for (const k of ['views', 'likes', 'comments'] as const) {
        const n = Number(b[k]);
        if (b[k] !== undefined && b[k] !== '' && Number.isInteger(n) && n >= 0) extra[k] = n;
      }
      if (typeof b.publishedAt === 'string' && !Number.isNaN(Date.parse(b.publishedAt)))
        extra.publishedAt = new Date(b.publishedAt).toISOString();
      const n = store.state.posts.filter((x) => x.accountId === account.id).length + 1000 * Math.random();
      const post = newPost(account, Math.floor(n), extra);
      store.state.posts.push(post);
      store.save();
      return reply.code(201).send({ ...post, url: postUrl(account, post) });
    });
    /** The post is removed from its platform: reads no longer find it. */
    app.delete('/_emulator/:platform/posts/:id', async (req, reply) => {
      const { platform, id } = req.params as { platform: string; id: string };
      const before = store.state.posts.length;
      store.state.posts = store.state.posts.filter((x) => !(x.platform === platform && x.id === id));
      if (store.state.posts.length === before) return reply.code(404).send({ message: 'No such post' });
      store.save();
      return reply.code(204).send();
    });
    app.post('/_emulator/faults', async (req) => {
      const b = (req.body ?? {}) as Partial<SocialFaults>;
      const list = (v: unknown) =>
        Array.isArray(v) ? v.map(String).filter((x): x is EmulatedPlatform => !!platformOf(x)) : [];
      store.state.faults = {
        youtubeQuota: b.youtubeQuota === true,
        unavailable: list(b.unavailable),
        rateLimited: list(b.rateLimited),
        slowMs: Math.max(0, Math.min(60_000, Number(b.slowMs) || 0)),
      };
      store.save();
      return store.state.faults;
    });
    /** Every access token of a platform (or all) expires now: the next read needs a refresh. */
    app.post('/_emulator/tokens/expire', async (req) => {
      const platform = platformOf(String(((req.body ?? {}) as { platform?: string }).platform ?? ''));
      let n = 0;
      for (const t of Object.values(store.state.tokens)) {
        if (t.kind !== 'refresh' && (!platform || t.platform === platform)) {
          t.expiresAt = now() - 1;
          n++;
        }
      }
      store.save();
      return { expired: n };
    });
  };
}

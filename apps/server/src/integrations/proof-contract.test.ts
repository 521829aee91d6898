// The proof-of-post calls held to the providers' documentation (issue 25 §3, decision 039), as contract.test.ts
// holds the others: the documented examples (contract-fixtures/*-video*, instagram-media) are read by our clients,
// and the emulator answers their shape, so neither can drift from the real service unnoticed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocialEmulator } from '../emulators/social/social-emulator.ts';
import { expectDocumentedShape, fixture } from '../test/contract-fixtures.ts';
import { consentCode } from '../test/social-connect.ts';
import { SOCIAL_EMULATOR_CREDENTIALS as C } from './social/emulator-contract.ts';
import { createInstagramClient } from './social/instagram-client.ts';
import { pkceChallenge } from './social/oauth.ts';
import { createTiktokClient } from './social/tiktok-client.ts';
import { createYoutubeClient } from './social/youtube-client.ts';

const youtubeDoc = fixture('youtube-videos-list');
const tiktokDoc = fixture('tiktok-video-query');
const instagramDoc = fixture('instagram-media');

/** A fetch that answers with the documented body and keeps what it was asked. */
function recording(body: unknown) {
  const asked: { url: string; init: RequestInit }[] = [];
  const f: typeof fetch = async (input, init) => {
    asked.push({ url: String(input), init: init ?? {} });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { f, asked };
}

const VERIFIER = 'x'.repeat(50);

describe('proof-of-post calls', () => {
  const emulator = createSocialEmulator();
  let url: string;
  beforeAll(async () => {
    url = await emulator.listen();
  });
  afterAll(() => emulator.close());
  const postOf = (platform: string, username: string) => {
    const a = emulator.state.accounts.find((x) => x.platform === platform && x.username === username)!;
    return emulator.state.posts.find((p) => p.accountId === a.id)!;
  };

  it('YouTube videos.list: the client reads the documented answer; the emulator answers its shape', async () => {
    const { f, asked } = recording(youtubeDoc.response);
    const yt = createYoutubeClient({ apiKey: 'k', baseUrl: 'https://yt.test/youtube/v3', fetch: f });
    const videos = await yt.videos(['Ks-_Mh1QhMc']);
    expect(videos.get('Ks-_Mh1QhMc')).toEqual({
      id: 'Ks-_Mh1QhMc',
      ownerId: 'UCAuUUnT6oDeKwE6v1NGQxug',
      publishedAt: new Date('2012-10-01T15:27:35Z'),
      views: 24_016_575,
      likes: 380_114,
      comments: 10_553,
    });
    const sent = new URL(asked[0]!.url);
    expect(sent.pathname).toBe('/youtube/v3/videos');
    expect(sent.searchParams.get('part')).toBe('snippet,statistics');
    expect(sent.searchParams.get('id')).toBe('Ks-_Mh1QhMc');

    const own = postOf('youtube', 'tbilisi-eats');
    const emu = (await (
      await fetch(`${url}/youtube/v3/videos?part=snippet,statistics&id=${own.id},missing0000&key=${C.youtubeApiKey}`)
    ).json()) as { items: unknown[] };
    expectDocumentedShape(emu, youtubeDoc.response);
    expect(emu.items).toHaveLength(1); // an unknown id is simply absent
    const live = createYoutubeClient({ apiKey: C.youtubeApiKey, baseUrl: `${url}/youtube/v3` });
    expect((await live.videos([own.id])).get(own.id)?.ownerId).toBe(own.accountId);
  });

  it('TikTok video/query: the client sends the documented request and reads its answer; the emulator answers its shape', async () => {
    const { f, asked } = recording(tiktokDoc.response);
    const tt = createTiktokClient({
      clientKey: 'k',
      clientSecret: 's',
      authorizeUrl: 'https://tt.test/v2/auth/authorize/',
      apiBaseUrl: 'https://tt.test',
      fetch: f,
    });
    const videos = await tt.videos('act.token', tiktokDoc.request.body.filters.video_ids);
    expect([...videos.keys()]).toEqual(['1234123412345678567']);
    expect(videos.get('1234123412345678567')).toMatchObject({
      publishedAt: new Date(1_671_016_405_000),
      views: 2048,
      likes: 128,
      comments: 16,
    });
    const sent = asked[0]!;
    expect(new URL(sent.url).pathname).toBe('/v2/video/query/');
    expect(new URL(sent.url).searchParams.get('fields')).toContain('create_time');
    expect(sent.init.method).toBe('POST');
    expect((sent.init.headers as Record<string, string>).authorization).toBe('Bearer act.token');
    expect(JSON.parse(String(sent.init.body))).toEqual(tiktokDoc.request.body);

    // The emulator, with a real token of @kartuli.dance: its own video comes back, another creator's does not.
    const live = createTiktokClient({
      clientKey: C.tiktokClientKey,
      clientSecret: C.tiktokClientSecret,
      authorizeUrl: `${url}/tiktok/v2/auth/authorize/`,
      apiBaseUrl: `${url}/tiktok`,
    });
    const code = await consentCode(
      live.authorizeUrl({ state: 's', challenge: pkceChallenge(VERIFIER, 'hex'), redirectUri: 'https://app.test/cb' }),
      'kartuli.dance',
    );
    const tokens = await live.exchangeCode({ code, verifier: VERIFIER, redirectUri: 'https://app.test/cb' });
    const own = postOf('tiktok', 'kartuli.dance');
    const foreign = emulator.state.posts.find((p) => p.platform === 'tiktok' && p.accountId !== own.accountId)!;
    const raw = (await (
      await fetch(`${url}/tiktok/v2/video/query/?${tiktokDoc.request.query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ filters: { video_ids: [own.id, foreign.id] } }),
      })
    ).json()) as { data: { videos: { id: string }[] } };
    expectDocumentedShape(raw, tiktokDoc.response);
    expect(raw.data.videos.map((v) => v.id)).toEqual([own.id]);
    expect((await live.videos(tokens.accessToken, [foreign.id])).size).toBe(0);
  });

  it('Instagram /me/media: the client finds a permalink among the documented answer; the emulator answers its shape', async () => {
    const { f } = recording(instagramDoc.response);
    const ig = createInstagramClient({
      appId: 'a',
      appSecret: 's',
      authorizeUrl: 'https://ig.test/oauth/authorize',
      apiBaseUrl: 'https://api.ig.test',
      graphBaseUrl: 'https://graph.ig.test',
      graphVersion: 'v25.0',
      fetch: f,
    });
    expect(await ig.findMedia('t', 'C0zYxW9vUtS')).toEqual({
      id: '17899305451014820',
      ownerId: null,
      publishedAt: new Date('2026-11-02T09:00:00Z'),
      views: null,
      likes: 75,
      comments: 3,
    });
    expect(await ig.findMedia('t', 'NotThere123')).toBeNull();

    const live = createInstagramClient({
      appId: C.instagramAppId,
      appSecret: C.instagramAppSecret,
      authorizeUrl: `${url}/instagram/oauth/authorize`,
      apiBaseUrl: `${url}/instagram`,
      graphBaseUrl: `${url}/instagram/graph`,
      graphVersion: 'v25.0',
    });
    const code = await consentCode(
      live.authorizeUrl({
        state: 's',
        challenge: pkceChallenge(VERIFIER, 'base64url'),
        redirectUri: 'https://app.test/cb',
      }),
      'batumi.sunsets',
    );
    const t = await live.exchangeCode({ code, verifier: VERIFIER, redirectUri: 'https://app.test/cb' });
    const raw = (await (
      await fetch(
        `${url}/instagram/graph/v25.0/me/media?fields=id,permalink,timestamp,like_count,comments_count&limit=2&access_token=${t.accessToken}`,
      )
    ).json()) as { paging: { next?: string } };
    expectDocumentedShape(raw, instagramDoc.response);
    expect(raw.paging.next).toMatch(/after=/); // three posts, two a page
    const own = postOf('instagram', 'batumi.sunsets');
    expect(await live.findMedia(t.accessToken, own.shortcode!)).toMatchObject({ id: own.id, likes: own.likes });
  });
});

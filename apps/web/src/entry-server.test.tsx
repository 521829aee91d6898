// The server's renderer (issue 11 §3), run as the server runs it: in Node, with no DOM. What it draws, where it sends
// a person instead, what it asks for and what it hands the browser.
import type { Bootstrap } from '@app/shared/common/bootstrap.schemas';
import { describe, expect, it } from 'vitest';
import { aCampaignCard } from '@/features/campaigns/test-data';
import { aPerson } from '@/test/fixtures';
import { render, type ServerGet, serializeServerState } from './entry-server';

const categories = [{ id: 'cat1', name: 'Food & Drinks', description: null, offered: true }];
const boot = (user: Bootstrap['user'], language: Bootstrap['language'] = 'en'): Bootstrap => ({
  user,
  unreadCount: user ? 3 : null,
  noticeCount: user ? 1 : null,
  categories,
  language,
});
const client = aPerson({ role: 'client' });
const influencer = aPerson({ id: 'u2', role: 'influencer', name: 'Giorgi' });

/** A `get` that answers from `answers` (404 otherwise) and records what it was asked. */
function answering(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const get: ServerGet = async (path) => {
    asked.push(path);
    return path in answers
      ? { status: 200, body: JSON.stringify(answers[path]) }
      : { status: 404, body: JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found' } }) };
  };
  return { get, asked };
}

const feed = (...titles: string[]) => ({
  items: titles.map((title, i) => aCampaignCard({ id: `5b1d2c3e-0000-4000-8000-00000000000${i}`, title })),
  nextCursor: null,
});

describe('render (the server side of a page)', () => {
  it('draws the sign-in screen for nobody, names it, and hands over the categories it was drawn with', async () => {
    const { get, asked } = answering({});
    const out = await render({ url: '/auth', boot: boot(null), get });
    expect(out.kind).toBe('page');
    if (out.kind !== 'page') return;
    expect(out.html).toContain('Log in');
    expect(out.html).toMatch(/<input[^>]+type="email"/);
    expect(out.title).toBe('Log in · Influence');
    expect(asked).toEqual([]);
    const keys = out.state.queries.queries.map((q) => q.queryKey);
    expect(keys).toContainEqual(['categories']);
    expect(keys).toContainEqual(['me']);
  });

  it('draws the page in the language the server resolved, and two languages rendered at once do not mix', async () => {
    const { get } = answering({});
    const [ka, en] = await Promise.all([
      render({ url: '/auth', boot: boot(null, 'ka'), get }),
      render({ url: '/auth', boot: boot(null, 'en'), get }),
    ]);
    if (ka.kind !== 'page' || en.kind !== 'page') throw new Error('not rendered');
    expect(ka.html).toContain('შესვლა');
    expect(ka.html).not.toContain('Log in');
    expect(ka.title).toBe('შესვლა · Influence');
    expect(en.html).toContain('Log in');
    expect(en.html).not.toContain('შესვლა');
  });

  it('draws every form that takes a password to be sent in a body, never in the address', async () => {
    const { get } = answering({});
    for (const url of ['/auth', '/auth?mode=register']) {
      const out = await render({ url, boot: boot(null), get });
      if (out.kind !== 'page') throw new Error(`${url}: ${out.kind}`);
      const forms = [...out.html.matchAll(/<form[^>]*>[\s\S]*?<\/form>/g)].map((m) => m[0]);
      const withPassword = forms.filter((f) => /type="password"/.test(f));
      expect(withPassword.length, url).toBeGreaterThan(0);
      for (const form of withPassword) expect(form).toMatch(/^<form[^>]*method="post"/);
    }
  });

  it('sends a signed-out person from a screen to /auth, and a client from the orders to the campaigns', async () => {
    const { get } = answering({});
    expect(await render({ url: '/campaigns', boot: boot(null), get })).toEqual({ kind: 'redirect', to: '/auth' });
    expect(await render({ url: '/orders', boot: boot(client), get })).toEqual({ kind: 'redirect', to: '/campaigns' });
  });

  it("asks for the screen's data as the browser would, and draws the screen with it", async () => {
    const { get, asked } = answering({ '/api/campaigns?limit=12': feed('Summer drinks launch', 'Winter coats') });
    const out = await render({ url: '/campaigns', boot: boot(client), get });
    expect(out.kind).toBe('page');
    if (out.kind !== 'page') return;
    // Only the screen's data: the bell's count came with the bootstrap (issue 24).
    expect(asked).toEqual(['/api/campaigns?limit=12']);
    expect(out.html).toContain('Summer drinks launch');
    expect(out.html).toContain('Winter coats');
    expect(out.title).toBe('Campaigns · Influence');
    // The browser hydrates with the same answer under the list's own key.
    const list = out.state.queries.queries.find((q) => q.queryKey[0] === 'campaigns');
    expect(list?.state.status).toBe('success');
  });

  it('asks a filtered list exactly as the screen builds it from the address', async () => {
    const { get, asked } = answering({});
    await render({ url: '/campaigns?sort=budget&q=lemon', boot: boot(influencer), get });
    expect(asked).toContain('/api/campaigns?limit=12&q=lemon&sort=budget');
  });

  it('leaves a refused answer to the browser: the screen is drawn loading and the query is not handed over', async () => {
    const { get, asked } = answering({});
    const id = '5b1d2c3e-0000-4000-8000-0000000000ff';
    const out = await render({ url: `/campaigns/${id}`, boot: boot(client), get });
    expect(asked).toEqual([`/api/campaigns/${id}`]);
    expect(out.kind).toBe('page');
    if (out.kind !== 'page') return;
    expect(out.state.queries.queries.some((q) => q.queryKey[0] === 'campaigns')).toBe(false);
    expect(out.html).not.toContain('Campaign Not Found');
  });

  it("keeps two people's renders apart when they run at the same time", async () => {
    const a = answering({ '/api/campaigns?limit=12': feed("Nino's campaign") });
    const b = answering({ '/api/campaigns?limit=12': feed("Giorgi's feed") });
    const [forA, forB] = await Promise.all([
      render({ url: '/campaigns', boot: boot(client), get: a.get }),
      render({ url: '/campaigns', boot: boot(influencer), get: b.get }),
    ]);
    expect(forA.kind === 'page' && forA.html).toContain('Nino&#x27;s campaign');
    expect(forA.kind === 'page' && forA.html).not.toContain('Giorgi');
    expect(forB.kind === 'page' && forB.html).toContain('Giorgi&#x27;s feed');
    expect(forB.kind === 'page' && forB.html).not.toContain('Nino&#x27;s');
  });
});

describe('serializeServerState', () => {
  it('cannot end the script element it is written into, whatever a title says', () => {
    const text = serializeServerState({
      wide: false,
      queries: {
        mutations: [],
        queries: [
          {
            queryKey: ['x'],
            queryHash: '["x"]',
            dehydratedAt: 0,
            state: { data: { title: '</script><script>alert(1)</script> & \u2028' } } as never,
          },
        ],
      },
    });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text).queries.queries[0].state.data.title).toBe('</script><script>alert(1)</script> & \u2028');
  });
});

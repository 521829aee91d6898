// The campaign list's search, sort and budget range (issue 14, decision 025): every rule through HTTP on a real
// database, each bad value refused with a 400 that says what to fix.
import { businessToday } from '@app/shared/common/dates';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../db/schema.ts';
import { type Person, person } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

type Card = { id: string; title: string; budgetMinor: number; deadline: string | null };

let t: TestApp;
let influencer: Person;

const dayFromToday = (days: number) => {
  const d = new Date(`${businessToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function create(cookie: string, body: Record<string, unknown>): Promise<Card> {
  const res = await t.req({
    method: 'POST',
    url: '/api/campaigns',
    cookie,
    body: {
      title: 'A campaign',
      socials: ['instagram'],
      description: 'Two reels.',
      budget: 100,
      deadline: null,
      ...body,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

const list = (cookie: string, query: string) => t.req({ url: `/api/campaigns?${query}`, cookie });
const titles = async (cookie: string, query: string) => {
  const res = await list(cookie, query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Card[]).map((c) => c.title);
};

/** Every card of a list, following nextCursor to the end, `limit` at a time. */
async function allPages(cookie: string, query: string, limit = 2): Promise<Card[]> {
  const cards: Card[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const res = await list(cookie, `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    cards.push(...res.json().items);
    cursor = res.json().nextCursor;
    if (!cursor) return cards;
  }
  throw new Error('the list never ended');
}

async function expectRefused(cookie: string, query: string, field: string, message: string) {
  const res = await list(cookie, query);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
  expect(res.json().error.code).toBe('VALIDATION_ERROR');
  expect(res.json().error.details.fieldErrors[field]).toEqual([message]);
}

beforeAll(async () => {
  t = await createTestApp();
  influencer = await person(t, 'influencer');
});
afterAll(() => t.close());

describe('search', () => {
  let client: Person;
  beforeAll(async () => {
    client = await person(t, 'client');
    await create(client.cookie, { title: 'Summer drinks', description: 'Three short videos with our lemonade.' });
    await create(client.cookie, { title: 'Winter coats', description: 'A try-on haul for the cold season.' });
    await create(client.cookie, { title: 'ზაფხულის აქცია', description: 'ორი ვიდეო ჩვენი ლიმონათით.' });
    await create(client.cookie, { title: 'Newsletter', description: "An e-mail to O'Reilly's readers, 50% off." });
  });

  it('finds word prefixes in the title and the description, in any case', async () => {
    expect(await titles(client.cookie, 'q=sum')).toEqual(['Summer drinks']);
    expect(await titles(client.cookie, 'q=SUMMER')).toEqual(['Summer drinks']);
    expect(await titles(client.cookie, 'q=lemon')).toEqual(['Summer drinks']);
    expect(await titles(client.cookie, 'q=%20%20haul%20')).toEqual(['Winter coats']);
  });

  it('needs every word: "sum dri" finds Summer drinks, "sum coat" finds nothing', async () => {
    expect(await titles(client.cookie, `q=${encodeURIComponent('sum dri')}`)).toEqual(['Summer drinks']);
    expect(await titles(client.cookie, `q=${encodeURIComponent('sum coat')}`)).toEqual([]);
  });

  it('finds Georgian words by their beginning too', async () => {
    expect(await titles(client.cookie, `q=${encodeURIComponent('ზაფხ')}`)).toEqual(['ზაფხულის აქცია']);
    expect(await titles(client.cookie, `q=${encodeURIComponent('ლიმონ')}`)).toEqual(['ზაფხულის აქცია']);
  });

  it('splits words as the indexed text does: "e-mail", "mail" and an apostrophe find the same campaign', async () => {
    for (const q of ['e-mail', 'mail', "O'Reilly", 'reilly', '50%']) {
      expect(await titles(client.cookie, `q=${encodeURIComponent(q)}`), q).toEqual(['Newsletter']);
    }
  });

  it('takes search syntax as plain text and an only-punctuation search as matching nothing', async () => {
    for (const q of ["sum & | ! ( ) : * <-> '", 'back\\slash', '!!!', "'''", '\\']) {
      const res = await list(client.cookie, `q=${encodeURIComponent(q)}`);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    }
    expect(await titles(client.cookie, `q=${encodeURIComponent('!!!')}`)).toEqual([]);
    // A blank search is no search.
    expect(await titles(client.cookie, 'q=%20%20')).toHaveLength(4);
  });

  it('refuses a search too long or with a NUL character', async () => {
    await expectRefused(client.cookie, `q=${'a'.repeat(101)}`, 'q', 'Search can be at most 100 characters');
    // The request guard refuses a NUL in any query string before the schema sees it (issue 8.5).
    await expectRefused(
      client.cookie,
      'q=a%00b',
      'query.q',
      'Text cannot contain the NUL character. Remove it and try again.',
    );
  });

  it("searches an influencer's feed across brands, with the platform filter", async () => {
    const other = await person(t, 'client');
    const word = `zebra${Date.now().toString(36)}`;
    const insta = await create(other.cookie, { title: `${word} insta`, socials: ['instagram'] });
    const tiktok = await create(client.cookie, { title: `${word} tiktok`, socials: ['tiktok'] });
    const ids = (await allPages(influencer.cookie, `q=${word.slice(0, 7)}`)).map((c) => c.id);
    expect(ids).toEqual([tiktok.id, insta.id]);
    const filtered = (await allPages(influencer.cookie, `q=${word}&platform=tiktok`)).map((c) => c.id);
    expect(filtered).toEqual([tiktok.id]);
  });
});

describe('sort', () => {
  it('orders by highest budget, ties by id, and pages through them without overlap', async () => {
    const client = await person(t, 'client');
    const made = [];
    for (const budget of [300, 5000, 300, 20, 300, 1000]) made.push(await create(client.cookie, { budget }));
    const cards = await allPages(client.cookie, 'sort=budget');
    expect(cards.map((c) => c.budgetMinor)).toEqual([500_000, 100_000, 30_000, 30_000, 30_000, 2000]);
    const ties = made.filter((c) => c.budgetMinor === 30_000).map((c) => c.id);
    expect(cards.slice(2, 5).map((c) => c.id)).toEqual([...ties].sort().reverse());
    expect(new Set(cards.map((c) => c.id)).size).toBe(6);
  });

  it('orders by soonest deadline, the ones without a deadline last; passed deadlines stay out', async () => {
    const client = await person(t, 'client');
    const later = await create(client.cookie, { title: 'In ten days', deadline: dayFromToday(10) });
    const none1 = await create(client.cookie, { title: 'No deadline 1', deadline: null });
    const today = await create(client.cookie, { title: 'Today', deadline: dayFromToday(0) });
    const none2 = await create(client.cookie, { title: 'No deadline 2', deadline: null });
    const soon = await create(client.cookie, { title: 'Tomorrow', deadline: dayFromToday(1) });
    await t.db.insert(campaigns).values({
      clientId: client.profileId,
      title: 'Passed',
      description: 'd',
      budgetMinor: 100,
      socials: ['instagram'],
      deadline: dayFromToday(-1),
    });
    // Page size 2 puts a page boundary between the dated and the undated ones.
    const cards = await allPages(client.cookie, 'sort=deadline');
    const undated = [none1.id, none2.id].sort();
    expect(cards.map((c) => c.id)).toEqual([today.id, soon.id, later.id, ...undated]);
    expect(cards.map((c) => c.title)).not.toContain('Passed');
  });

  it('keeps newest first as the default, and sorts the influencer’s own applications in with the open ones', async () => {
    const client = await person(t, 'client');
    const small = await create(client.cookie, { title: 'Small', budget: 7 });
    const big = await create(client.cookie, { title: 'Big applied', budget: 999_999 });
    expect(
      (await t.req({ method: 'POST', url: `/api/campaigns/${big.id}/applications`, cookie: influencer.cookie }))
        .statusCode,
    ).toBe(201);
    // Closed for everyone else: only the "applied" branch of the feed still holds it.
    await t.db.update(campaigns).set({ status: 'in_progress' }).where(eq(campaigns.id, big.id));
    expect(await titles(client.cookie, 'sort=newest')).toEqual(['Big applied', 'Small']);
    expect(await titles(client.cookie, '')).toEqual(['Big applied', 'Small']);

    const feed = await allPages(influencer.cookie, 'sort=budget', 3);
    expect(feed.map((c) => c.id)).toEqual(expect.arrayContaining([big.id, small.id]));
    const budgets = feed.map((c) => c.budgetMinor);
    expect(budgets).toEqual([...budgets].sort((a, b) => b - a));
  });

  it('refuses an unknown sort, and a cursor made for another sort', async () => {
    const client = await person(t, 'client');
    await create(client.cookie, {});
    await create(client.cookie, {});
    await expectRefused(client.cookie, 'sort=cheapest', 'sort', 'Sort by one of: newest, budget, deadline');
    const newest = (await list(client.cookie, 'limit=1')).json().nextCursor as string;
    const byBudget = (await list(client.cookie, 'limit=1&sort=budget')).json().nextCursor as string;
    expect(Buffer.from(byBudget, 'base64url').toString()).toMatch(/^budget\|10000\|[0-9a-f-]{36}$/);
    for (const query of [
      `sort=budget&cursor=${newest}`,
      `sort=newest&cursor=${byBudget}`,
      `sort=deadline&cursor=${byBudget}`,
    ]) {
      const res = await list(client.cookie, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toBe('This page link is no longer valid. Reload the list to start again.');
    }
    const forged = [
      'budget|12x|00000000-0000-4000-8000-000000000000',
      'budget|99999999999|00000000-0000-4000-8000-000000000000',
      'deadline|2030-02-30|00000000-0000-4000-8000-000000000000',
      'deadline|never|00000000-0000-4000-8000-000000000000',
    ];
    for (const raw of forged) {
      const sort = raw.split('|')[0];
      const res = await list(client.cookie, `sort=${sort}&cursor=${Buffer.from(raw).toString('base64url')}`);
      expect(res.statusCode, raw).toBe(400);
    }
    const infinity = Buffer.from('deadline|infinity|00000000-0000-4000-8000-000000000000').toString('base64url');
    expect((await list(client.cookie, `sort=deadline&cursor=${infinity}`)).statusCode).toBe(200);
  });
});

describe('budget range', () => {
  let client: Person;
  beforeAll(async () => {
    client = await person(t, 'client');
    for (const budget of [1, 99, 100, 250, 500, 501, 1_000_000]) {
      await create(client.cookie, { title: `GEL ${budget}`, budget });
    }
  });

  it('keeps campaigns whose budget is within the bounds (whole GEL, both inclusive)', async () => {
    expect(await titles(client.cookie, 'minBudget=100&maxBudget=500&sort=budget')).toEqual([
      'GEL 500',
      'GEL 250',
      'GEL 100',
    ]);
    expect(await titles(client.cookie, 'minBudget=501&sort=budget')).toEqual(['GEL 1000000', 'GEL 501']);
    expect(await titles(client.cookie, 'maxBudget=99&sort=budget')).toEqual(['GEL 99', 'GEL 1']);
    expect(await titles(client.cookie, 'minBudget=250&maxBudget=250')).toEqual(['GEL 250']);
    // Empty bounds (a cleared box) are no bounds.
    expect(await titles(client.cookie, 'minBudget=&maxBudget=')).toHaveLength(7);
  });

  it('pages through a range in every sort', async () => {
    for (const sort of ['newest', 'budget', 'deadline']) {
      const cards = await allPages(client.cookie, `minBudget=99&maxBudget=501&sort=${sort}`);
      expect(cards.map((c) => c.title).sort(), sort).toEqual(['GEL 100', 'GEL 250', 'GEL 500', 'GEL 501', 'GEL 99']);
    }
  });

  it.each([
    ['letters', 'minBudget=abc', 'minBudget', 'Minimum budget must be a number of GEL'],
    ['a fraction', 'maxBudget=12.5', 'maxBudget', 'Maximum budget is in whole GEL'],
    ['a negative bound', 'minBudget=-5', 'minBudget', 'Minimum budget cannot be negative'],
    ['a bound above any budget', 'maxBudget=1000001', 'maxBudget', 'Maximum budget must be at most 1,000,000 GEL'],
    [
      'a minimum above the maximum',
      'minBudget=500&maxBudget=100',
      'minBudget',
      'Minimum budget cannot be more than the maximum',
    ],
  ])('refuses %s with a message', async (_name, query, field, message) => {
    await expectRefused(client.cookie, query, field, message);
  });
});

describe('everything at once', () => {
  it('searches, filters by platform and budget, and sorts, for an influencer, page by page', async () => {
    const brand = await person(t, 'client');
    const word = `kiwi${Date.now().toString(36)}`;
    const made: Card[] = [];
    for (const [i, budget] of [50, 400, 800, 1200, 300, 700].entries()) {
      made.push(
        await create(brand.cookie, {
          title: `${word} ${i}`,
          budget,
          socials: [i % 2 ? 'tiktok' : 'youtube'],
          deadline: dayFromToday(6 - i),
        }),
      );
    }
    const cards = await allPages(influencer.cookie, `q=${word}&minBudget=300&maxBudget=1000&sort=deadline`);
    expect(cards.map((c) => c.budgetMinor)).toEqual([70_000, 30_000, 80_000, 40_000]);
    const tiktok = await allPages(influencer.cookie, `q=${word}&platform=tiktok&sort=budget`);
    expect(tiktok.map((c) => c.budgetMinor)).toEqual([120_000, 70_000, 40_000]);
    await t.db.delete(campaigns).where(
      inArray(
        campaigns.id,
        made.map((c) => c.id),
      ),
    );
    expect(await allPages(influencer.cookie, `q=${word}`)).toEqual([]);
  });

  it('keeps the search document in step with the text (a generated column)', async () => {
    const client = await person(t, 'client');
    const c = await create(client.cookie, { title: 'Original words' });
    await t.db.update(campaigns).set({ title: 'Replaced text' }).where(eq(campaigns.id, c.id));
    expect(await titles(client.cookie, 'q=orig')).toEqual([]);
    expect(await titles(client.cookie, 'q=repl')).toEqual(['Replaced text']);
    const [row] = await t.db
      .select({ doc: sql<string>`${campaigns.searchVector}::text` })
      .from(campaigns)
      .where(eq(campaigns.id, c.id));
    expect(row!.doc).toContain("'replaced'");
  });
});

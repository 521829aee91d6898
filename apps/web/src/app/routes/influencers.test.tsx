// @vitest-environment jsdom
import type { InfluencerCard } from '@app/shared/influencers/influencer.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadChoiceSelect } from '@/components/ui/choice-select';
import { Route, Routes, useLocation } from '@/lib/router';
import { meKeys } from '@/lib/session-cache';
import { aPerson } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { InfluencersRoute } from './influencers';

const GAMING = '7a7a7a7a-1111-4111-8111-111111111111';
const SPORTS = '7a7a7a7a-2222-4222-8222-222222222222';
const CATEGORIES = [
  { id: GAMING, name: 'Gaming', description: null, offered: true },
  { id: SPORTS, name: 'Sports', description: null, offered: false },
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const card = (n: number): InfluencerCard => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Creator${n}`,
  lastname: 'Test',
  avatarUrl: null,
  socials: {},
  categories: [],
  platforms: [],
  totalFollowers: 0,
  prices: [],
  rating: { average: null, count: 0 },
});

type Page = { items: InfluencerCard[]; nextCursor: string | null };

/** Answers the directory with `pages(query)`; records every directory query string. */
function fakeServer(directory: (query: URLSearchParams) => Page | Response) {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/categories') return json({ items: CATEGORIES });
      if (url.startsWith('/api/influencers?')) {
        const query = new URL(url, 'http://x').searchParams;
        queries.push(query);
        const answer = directory(query);
        return answer instanceof Response ? answer : json(answer);
      }
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }),
  );
  return queries;
}

function Address() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{pathname + search}</output>;
}

function renderDirectory(route: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/influencers"
        element={
          <>
            <InfluencersRoute />
            <Address />
          </>
        }
      />
    </Routes>,
    { route, prepare: (c) => c.setQueryData(meKeys.me, aPerson({ role: 'client' })) },
  );
}

const address = () => screen.getByTestId('address').textContent;
const platforms = () => screen.getByRole('group', { name: 'Platform' });

// The menus as they are once their code has loaded (the stand-in before it: choice-select.test.tsx).
beforeAll(() => preloadChoiceSelect());

beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});
afterEach(() => vi.unstubAllGlobals());

describe('InfluencersRoute', () => {
  it('filters by the address, and the chips and the select show it', async () => {
    const queries = fakeServer(() => ({ items: [card(1)], nextCursor: null }));
    renderDirectory(`/influencers?social=tiktok&category=${GAMING}`);
    expect(await screen.findByRole('heading', { name: 'Creator1 Test' })).toBeVisible();
    expect(queries.at(-1)?.get('social')).toBe('tiktok');
    expect(queries.at(-1)?.get('category')).toBe(GAMING);
    expect(within(platforms()).getByRole('button', { name: 'TikTok' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(platforms()).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Gaming'));
  });

  it('a chip or a category changes the address and the list; the other filter is kept', async () => {
    const queries = fakeServer(() => ({ items: [card(1)], nextCursor: null }));
    renderDirectory(`/influencers?category=${GAMING}`);
    await screen.findByRole('heading', { name: 'Creator1 Test' });

    await userEvent.click(within(platforms()).getByRole('button', { name: 'Instagram' }));
    expect(Object.fromEntries(new URLSearchParams(address()?.split('?')[1]))).toEqual({
      category: GAMING,
      social: 'instagram',
    });
    await waitFor(() => expect(queries.at(-1)?.get('social')).toBe('instagram'));
    expect(queries.at(-1)?.get('category')).toBe(GAMING);

    const select = screen.getByRole('combobox', { name: 'Category' });
    await waitFor(() => expect(select).toBeEnabled());
    await userEvent.click(select);
    // Only the offered categories are choices, plus "All categories".
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['All categories', 'Gaming']);
    await userEvent.click(screen.getByRole('option', { name: 'All categories' }));
    expect(address()).toBe('/influencers?social=instagram');
    await waitFor(() => expect(queries.at(-1)?.has('category')).toBe(false));
  });

  it('shows the list without filters the server would refuse, and says they were not recognised', async () => {
    const queries = fakeServer(() => ({ items: [card(1)], nextCursor: null }));
    renderDirectory('/influencers?social=myspace&category=not-an-id');
    await screen.findByRole('heading', { name: 'Creator1 Test' });
    expect(queries.at(-1)?.has('social')).toBe(false);
    expect(queries.at(-1)?.has('category')).toBe(false);
    expect(within(platforms()).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      screen.getByText(
        'This link has filters that were not recognised, so they are not applied: platform “myspace”, category.',
      ),
    ).toBeVisible();
    // Announced: it sits in a status region.
    expect(screen.getByText(/not recognised/).closest('[role="status"]')).not.toBeNull();
    // Choosing a filter writes a clean address, and the notice goes.
    await userEvent.click(within(platforms()).getByRole('button', { name: 'TikTok' }));
    expect(address()).toBe('/influencers?social=tiktok');
    expect(screen.queryByText(/not recognised/)).toBeNull();
  });

  it('reports a category id that does not exist and lists everyone instead', async () => {
    const queries = fakeServer(() => ({ items: [card(1)], nextCursor: null }));
    renderDirectory('/influencers?category=7a7a7a7a-9999-4999-8999-999999999999&social=tiktok');
    expect(
      await screen.findByText('This link has a filter that was not recognised, so it is not applied: category.'),
    ).toBeVisible();
    await waitFor(() => expect(queries.at(-1)?.has('category')).toBe(false));
    expect(queries.at(-1)?.get('social')).toBe('tiktok');
  });

  it('with filters and no match, offers to clear them; without filters says nobody is here yet', async () => {
    fakeServer(() => ({ items: [], nextCursor: null }));
    const { unmount } = renderDirectory('/influencers?social=linkedin');
    expect(await screen.findByText('No influencers found matching your filters')).toBeVisible();
    const clears = screen.getAllByRole('button', { name: 'Clear filters' });
    await userEvent.click(clears[clears.length - 1] as HTMLElement);
    expect(address()).toBe('/influencers');
    expect(await screen.findByText('No influencers available yet')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    unmount();
  });

  it("loads the next page with 'Load more' until there is none", async () => {
    const queries = fakeServer((q) =>
      q.get('cursor') === 'page-2'
        ? { items: [card(3)], nextCursor: null }
        : { items: [card(1), card(2)], nextCursor: 'page-2' },
    );
    renderDirectory('/influencers');
    await screen.findByRole('heading', { name: 'Creator2 Test' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Creator3 Test' })).toBeVisible();
    expect(queries.map((q) => q.get('cursor'))).toEqual([null, 'page-2']);
    const list = screen.getByRole('list', { name: 'Influencers' });
    expect(
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Creator1 Test', 'Creator2 Test', 'Creator3 Test']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it("says 'Failed to load influencers data' and retries", async () => {
    let fail = true;
    fakeServer(() =>
      fail
        ? json({ error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' } }, 500)
        : { items: [card(1)], nextCursor: null },
    );
    renderDirectory('/influencers');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load influencers data');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Creator1 Test' })).toBeVisible();
  });

  it('is Access Restricted for an influencer', () => {
    fakeServer(() => ({ items: [], nextCursor: null }));
    renderWithProviders(<InfluencersRoute />, {
      prepare: (c) => c.setQueryData(meKeys.me, aPerson({ role: 'influencer' })),
    });
    expect(screen.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
    expect(screen.getByText('This page is only available for clients to browse influencers.')).toBeVisible();
  });
});

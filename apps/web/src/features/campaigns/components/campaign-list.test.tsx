// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { aCampaignCard, apiError, json } from '../test-data';
import { CampaignList } from './campaign-list';

function stubFetch(answer: (url: URL) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string) => answer(new URL(url, 'http://localhost')));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('CampaignList', () => {
  it('draws an influencer card: truncated title and description, GEL budget, the client, Applied and Invited', async () => {
    stubFetch(() =>
      json({
        items: [
          aCampaignCard({
            id: 'c-1',
            title: 'A very long campaign title that goes on',
            description: 'd'.repeat(160),
            budgetMinor: 250_050,
            deadline: '2026-08-15',
            applicationStatus: 'pending',
            invited: true,
          }),
        ],
        nextCursor: null,
      }),
    );
    renderWithProviders(<CampaignList viewerRole="influencer" filter={{}} />);
    const link = await screen.findByRole('link', { name: 'A very long campaign title tha...' });
    expect(link).toHaveAttribute('href', '/campaigns/c-1');
    const card = link.closest('article') as HTMLElement;
    expect(within(card).getByText(`${'d'.repeat(150)}...`)).toBeInTheDocument();
    expect(within(card).getByText('2,500.50 GEL')).toBeInTheDocument();
    expect(within(card).getByText('Aug 15, 2026')).toBeInTheDocument();
    expect(within(card).getByText('Nino Beridze')).toBeInTheDocument();
    expect(await within(card).findByText('NB')).toBeInTheDocument();
    expect(within(card).getByText('Applied')).toBeInTheDocument();
    expect(within(card).getByText('Invited')).toBeInTheDocument();
    expect(within(card).getByText('Open for Applications')).toBeInTheDocument();
    expect(within(card).getByText('Instagram')).toBeInTheDocument();
  });

  it("draws a client card with its applicants count and no 'Applied'", async () => {
    stubFetch(() => json({ items: [aCampaignCard({ applicationsCount: 3 })], nextCursor: null }));
    renderWithProviders(<CampaignList viewerRole="client" filter={{}} />);
    expect(await screen.findByText('3 applicants')).toBeInTheDocument();
    expect(screen.queryByText('Applied')).not.toBeInTheDocument();
    expect(screen.queryByText('Nino Beridze')).not.toBeInTheDocument();
  });

  it.each([
    ['client', undefined, 'No campaigns created yet'],
    ['influencer', undefined, 'No campaigns available'],
    ['influencer', 'tiktok', 'No campaigns found for TikTok'],
  ] as const)('%s with filter %s and nothing to show: %s', async (role, platform, text) => {
    const fetchMock = stubFetch(() => json({ items: [], nextCursor: null }));
    renderWithProviders(<CampaignList viewerRole={role} filter={{ platform }} />);
    expect(await screen.findByRole('heading', { name: text })).toBeInTheDocument();
    const url = new URL(fetchMock.mock.calls[0]?.[0] as string, 'http://localhost');
    expect(url.pathname).toBe('/api/campaigns');
    expect(url.searchParams.get('platform')).toBe(platform ?? null);
  });

  it("says 'Failed to load campaigns' and tries again", async () => {
    let fail = true;
    stubFetch(() =>
      fail
        ? apiError(500, 'INTERNAL_ERROR', 'Internal server error')
        : json({ items: [aCampaignCard()], nextCursor: null }),
    );
    renderWithProviders(<CampaignList viewerRole="client" filter={{}} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load campaigns');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Summer drinks launch' })).toBeInTheDocument();
  });

  it("loads the next page with the server's cursor and appends it; no button after the last page", async () => {
    const fetchMock = stubFetch((url) =>
      url.searchParams.get('cursor') === 'page-2'
        ? json({ items: [aCampaignCard({ id: 'b', title: 'Second page' })], nextCursor: null })
        : json({ items: [aCampaignCard({ id: 'a', title: 'First page' })], nextCursor: 'page-2' }),
    );
    renderWithProviders(<CampaignList viewerRole="influencer" filter={{}} />);
    await screen.findByRole('link', { name: 'First page' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Second page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'First page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

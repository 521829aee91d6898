// @vitest-environment jsdom
import type { ClientHome } from '@app/shared/influencers/influencer.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { HomeStats } from './home-stats';
import { TopInfluencers } from './top-influencers';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const HOME: ClientHome = {
  counts: { influencers: 1234, openCampaigns: 3 },
  topInfluencers: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Nino',
      lastname: 'Beridze',
      avatarUrl: null,
      socials: { tiktok: 'ninostyles', instagram: 'nino.styles' },
      verifiedFollowers: 173_200,
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      name: 'Luka',
      lastname: 'Tsiklauri',
      avatarUrl: null,
      socials: {},
      verifiedFollowers: 0,
    },
  ],
};

function renderHome(answer: () => Response) {
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(
    <>
      <HomeStats />
      <TopInfluencers />
    </>,
  );
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('Client Home counts and Top Influencers', () => {
  it('shows both counts and each influencer as a link to their profile, from one request', async () => {
    const fetchMock = renderHome(() => json(HOME));
    const nino = await screen.findByRole('link', { name: /^Nino Beridze.*on Instagram, TikTok$/ });
    // Only verified accounts' followers, with the mark (issue 13); Luka has none, so no number.
    expect(nino).toHaveTextContent('173.2K verified followers');
    expect(nino).toHaveAttribute('href', '/influencers/00000000-0000-4000-8000-000000000001');
    expect(screen.getByRole('link', { name: 'Luka Tsiklauri' })).not.toHaveTextContent('verified');
    expect(screen.getByRole('link', { name: 'Luka Tsiklauri' })).toHaveAttribute(
      'href',
      '/influencers/00000000-0000-4000-8000-000000000002',
    );
    expect(screen.getByRole('link', { name: '1,234 Active influencers' })).toHaveAttribute('href', '/influencers');
    expect(screen.getByRole('link', { name: '3 Your open campaigns' })).toHaveAttribute('href', '/campaigns');
    expect(await within(nino).findByText('NB')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says 'No influencers available yet' when there is nobody", async () => {
    renderHome(() => json({ counts: { influencers: 0, openCampaigns: 0 }, topInfluencers: [] }));
    expect(await screen.findByRole('heading', { name: 'No influencers available yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: '0 Active influencers' })).toBeVisible();
  });

  it('says the load failed and tries again', async () => {
    let fail = true;
    renderHome(() => (fail ? json({ error: { code: 'INTERNAL_ERROR', message: 'Down' } }, 500) : json(HOME)));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load influencers data');
    expect(screen.queryByRole('link', { name: /Active influencers/ })).toBeNull();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('link', { name: 'Nino Beridze 173.2K verified followers on Instagram, TikTok' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: '1,234 Active influencers' })).toBeVisible();
  });
});

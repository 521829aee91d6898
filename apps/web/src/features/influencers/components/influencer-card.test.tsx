// @vitest-environment jsdom
import type { InfluencerCard as Card } from '@app/shared/influencers/influencer.schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { InfluencerCard } from './influencer-card';

const anInfluencer = (patch: Partial<Card> = {}): Card => ({
  id: '0b6f2a52-7b0e-4d0e-9f55-1f2a3b4c5d6e',
  name: 'Ana',
  lastname: 'Gelashvili',
  avatarUrl: null,
  socials: { tiktok: 'anagela', instagram: 'ana.gela', youtube: '@ana' },
  categories: [],
  platforms: [
    { platform: 'tiktok', followersCount: 2_350_000, verified: true },
    { platform: 'instagram', followersCount: 611_000, verified: true },
    { platform: 'youtube', followersCount: 48_250, verified: true },
  ],
  totalFollowers: 3_009_250,
  prices: [],
  rating: { average: null, count: 0 },
  ...patch,
});

describe('InfluencerCard', () => {
  it('shows follower counts per network in K and M with one decimal', () => {
    renderWithProviders(<InfluencerCard influencer={anInfluencer()} />);
    const reach = screen.getByRole('list', { name: 'Followers per platform' });
    expect(
      within(reach)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['TikTok 2.3M Verified', 'Instagram 611K Verified', 'YouTube 48.2K Verified']);
  });

  it('names a network that has a handle but no known reach, without a number', () => {
    renderWithProviders(
      <InfluencerCard
        influencer={anInfluencer({
          socials: { instagram: 'a', linkedin: 'ana-g' },
          platforms: [{ platform: 'instagram', followersCount: 950, verified: true }],
        })}
      />,
    );
    const reach = screen.getByRole('list', { name: 'Followers per platform' });
    expect(
      within(reach)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Instagram 950 Verified', 'LinkedIn']);
  });

  it('shows at most three categories, then +N', () => {
    const categories = ['Fashion & Style', 'Beauty & Makeup', 'Gaming', 'Technology', 'Sports'].map((name, i) => ({
      id: `c${i}`,
      name,
    }));
    renderWithProviders(<InfluencerCard influencer={anInfluencer({ categories })} />);
    const list = screen.getByRole('list', { name: 'Categories' });
    expect(within(list).getByText('Fashion & Style')).toBeVisible();
    expect(within(list).getByText('Gaming')).toBeVisible();
    expect(within(list).queryByText('Technology')).toBeNull();
    expect(within(list).getByText('+2')).toBeVisible();
    expect(within(list).getByText('and 2 more categories')).toBeInTheDocument();
  });

  it('adds the categories set per platform after the profile’s, each once (issue 27)', () => {
    const fashion = { id: 'c1', name: 'Fashion & Style' };
    const gaming = { id: 'c2', name: 'Gaming' };
    const food = { id: 'c3', name: 'Food & Drinks' };
    renderWithProviders(
      <InfluencerCard
        influencer={anInfluencer({
          categories: [fashion],
          prices: [
            { platform: 'tiktok', priceMin: 100, priceMax: 200, categories: [gaming, fashion] },
            { platform: 'youtube', priceMin: 300, priceMax: 500, categories: [food] },
          ],
        })}
      />,
    );
    const list = screen.getByRole('list', { name: 'Categories' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fashion & Style', 'Gaming', 'Food & Drinks']);
  });

  it('shows the rating or "No reviews yet", the initials and a link to the profile', async () => {
    const { unmount } = renderWithProviders(<InfluencerCard influencer={anInfluencer()} />);
    expect(screen.getByText('No reviews yet')).toBeVisible();
    expect(await screen.findByText('AG')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Ana Gelashvili' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'View Profile: Ana Gelashvili' })).toHaveAttribute(
      'href',
      '/influencers/0b6f2a52-7b0e-4d0e-9f55-1f2a3b4c5d6e',
    );
    unmount();

    renderWithProviders(<InfluencerCard influencer={anInfluencer({ rating: { average: 4.3, count: 7 } })} />);
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('(7 reviews)')).toBeVisible();
    expect(screen.queryByText('No reviews yet')).toBeNull();
  });
});

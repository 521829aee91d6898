// @vitest-environment jsdom
import type { InfluencerProfile as Profile } from '@app/shared/influencers/influencer.schemas';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { Route, Routes } from '@/lib/router';
import { renderWithProviders } from '@/test/render';
import { InfluencerProfile } from './influencer-profile';

const ID = '6d1c1a4e-3c7e-4b8e-9d53-2a4b5c6d7e8f';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const aProfile = (patch: Partial<Profile> = {}): Profile => ({
  id: ID,
  name: 'Giorgi',
  lastname: 'Kapanadze',
  avatarUrl: null,
  socials: {
    youtube: '@giorgitech',
    instagram: 'https://www.instagram.com/giorgi.tech',
    tiktok: 'javascript:alert(1)',
  },
  categories: [
    { id: 'c1', name: 'Technology' },
    { id: 'c2', name: 'Gaming' },
  ],
  platforms: [
    { platform: 'youtube', followersCount: 312_000, verified: true },
    { platform: 'instagram', followersCount: 21_400, verified: true },
  ],
  totalFollowers: 333_400,
  prices: [],
  rating: { average: 4.3, count: 3 },
  email: 'giorgi@example.com',
  joinedAt: '2025-07-23T10:00:00.000Z',
  totalCampaigns: 7,
  ...patch,
});

function renderProfile(answer: () => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(answer));
  return renderWithProviders(
    <Routes>
      <Route
        path="/influencers/:id"
        element={<InfluencerProfile id={ID} actions={() => <button type="button">Invite to Campaign</button>} />}
      />
      <Route path="/influencers" element={<p>Directory page</p>} />
    </Routes>,
    { route: `/influencers/${ID}` },
  );
}

beforeEach(() => {
  render(<Toaster />);
});
afterEach(() => vi.unstubAllGlobals());

describe('InfluencerProfile', () => {
  it("says 'Loading profile...' until the profile arrives", async () => {
    let answer!: (res: Response) => void;
    renderProfile(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');
    answer(json(aProfile()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Giorgi Kapanadze' })).toBeVisible();
    expect(screen.queryByText('Loading profile...')).toBeNull();
  });

  it('shows who they are, their rating, campaigns, categories, socials and e-mail', async () => {
    renderProfile(async () => json(aProfile()));
    await screen.findByRole('heading', { level: 1, name: 'Giorgi Kapanadze' });
    expect(screen.getByText('Influencer')).toBeVisible();
    expect(screen.getByText('Joined July 2025')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('(3 reviews)')).toBeVisible();
    expect(screen.getByText('Campaigns').nextSibling).toHaveTextContent('7');
    expect(screen.getByText('Total followers').nextSibling).toHaveTextContent('333.4K');

    const categories = screen.getByRole('region', { name: 'Categories' });
    expect(within(categories).getByText('Technology')).toBeVisible();
    expect(within(categories).getByText('Gaming')).toBeVisible();

    const socials = screen.getByRole('region', { name: 'Social media presence' });
    expect(within(socials).getByRole('link', { name: /@giorgitech/ })).toHaveAttribute(
      'href',
      'https://www.youtube.com/@giorgitech',
    );
    expect(within(socials).getByRole('link', { name: /instagram\.com\/giorgi\.tech/ })).toHaveAttribute(
      'href',
      'https://www.instagram.com/giorgi.tech',
    );
    expect(within(socials).getByText('312K')).toBeVisible();
    // A handle that is not a safe address on its network is shown, never linked.
    expect(within(socials).getByText('javascript:alert(1)').closest('a')).toBeNull();

    const contact = screen.getByRole('region', { name: 'Contact information' });
    expect(within(contact).getByRole('link', { name: /giorgi@example\.com/ })).toHaveAttribute(
      'href',
      'mailto:giorgi@example.com',
    );
    expect(screen.getByRole('button', { name: 'Invite to Campaign' })).toBeVisible();
  });

  it("says 'No reviews yet' and leaves out what the influencer has not given", async () => {
    renderProfile(async () =>
      json(aProfile({ rating: { average: null, count: 0 }, email: null, socials: {}, platforms: [], categories: [] })),
    );
    await screen.findByRole('heading', { level: 1, name: 'Giorgi Kapanadze' });
    expect(screen.getByText('No reviews yet')).toBeVisible();
    expect(screen.queryByRole('img', { name: /Rated/ })).toBeNull();
    expect(screen.getByText('No social accounts added yet')).toBeVisible();
    expect(screen.getByText('No contact information available')).toBeVisible();
    expect(screen.queryByRole('link', { name: /mailto/ })).toBeNull();
  });

  it("answers a 404 with 'Influencer not found' and a way back to the directory", async () => {
    renderProfile(async () => json({ error: { code: 'NOT_FOUND', message: 'Influencer not found' } }, 404));
    expect(await screen.findByRole('heading', { name: 'Influencer not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Influencers' })).toHaveAttribute('href', '/influencers');
  });

  it('on any other failure toasts and returns to the directory', async () => {
    renderProfile(async () => json({ error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } }, 500));
    expect(await screen.findByText('Directory page')).toBeVisible();
    const notifications = screen.getByRole('region', { name: /Notifications/ });
    const item = (await within(notifications).findByText('Error', { exact: true })).closest('li') as HTMLElement;
    expect(within(item).getByText('Failed to load influencer profile')).toBeVisible();
    // A 5xx message tells a person nothing: the spec's sentence is the one line.
    expect(within(item).queryByText('Internal server error')).toBeNull();
  });
});

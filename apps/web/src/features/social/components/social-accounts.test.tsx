// @vitest-environment jsdom
import type { SocialOverview } from '@app/shared/social/social.schemas';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { renderWithProviders } from '@/test/render';
import { SocialAccounts } from './social-accounts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const base = {
  url: 'https://www.youtube.com/channel/UC1',
  accountId: 'UC1',
  avatarUrl: null,
  videoCount: 210,
  verifiedAt: null,
  countsRefreshedAt: null,
  connected: false,
  reconnectNeeded: false,
};
const OVERVIEW: SocialOverview = {
  accounts: [
    {
      ...base,
      platform: 'youtube',
      handle: '@tbilisi-eats',
      title: 'Tbilisi Eats',
      followerCount: 48_200,
      status: 'pending',
      code: 'INF-ABCDEFGH',
      expiresAt: '2026-11-26T10:00:00.000Z',
    },
    {
      ...base,
      platform: 'tiktok',
      handle: '@ninostyles',
      title: 'Nino Beridze',
      followerCount: null,
      status: 'verified',
      code: null,
      expiresAt: null,
      verifiedAt: '2026-11-20T10:00:00.000Z',
      connected: true,
    },
  ],
  settings: [
    { platform: 'youtube', categoryIds: [], priceMin: 100, priceMax: 400 },
    { platform: 'tiktok', categoryIds: [], priceMin: 100, priceMax: 400 },
    { platform: 'instagram', categoryIds: [], priceMin: 100, priceMax: 400 },
  ],
};

const notifications = () => screen.getByRole('region', { name: /Notifications/ });

beforeEach(() => {
  render(<Toaster />);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (String(url).startsWith('/api/social') ? json(OVERVIEW) : json({ items: [] }))),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('SocialAccounts', () => {
  it('shows each platform with its state: a pending code, a verified account (Verify disabled), nothing yet', async () => {
    renderWithProviders(<SocialAccounts returnTo="settings" />);
    const youtube = await screen.findByRole('region', { name: 'YouTube' });
    expect(within(youtube).getByText('Pending')).toBeInTheDocument();
    expect(within(youtube).getByRole('status', { name: 'Your verification code' })).toHaveTextContent('INF-ABCDEFGH');
    expect(within(youtube).getByText('48.2K')).toBeInTheDocument();
    expect(within(youtube).getByRole('button', { name: 'Verify YouTube' })).toBeEnabled();

    const tiktok = screen.getByRole('region', { name: 'TikTok' });
    expect(within(tiktok).getByRole('button', { name: 'Verified TikTok' })).toBeDisabled();
    expect(within(tiktok).getByText('Hidden')).toBeInTheDocument(); // a hidden count is never a number
    expect(within(tiktok).queryByRole('status', { name: 'Your verification code' })).toBeNull();

    const instagram = screen.getByRole('region', { name: 'Instagram' });
    expect(within(instagram).getByText('Not verified')).toBeInTheDocument();
    expect(within(instagram).getByRole('button', { name: 'Verify Instagram' })).toBeDisabled();
  });

  it("says 'Copy failed: Please copy the code manually' when the clipboard refuses, 'Copied!' otherwise", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SocialAccounts returnTo="settings" />);
    const youtube = await screen.findByRole('region', { name: 'YouTube' });
    const writeText = vi.fn().mockRejectedValueOnce(new Error('denied')).mockResolvedValueOnce(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(youtube).getByRole('button', { name: 'Copy' }));
    expect(await within(notifications()).findByText('Copy failed: Please copy the code manually')).toBeInTheDocument();
    await user.click(within(youtube).getByRole('button', { name: 'Copy' }));
    expect(await within(notifications()).findByText('Copied!')).toBeInTheDocument();
    expect(writeText).toHaveBeenLastCalledWith('INF-ABCDEFGH');
  });

  it("says the spec's generic verification error when the server fails, and the server's reason when it refuses", async () => {
    const user = userEvent.setup();
    const answers = [
      json({ error: { code: 'INTERNAL_ERROR', message: 'connect ECONNREFUSED 10.0.0.7:5432' } }, 500),
      json(
        {
          error: {
            code: 'CODE_NOT_FOUND',
            message:
              'The verification code was not found in your channel description. Please make sure you added it correctly.',
          },
        },
        422,
      ),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) =>
        init?.method === 'POST' && String(url).endsWith('/verify') ? answers.shift()! : json(OVERVIEW),
      ),
    );
    renderWithProviders(<SocialAccounts returnTo="settings" />);
    const youtube = await screen.findByRole('region', { name: 'YouTube' });

    await user.click(within(youtube).getByRole('button', { name: 'Verify YouTube' }));
    expect(await within(notifications()).findByText('Failed to verify channel')).toBeInTheDocument();
    expect(
      within(notifications()).getByText('An error occurred during verification. Please try again.'),
    ).toBeInTheDocument();
    expect(within(notifications()).queryByText(/ECONNREFUSED/)).toBeNull();

    await user.click(within(youtube).getByRole('button', { name: 'Verify YouTube' }));
    expect(await within(notifications()).findByText('Verification Failed')).toBeInTheDocument();
    expect(
      within(notifications()).getByText(
        'The verification code was not found in your channel description. Please make sure you added it correctly.',
      ),
    ).toBeInTheDocument();
  });

  it('asks for the handle before fetching, with the spec words', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SocialAccounts returnTo="settings" />);
    const instagram = await screen.findByRole('region', { name: 'Instagram' });
    await user.click(within(instagram).getByRole('button', { name: 'Fetch' }));
    expect(
      await within(notifications()).findByText('Please enter your Instagram channel URL first'),
    ).toBeInTheDocument();
  });
});

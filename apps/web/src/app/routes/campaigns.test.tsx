// @vitest-environment jsdom
import type { ReceivedInvitation } from '@app/shared/invitations/invitation.schemas';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { aCampaignCard, json } from '@/features/campaigns/test-data';
import { meKeys } from '@/lib/session-cache';
import { aPerson } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { CampaignsRoute } from './campaigns';

function Location() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{pathname + search}</p>;
}

type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response> | undefined;

function renderRoute(role: 'client' | 'influencer' | 'admin', route: string, handler: Handler = () => undefined) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const answer = await handler(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/campaigns') return json({ items: [], nextCursor: null });
    if (url.pathname === '/api/invitations') return json({ items: [], nextCursor: null });
    throw new Error(`unexpected ${init?.method ?? 'GET'} ${input}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  const result = renderWithProviders(
    <>
      <Routes>
        <Route path="/campaigns" element={<CampaignsRoute />} />
        <Route path="/campaigns/:id" element={<p>detail page</p>} />
      </Routes>
      <Location />
    </>,
    { route, prepare: (c) => c.setQueryData(meKeys.me, aPerson({ role })) },
  );
  return { ...result, fetchMock };
}

const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  render(<Toaster />);
});
afterEach(() => vi.unstubAllGlobals());

describe('/campaigns', () => {
  it('opens the create modal for ?create=1 and drops the parameter, so closing does not reopen it', async () => {
    const user = userEvent.setup();
    renderRoute('client', '/campaigns?create=1');
    expect(await screen.findByRole('dialog', { name: 'Create Campaign' })).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/campaigns'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/campaigns');
  });

  it('does not open the modal for an influencer, who has no Create Campaign button', async () => {
    renderRoute('influencer', '/campaigns?create=1');
    await screen.findByRole('heading', { name: 'No campaigns available' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Campaign' })).not.toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/campaigns'));
  });

  it('keeps the platform filter in the URL and asks the server for that platform only', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderRoute('client', '/campaigns?platform=youtube');
    await screen.findByRole('heading', { name: 'No campaigns found for YouTube' });
    const filter = screen.getByRole('navigation', { name: 'Filter by platform' });
    expect(within(filter).getByRole('link', { name: 'YouTube' })).toHaveAttribute('aria-current', 'true');
    await user.click(within(filter).getByRole('link', { name: 'Facebook' }));
    await screen.findByRole('heading', { name: 'No campaigns found for Facebook' });
    expect(location()).toBe('/campaigns?platform=facebook');
    await user.click(within(filter).getByRole('link', { name: 'All' }));
    await screen.findByRole('heading', { name: 'No campaigns created yet' });
    const platforms = fetchMock.mock.calls.map(([u]) =>
      new URL(u as string, 'http://localhost').searchParams.get('platform'),
    );
    expect(platforms).toEqual(['youtube', 'facebook', null]);
  });

  it('tells an admin that lists are for clients and influencers, without asking for one', async () => {
    const { fetchMock } = renderRoute('admin', '/campaigns');
    expect(await screen.findByRole('heading', { name: 'Access Restricted' })).toBeInTheDocument();
    expect(screen.getByText(/Campaign lists are for clients and influencers/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('treats an unknown platform in the URL as all platforms', async () => {
    const { fetchMock } = renderRoute('client', '/campaigns?platform=myspace');
    await screen.findByRole('heading', { name: 'No campaigns created yet' });
    expect(new URL(fetchMock.mock.calls[0]?.[0] as string, 'http://localhost').searchParams.has('platform')).toBe(
      false,
    );
  });
});

describe('/campaigns: received invitations', () => {
  const invitation = (patch: Partial<ReceivedInvitation> = {}): ReceivedInvitation => ({
    id: 'inv-1',
    message: 'We love your reels!',
    createdAt: '2026-07-02T09:00:00.000Z',
    campaign: {
      id: 'camp-1',
      title: 'Lemonade launch',
      description: 'Three stories',
      budgetMinor: 90_000,
      socials: ['instagram'],
      deadline: null,
    },
    client: { id: 'c1', name: 'Nino', lastname: 'Beridze', avatarUrl: null },
    ...patch,
  });

  it('are hidden when there are none', async () => {
    renderRoute('influencer', '/campaigns');
    await screen.findByRole('heading', { name: 'No campaigns available' });
    expect(screen.queryByRole('heading', { name: /Invitations/ })).not.toBeInTheDocument();
  });

  it('apply in one step: the invitation leaves the list and the card below shows Applied', async () => {
    const user = userEvent.setup();
    let applied = false;
    const { fetchMock } = renderRoute('influencer', '/campaigns', (url, init) => {
      if (url.pathname === '/api/invitations') return json({ items: applied ? [] : [invitation()], nextCursor: null });
      if (url.pathname === '/api/campaigns')
        return json({
          items: [
            aCampaignCard({
              id: 'camp-1',
              title: 'Lemonade launch',
              invited: true,
              applicationStatus: applied ? 'pending' : null,
            }),
          ],
          nextCursor: null,
        });
      if (init?.method === 'POST' && url.pathname === '/api/campaigns/camp-1/applications') {
        applied = true;
        return json({ application: { id: 'a1', status: 'pending', createdAt: '2026-07-03T09:00:00.000Z' } }, 201);
      }
    });
    const section = (await screen.findByRole('heading', { name: /Invitations for you/ })).closest(
      'section',
    ) as HTMLElement;
    expect(within(section).getByText('Nino Beridze invited you')).toBeInTheDocument();
    expect(within(section).getByText('900.00 GEL')).toBeInTheDocument();
    expect(within(section).getByText('We love your reels!')).toBeInTheDocument();
    expect(screen.queryByText('Applied')).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Apply to Lemonade launch' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Invitations for you/ })).not.toBeInTheDocument());
    expect(await screen.findByText('Applied')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, i]) => (i as RequestInit | undefined)?.method === 'POST')).toHaveLength(1);
  });

  it('decline removes the invitation', async () => {
    const user = userEvent.setup();
    let declined = false;
    const { fetchMock } = renderRoute('influencer', '/campaigns', (url, init) => {
      if (url.pathname === '/api/invitations') return json({ items: declined ? [] : [invitation()], nextCursor: null });
      if (init?.method === 'POST' && url.pathname === '/api/invitations/inv-1/decline') {
        declined = true;
        return json({
          id: 'inv-1',
          campaignId: 'camp-1',
          influencerId: 'i1',
          message: null,
          status: 'declined',
          createdAt: '2026-07-02T09:00:00.000Z',
        });
      }
    });
    await user.click(await screen.findByRole('button', { name: 'Decline Lemonade launch' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Invitations for you/ })).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/api/invitations/inv-1/decline'))).toBe(true);
  });
});

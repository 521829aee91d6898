// @vitest-environment jsdom
import type { ReceivedInvitation } from '@app/shared/invitations/invitation.schemas';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { preloadChoiceSelect } from '@/components/ui/choice-select';
import { Toaster } from '@/components/ui/toast';
import { aCampaignCard, json } from '@/features/campaigns/test-data';
import { Route, Routes, useLocation } from '@/lib/router';
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

// The menus as they are once their code has loaded (the stand-in before it: choice-select.test.tsx).
beforeAll(() => preloadChoiceSelect());

beforeAll(() => {
  // Radix Select asks for pointer capture and scrolling, which jsdom lacks.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});
beforeEach(() => {
  render(<Toaster />);
});
afterEach(() => vi.unstubAllGlobals());

describe('/campaigns', () => {
  it('opens the create modal for ?create=1 and drops the parameter, so closing does not reopen it', async () => {
    const user = userEvent.setup();
    renderRoute('client', '/campaigns?create=1');
    // The dialog's code is loaded when it first opens.
    expect(await screen.findByRole('dialog', { name: 'Create Campaign' }, { timeout: 5000 })).toBeInTheDocument();
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

  it('shows the list without values it does not recognise, and says so', async () => {
    const { fetchMock } = renderRoute('client', '/campaigns?platform=myspace&sort=cheapest&minBudget=abc&q=lemon');
    await screen.findByRole('heading', { name: 'No campaigns match “lemon”' });
    const asked = new URL(fetchMock.mock.calls[0]?.[0] as string, 'http://localhost').searchParams;
    expect(Object.fromEntries(asked)).toEqual({ limit: '12', q: 'lemon' });
    expect(
      screen.getByText(
        'This link has filters that were not recognised, so they are not applied: platform “myspace”, sort “cheapest”, minimum budget “abc”.',
      ),
    ).toBeVisible();
  });
});

describe('/campaigns: search, sort and budget', () => {
  const asked = (fetchMock: ReturnType<typeof renderRoute>['fetchMock']) =>
    fetchMock.mock.calls
      .map(([u]) => new URL(u as string, 'http://localhost'))
      .filter((u) => u.pathname === '/api/campaigns')
      .map((u) => u.searchParams);

  it('searches once typing pauses, with the words in the address and the request', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderRoute('influencer', '/campaigns', (url) =>
      url.pathname === '/api/campaigns' && url.searchParams.get('q') === 'sum dri'
        ? json({ items: [aCampaignCard({ title: 'Summer drinks' })], nextCursor: null })
        : undefined,
    );
    await screen.findByRole('heading', { name: 'No campaigns available' });
    await user.type(screen.getByRole('searchbox', { name: 'Search campaigns' }), ' sum dri');
    expect(await screen.findByRole('link', { name: 'Summer drinks' })).toBeInTheDocument();
    expect(location()).toBe('/campaigns?q=sum+dri');
    // One request for the whole word, not one per letter.
    expect(asked(fetchMock).map((q) => q.get('q'))).toEqual([null, 'sum dri']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search campaigns' }));
    await waitFor(() => expect(location()).toBe('/campaigns'));
  });

  it('fills the boxes from the address and sorts from the select', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderRoute('client', '/campaigns?q=lemon&minBudget=100&maxBudget=900');
    await screen.findByRole('heading', { name: 'No campaigns match “lemon”' });
    expect(screen.getByRole('searchbox', { name: 'Search campaigns' })).toHaveValue('lemon');
    expect(screen.getByRole('textbox', { name: 'Minimum budget (GEL)' })).toHaveValue('100');
    expect(screen.getByRole('textbox', { name: 'Maximum budget (GEL)' })).toHaveValue('900');

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Highest budget' }));
    await waitFor(() => expect(location()).toBe('/campaigns?q=lemon&sort=budget&minBudget=100&maxBudget=900'));
    await waitFor(() => expect(asked(fetchMock).at(-1)?.get('sort')).toBe('budget'));
    expect(asked(fetchMock).at(-1)?.get('minBudget')).toBe('100');
  });

  it('applies a budget range on Enter, and explains a range the server would refuse instead of sending it', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderRoute('influencer', '/campaigns');
    await screen.findByRole('heading', { name: 'No campaigns available' });
    const min = screen.getByRole('textbox', { name: 'Minimum budget (GEL)' });
    const max = screen.getByRole('textbox', { name: 'Maximum budget (GEL)' });

    await user.type(min, 'abc{Enter}');
    expect(await screen.findByText('Minimum budget must be a number of GEL')).toBeVisible();
    expect(min).toHaveAttribute('aria-invalid', 'true');
    await user.clear(min);
    await user.type(min, '500');
    await user.type(max, '100{Enter}');
    expect(await screen.findByText('Minimum budget cannot be more than the maximum')).toBeVisible();
    // Leaving the minimum box applied it; the refused range was not sent.
    expect(location()).toBe('/campaigns?minBudget=500');

    await user.clear(max);
    await user.type(max, '1000{Enter}');
    await waitFor(() => expect(location()).toBe('/campaigns?minBudget=500&maxBudget=1000'));
    expect(screen.queryByText('Minimum budget cannot be more than the maximum')).not.toBeInTheDocument();
    await screen.findByRole('heading', { name: 'No campaigns in this budget range' });
    expect(asked(fetchMock).at(-1)?.get('maxBudget')).toBe('1000');

    await user.click(screen.getAllByRole('button', { name: 'Clear search and filters' })[0]!);
    await waitFor(() => expect(location()).toBe('/campaigns'));
    expect(min).toHaveValue('');
  });

  it('applies both ends of the range as typed, without Enter or leaving the box (issue 27)', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderRoute('influencer', '/campaigns');
    await screen.findByRole('heading', { name: 'No campaigns available' });
    await user.type(screen.getByRole('textbox', { name: 'Minimum budget (GEL)' }), '1000');
    await user.type(screen.getByRole('textbox', { name: 'Maximum budget (GEL)' }), '3000');
    // The maximum box keeps the focus: the pause alone applies what both boxes show.
    await waitFor(() => expect(location()).toBe('/campaigns?minBudget=1000&maxBudget=3000'));
    await waitFor(() => expect(asked(fetchMock).at(-1)?.get('maxBudget')).toBe('3000'));
    expect(asked(fetchMock).at(-1)?.get('minBudget')).toBe('1000');
    expect(screen.getByRole('textbox', { name: 'Maximum budget (GEL)' })).toHaveFocus();
  });

  it('keeps the search when the platform changes', async () => {
    const user = userEvent.setup();
    renderRoute('client', '/campaigns?q=lemon&sort=deadline');
    await screen.findByRole('heading', { name: 'No campaigns match “lemon”' });
    const filter = screen.getByRole('navigation', { name: 'Filter by platform' });
    await user.click(within(filter).getByRole('link', { name: 'TikTok' }));
    expect(location()).toBe('/campaigns?q=lemon&platform=tiktok&sort=deadline');
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

  it('decline asks first; Cancel sends nothing, confirming removes the invitation', async () => {
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
    const declines = () => fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/decline')).length;
    await user.click(await screen.findByRole('button', { name: 'Decline Lemonade launch' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Decline the invitation to “Lemonade launch”?' });
    expect(ask).toHaveTextContent('It leaves your invitations and cannot be brought back.');
    // Focus starts on Cancel: a second tap of the same spot does not decline.
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(declines()).toBe(0);
    expect(screen.getByRole('heading', { name: /Invitations for you/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Decline Lemonade launch' }));
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: 'Decline invitation' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Invitations for you/ })).not.toBeInTheDocument());
    expect(declines()).toBe(1);
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/api/invitations/inv-1/decline'))).toBe(true);
  });
});

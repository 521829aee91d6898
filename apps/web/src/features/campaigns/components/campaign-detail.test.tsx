// @vitest-environment jsdom

import type { CampaignDetail as CampaignDetailData } from '@app/shared/campaigns/campaign.schemas';
import type { Role } from '@app/shared/constants';
import type { Stage } from '@app/shared/orders/order-machine';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { renderWithProviders } from '@/test/render';
import { aCampaignDetail, anApplication, anOrderSummary, apiError, json } from '../test-data';
import { CampaignDetail } from './campaign-detail';
import { ExpandableText } from './expandable-text';
import { ProgressTracker } from './progress-tracker';

type Handler = (url: string, init?: RequestInit) => Response | Promise<Response>;

/** Answers GET /api/campaigns/:id with `campaign` (or `get`), and anything else with `other`. */
function renderDetail(
  campaign: CampaignDetailData | Handler,
  { role = 'influencer', other }: { role?: Role; other?: Handler } = {},
) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if ((init?.method ?? 'GET') === 'GET') return typeof campaign === 'function' ? campaign(url, init) : json(campaign);
    if (!other) throw new Error(`unexpected ${init?.method} ${url}`);
    return other(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  const onDeleted = vi.fn();
  const user = userEvent.setup();
  const id = typeof campaign === 'function' ? 'some-id' : campaign.id;
  const result = renderWithProviders(<CampaignDetail id={id} viewerRole={role} onDeleted={onDeleted} />);
  return { ...result, fetchMock, onDeleted, user };
}

const writes = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST');

const toastWith = async (text: string) =>
  (await screen.findAllByText(text, { exact: true })).map((n) => n.closest('li')).find(Boolean) as HTMLElement;

beforeEach(() => {
  render(<Toaster />);
});
afterEach(() => vi.unstubAllGlobals());

describe('ExpandableText (spec §2: See more / See less over 200 characters)', () => {
  it('shows 200 characters or fewer as they are, without a toggle', () => {
    renderWithProviders(<ExpandableText text={'a'.repeat(200)} />);
    expect(screen.getByText('a'.repeat(200))).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('cuts longer text at 200 and toggles the whole of it', async () => {
    const user = userEvent.setup();
    const text = `${'word '.repeat(50)}THE END`;
    renderWithProviders(<ExpandableText text={text} />);
    expect(screen.queryByText(/THE END/)).not.toBeInTheDocument();
    expect(screen.getByText(/\.\.\.$/).textContent).toHaveLength(200 - 1 + 3); // trailing space trimmed, '...' added
    const more = screen.getByRole('button', { name: 'See more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(screen.getByText(/THE END/)).toBeInTheDocument();
    const less = screen.getByRole('button', { name: 'See less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(screen.queryByText(/THE END/)).not.toBeInTheDocument();
  });
});

describe('ProgressTracker (spec §4 labels, one vocabulary)', () => {
  const cases: [Stage, string, boolean[]][] = [
    ['open', 'Open for Applications', [false, false, false]],
    ['payment_pending', 'Payment Pending', [false, false, false]],
    ['ready_to_start', 'Ready to Start', [true, false, false]],
    ['in_progress', 'Work In Progress', [true, true, false]],
    ['changes_requested', 'Changes Requested', [true, true, false]],
    ['in_review', 'Work Completed', [true, true, true]],
    ['approved', 'Approved', [true, true, true]],
    ['canceled', 'Canceled', [false, false, false]],
    ['refunded', 'Refunded', [false, false, false]],
    ['not_selected', 'Not selected', [false, false, false]],
  ];
  it.each(cases)('%s → %s', (stage, label, done) => {
    renderWithProviders(<ProgressTracker stage={stage} />);
    expect(screen.getByText('Current status:').parentElement).toHaveTextContent(`Current status:${label}`);
    // The step number in the circle is decoration (aria-hidden); the words and the state are what count.
    const steps = screen.getAllByRole('listitem').map((li) => li.textContent?.replace(/^\d/, ''));
    expect(steps).toEqual([
      `Payment Completed (${done[0] ? 'done' : 'not yet'})`,
      `Work Started (${done[1] ? 'done' : 'not yet'})`,
      `Work Completed (${done[2] ? 'done' : 'not yet'})`,
    ]);
  });
});

describe('CampaignDetail: loading outcomes', () => {
  it.each([
    [404, 'NOT_FOUND'],
    [400, 'VALIDATION_ERROR'],
  ])("a %i says 'Campaign Not Found' with the way back", async (status, code) => {
    renderDetail(() => apiError(status, code, 'Campaign not found'));
    expect(await screen.findByRole('heading', { name: 'Campaign Not Found' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to Campaigns' })[0]).toHaveAttribute('href', '/campaigns');
    expect(screen.queryByText('Failed to load campaign details')).not.toBeInTheDocument();
  });

  it("any other failure says 'Failed to load campaign details' and retries", async () => {
    let fail = true;
    const { user } = renderDetail(() =>
      fail ? apiError(500, 'INTERNAL_ERROR', 'Internal server error') : json(aCampaignDetail()),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load campaign details');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer drinks launch' })).toBeInTheDocument();
  });
});

describe('CampaignDetail: the influencer', () => {
  it('applies once: the button becomes Applied and the toast confirms', async () => {
    const campaign = aCampaignDetail();
    const { user, fetchMock } = renderDetail(campaign, {
      other: () => json({ application: { id: 'a9', status: 'pending', createdAt: '2026-07-03T10:00:00.000Z' } }, 201),
    });
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    expect(writes(fetchMock)).toHaveLength(1);
    expect(writes(fetchMock)[0]?.[0]).toBe(`/api/campaigns/${campaign.id}/applications`);
    expect(await toastWith('Application Sent')).toHaveAttribute('data-variant', 'success');
  });

  it('shows Applied from the start when the server says they applied', async () => {
    renderDetail(
      aCampaignDetail({
        viewer: {
          isOwner: false,
          canDelete: false,
          canApply: false,
          invited: false,
          application: { id: 'a1', status: 'pending', createdAt: '2026-07-02T09:00:00.000Z' },
        },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled();
    expect(screen.getByText(/Application Sent on Jul 2, 2026/)).toBeInTheDocument();
  });

  it('treats 409 ALREADY_APPLIED as applied, not as a failure', async () => {
    const { user } = renderDetail(aCampaignDetail(), {
      other: () => apiError(409, 'ALREADY_APPLIED', 'You have already applied to this campaign'),
    });
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('button', { name: 'Applied' })).toBeDisabled();
    expect(screen.queryByText('Failed to send application')).not.toBeInTheDocument();
  });

  it("says 'Failed to send application' with the server's reason, and Apply stays", async () => {
    const { user } = renderDetail(aCampaignDetail(), {
      other: () => apiError(409, 'CAMPAIGN_NOT_OPEN', 'This campaign is no longer open'),
    });
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    const toast = await toastWith('Failed to send application');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('This campaign is no longer open');
  });

  it("a rejected application reads 'Not selected' (badge and note, never Canceled) and offers no Apply", async () => {
    renderDetail(
      aCampaignDetail({
        displayStatus: 'not_selected',
        viewer: {
          isOwner: false,
          canDelete: false,
          canApply: false,
          invited: false,
          application: { id: 'a1', status: 'rejected', createdAt: '2026-07-02T09:00:00.000Z' },
        },
      }),
    );
    expect(await screen.findAllByText('Not selected')).toHaveLength(2);
    expect(screen.queryByText('Canceled')).not.toBeInTheDocument();
    expect(screen.queryByText(/chose another influencer/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Apply/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Progress')).not.toBeInTheDocument();
  });

  it('an accepted application says they were hired, with links to Orders and Chat, and Payment Pending', async () => {
    renderDetail(
      aCampaignDetail({
        viewer: {
          isOwner: false,
          canDelete: false,
          canApply: false,
          invited: false,
          application: { id: 'a1', status: 'accepted', createdAt: '2026-07-02T09:00:00.000Z' },
        },
        displayStatus: 'payment_pending',
        order: anOrderSummary(),
      }),
    );
    expect(await screen.findByText("You were hired — waiting for the client's payment")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Open chat' })).toHaveAttribute('href', '/chat?c=chat-1');
    // One word everywhere: the badge and the tracker both say Payment Pending.
    expect(screen.getAllByText('Payment Pending')).toHaveLength(2);
    // The actions belong to the route's order area (composed from features), not to this component.
    expect(screen.queryByRole('button', { name: /Start Work|Submit Work|Pay/ })).not.toBeInTheDocument();
  });

  it('a campaign that no longer takes applications says so instead of offering Apply', async () => {
    renderDetail(
      aCampaignDetail({
        status: 'in_progress',
        displayStatus: 'in_progress',
        viewer: { isOwner: false, canDelete: false, canApply: false, application: null, invited: false },
      }),
    );
    expect(await screen.findByText('Not accepting applications')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });
});

describe('CampaignDetail: the owner', () => {
  const owned = (patch: Partial<CampaignDetailData> = {}) =>
    aCampaignDetail({
      viewer: { isOwner: true, canDelete: true, canApply: false, application: null, invited: false },
      counts: { total: 2, pending: 2, accepted: 0, rejected: 0 },
      applications: [
        anApplication({ id: 'a1' }),
        anApplication({
          id: 'a2',
          influencer: { id: 'i2', name: 'Ana', lastname: 'Lomidze', avatarUrl: null, socials: { tiktok: '@ana' } },
        }),
      ],
      ...patch,
    });

  it('lists applicants with profile links, handles and the counts', async () => {
    renderDetail(owned(), { role: 'client' });
    expect(await screen.findByRole('heading', { name: 'Applications (2)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Giorgi Kapanadze' })).toHaveAttribute('href', '/influencers/i1');
    expect(screen.getByText('@giorgi')).toBeInTheDocument();
    expect(screen.getByText('@ana')).toBeInTheDocument();
    expect(screen.getByText('2 total, 2 pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('asks before hiring, naming who is hired and how many others are declined; Cancel sends nothing', async () => {
    const { user, fetchMock } = renderDetail(owned(), { role: 'client' });
    await user.click(await screen.findByRole('button', { name: 'Accept Giorgi Kapanadze' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Hire Giorgi Kapanadze?' });
    expect(dialog).toHaveTextContent('The other pending application will be declined.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(writes(fetchMock)).toHaveLength(0);
  });

  it('sends one decision at a time: while an accept is in flight every Accept and Reject is disabled', async () => {
    let answer!: (res: Response) => void;
    const { user, fetchMock } = renderDetail(owned(), {
      role: 'client',
      other: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const accept = await screen.findByRole('button', { name: 'Accept Giorgi Kapanadze' });
    await user.click(accept);
    await user.dblClick(await screen.findByRole('button', { name: 'Accept and hire' }));
    await waitFor(() => expect(accept).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Accept Ana Lomidze' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reject Ana Lomidze' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Accept Ana Lomidze' }));
    expect(writes(fetchMock)).toHaveLength(1);
    expect(writes(fetchMock)[0]?.[0]).toBe('/api/applications/a1/accept');
    answer(
      json({
        application: { id: 'a1', status: 'accepted', createdAt: '2026-07-02T09:00:00.000Z' },
        order: { id: 'o1', status: 'unpaid', amountMinor: 150_000 },
        chatId: 'chat-1',
      }),
    );
    expect(await toastWith('Application accepted')).toHaveAttribute('data-variant', 'success');
  });

  it('asks before rejecting: Cancel sends nothing, and the question names the applicant and what follows', async () => {
    const { user, fetchMock } = renderDetail(owned(), { role: 'client' });
    await user.click(await screen.findByRole('button', { name: 'Reject Ana Lomidze' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Reject Ana Lomidze?' });
    expect(ask).toHaveTextContent('Ana Lomidze will see that they were not selected.');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/reject'))).toBe(false);
    expect(screen.getByRole('button', { name: 'Reject Ana Lomidze' })).toBeEnabled();
  });

  it("says 'Failed to update application status' when a decision is refused", async () => {
    const { user } = renderDetail(owned(), {
      role: 'client',
      other: () => apiError(409, 'APPLICATION_NOT_PENDING', 'This application was already decided'),
    });
    await user.click(await screen.findByRole('button', { name: 'Reject Ana Lomidze' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reject application' }),
    );
    const toast = await toastWith('Failed to update application status');
    expect(toast).toHaveTextContent('This application was already decided');
  });

  it('shows the hired influencer, Payment Pending and the chat once an application is accepted', async () => {
    renderDetail(
      owned({
        counts: { total: 2, pending: 0, accepted: 1, rejected: 1 },
        applications: [
          anApplication({ id: 'a1', status: 'accepted' }),
          anApplication({ id: 'a2', status: 'rejected' }),
        ],
        displayStatus: 'payment_pending',
        order: anOrderSummary(),
      }),
      { role: 'client' },
    );
    const hired = await screen.findByRole('region', { name: 'Hired influencer' });
    expect(within(hired).getByRole('link', { name: 'Giorgi Kapanadze' })).toHaveAttribute('href', '/influencers/i1');
    expect(within(hired).getByText('Payment Pending')).toBeInTheDocument();
    expect(within(hired).getByText('1,500.00 GEL')).toBeInTheDocument();
    expect(within(hired).getByRole('link', { name: 'Open chat' })).toHaveAttribute('href', '/chat?c=chat-1');
    expect(screen.queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    // The header badge says where the order stands, not the card's "open" (it no longer takes applications).
    expect(screen.queryByText('Open for Applications')).not.toBeInTheDocument();
    expect(screen.getAllByText('Payment Pending').length).toBeGreaterThanOrEqual(3);
  });

  it('asks before deleting, with the spec text, then deletes and leaves', async () => {
    const { user, fetchMock, onDeleted } = renderDetail(owned(), {
      role: 'client',
      other: () => new Response(null, { status: 204 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete campaign' }));
    const confirm = await screen.findByRole('alertdialog', {}, { timeout: 5000 });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this campaign? This action cannot be undone.');
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit)?.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(fetchMock.mock.calls.find(([, init]) => (init as RequestInit)?.method === 'DELETE')?.[0]).toMatch(
      /^\/api\/campaigns\/[\w-]+$/,
    );
  });

  it('offers no Delete once the server says the campaign cannot be deleted', async () => {
    renderDetail(
      owned({ viewer: { isOwner: true, canDelete: false, canApply: false, application: null, invited: false } }),
      { role: 'client' },
    );
    await screen.findByRole('heading', { level: 1, name: 'Summer drinks launch' });
    expect(screen.queryByRole('button', { name: 'Delete campaign' })).not.toBeInTheDocument();
  });

  it("says 'Failed to delete campaign' when the server refuses", async () => {
    const { user, onDeleted } = renderDetail(owned(), {
      role: 'client',
      other: () => apiError(409, 'CAMPAIGN_HAS_PAID_ORDER', 'This campaign has a paid order'),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete campaign' }));
    await user.click(
      within(await screen.findByRole('alertdialog', {}, { timeout: 5000 })).getByRole('button', { name: 'Delete' }),
    );
    const toast = await toastWith('Failed to delete campaign');
    expect(toast).toHaveTextContent('This campaign has a paid order');
    expect(onDeleted).not.toHaveBeenCalled();
  });
});

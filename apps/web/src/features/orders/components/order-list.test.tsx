// @vitest-environment jsdom
import type { OrderListItem } from '@app/shared/orders/order.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { OrderList } from './order-list';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const anOrder = (patch: Partial<OrderListItem> = {}): OrderListItem => ({
  id: 'o1',
  status: 'unpaid',
  amountMinor: 150_000,
  workStatus: 'not_started',
  approvalStatus: null,
  stage: 'payment_pending',
  money: 'unpaid',
  actions: [],
  approvalFeedback: null,
  proofUrl: null,
  completionNotes: null,
  createdAt: '2026-07-03T09:00:00.000Z',
  campaign: {
    id: 'camp-1',
    title: 'Lemonade launch',
    description: 'x'.repeat(210),
    socials: ['instagram'],
    deadline: null,
  },
  client: { id: 'c1', name: 'Nino', lastname: 'Beridze', avatarUrl: null },
  counterpartDeactivated: false,
  ...patch,
});

afterEach(() => vi.unstubAllGlobals());

describe('OrderList', () => {
  it('shows an unpaid order: campaign link, client, GEL amount, Payment Pending, description cut at 200', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [anOrder()], nextCursor: null })),
    );
    renderWithProviders(<OrderList />);
    const link = await screen.findByRole('link', { name: 'Lemonade launch' });
    expect(link).toHaveAttribute('href', '/campaigns/camp-1');
    const item = link.closest('li') as HTMLElement;
    expect(within(item).getByText('1,500.00 GEL')).toBeInTheDocument();
    expect(within(item).getByText('Nino Beridze')).toBeInTheDocument();
    expect(within(item).getByText('Payment Pending')).toBeInTheDocument();
    // Work cannot start before payment, so no work badge yet.
    expect(within(item).queryByText('Ready to Start')).not.toBeInTheDocument();
    expect(within(item).getByText(`${'x'.repeat(200)}...`)).toBeInTheDocument();
    expect(within(item).getByText('Created Jul 3, 2026')).toBeInTheDocument();
  });

  it("shows the work status once paid, and the money as held, never 'Paid' (issue 27)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          items: [
            anOrder({
              status: 'paid',
              workStatus: 'in_progress',
              stage: 'in_progress',
              money: 'held',
              actions: ['submitWork'],
            }),
          ],
          nextCursor: null,
        }),
      ),
    );
    renderWithProviders(<OrderList />);
    expect(await screen.findByText('Payment held')).toBeInTheDocument();
    expect(screen.queryByText('Paid')).not.toBeInTheDocument();
    expect(screen.getByText('Work In Progress')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Work' })).toBeInTheDocument();
    expect(screen.queryByText('Approved')).not.toBeInTheDocument();
  });

  it("shows the client's answer to completed work", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          items: [
            anOrder({
              id: 'o1',
              status: 'paid',
              workStatus: 'completed',
              approvalStatus: 'approved',
              stage: 'approved',
            }),
            anOrder({
              id: 'o2',
              status: 'paid',
              workStatus: 'in_progress',
              approvalStatus: 'rejected',
              stage: 'changes_requested',
              actions: ['submitWork'],
              approvalFeedback: 'Tag the shop, please',
            }),
          ],
          nextCursor: null,
        }),
      ),
    );
    renderWithProviders(<OrderList />);
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.getAllByText(/Changes Requested/i)).toHaveLength(2); // the stage badge and the feedback's title
    expect(screen.getByText('Tag the shop, please')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit the work again' })).toBeInTheDocument();
  });

  it("says 'No orders yet' when there are none", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [], nextCursor: null })),
    );
    renderWithProviders(<OrderList />);
    expect(await screen.findByRole('heading', { name: 'No orders yet' })).toBeInTheDocument();
  });

  it("says 'Failed to load orders' and retries", async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        fail
          ? json({ error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } }, 500)
          : json({ items: [anOrder()], nextCursor: null }),
      ),
    );
    renderWithProviders(<OrderList />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load orders');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Lemonade launch' })).toBeInTheDocument();
  });

  it('loads more with the cursor', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.includes('cursor=next')
        ? json({
            items: [anOrder({ id: 'o2', campaign: { ...anOrder().campaign, id: 'c2', title: 'Older order' } })],
            nextCursor: null,
          })
        : json({ items: [anOrder()], nextCursor: 'next' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<OrderList />);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Older order' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

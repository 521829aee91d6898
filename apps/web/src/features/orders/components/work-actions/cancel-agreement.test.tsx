// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { WorkActions, type WorkOrder } from '../work-actions';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ORDER: WorkOrder = {
  id: '5b1f4f0e-0c1a-4a57-9d0c-6f1c2a3b4c5d',
  stage: 'in_progress',
  actions: ['proposeCancel', 'openDispute'],
  approvalFeedback: null,
  amountMinor: 10_000,
};
const PROPOSAL = {
  id: 'p1',
  orderId: ORDER.id,
  status: 'open',
  proposedBy: 'influencer',
  influencerAmountMinor: 4_000,
  clientAmountMinor: 6_000,
  createdAt: '2026-11-20T10:00:00.000Z',
  closedAt: null,
  canWithdraw: false,
  canAnswer: true,
};

/** The order's proposals and every POST, recorded with their bodies. */
function serve(proposals: unknown[]) {
  const posts: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        return json({ ok: true });
      }
      if (url.endsWith('/cancel-proposals')) return json({ items: proposals });
      return json({}, 404);
    }),
  );
  return posts;
}

afterEach(() => vi.unstubAllGlobals());

describe('cancellation by agreement on the order panel', () => {
  it('proposes the amount for the work in GEL, refusing one that is not below the order’s amount', async () => {
    const posts = serve([]);
    renderWithProviders(<WorkActions order={ORDER} viewer="influencer" counterpart="Nino Beridze" agreement />);
    await userEvent.click(await screen.findByRole('button', { name: 'Propose cancellation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose to cancel this order' }, { timeout: 5000 });
    const amount = within(dialog).getByLabelText('For the work done (GEL)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(
      await within(dialog).findByText(
        'The amount for the work done must be at least 0 and less than the order’s amount',
      ),
    ).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await userEvent.clear(amount);
    await userEvent.type(amount, '40');
    expect(
      within(dialog).getByText("40.00 GEL to the influencer for the work done, 60.00 GEL back to the client's card."),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: `/api/orders/${ORDER.id}/propose-cancel`,
      body: { influencerAmountMinor: 4_000 },
    });
  });

  it('shows the other party’s proposal with Accept (confirmed) and Decline, and no second Propose', async () => {
    const posts = serve([PROPOSAL]);
    renderWithProviders(<WorkActions order={ORDER} viewer="client" counterpart="Ana Gelashvili" agreement />);
    const region = await screen.findByRole('region', { name: 'Cancellation proposed' });
    expect(within(region).getByText(/Proposed by the influencer/)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Propose cancellation' })).toBeNull();
    await userEvent.click(within(region).getByRole('button', { name: 'Accept' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Accept the cancellation?' }, { timeout: 5000 });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(posts.map((p) => p.url)).toEqual([`/api/orders/${ORDER.id}/accept-cancel`]));
  });

  it('offers the client Cancel (deadline passed) behind a confirmation', async () => {
    const posts = serve([]);
    const order: WorkOrder = { ...ORDER, actions: ['cancelAfterDeadline', 'proposeCancel'] };
    renderWithProviders(<WorkActions order={order} viewer="client" counterpart="Ana Gelashvili" agreement />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel (deadline passed)' }));
    // The dialog's code loads when it first opens (components/ui/confirm-dialog.tsx).
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel after the deadline?' }, { timeout: 5000 });
    expect(posts).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(posts.map((p) => p.url)).toEqual([`/api/orders/${ORDER.id}/cancel-after-deadline`]));
  });
});

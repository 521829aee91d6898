// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { renderWithProviders } from '@/test/render';
import { WorkActions, type WorkOrder } from './work-actions';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ORDER: WorkOrder = {
  id: '5b1f4f0e-0c1a-4a57-9d0c-6f1c2a3b4c5d',
  stage: 'in_review',
  actions: ['approve'],
  approvalFeedback: null,
  proofUrl: 'https://www.instagram.com/p/proof/',
  completionNotes: 'Posted on Friday.',
  reviewDeadlineAt: '2026-12-01T10:00:00.000Z',
  chatId: '3f0c9a52-8d0e-4f55-9a51-2f8f4f1f0a01',
};

function serveApprove(answer: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url.endsWith('/approve')) return answer();
      return json({}, 404);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the review dialog', () => {
  it('warns inside the dialog when the payment cannot be confirmed, approves nothing and stays open (spec §7)', async () => {
    const calls = serveApprove(() =>
      json(
        {
          error: { code: 'PAYMENT_CONFIRMATION_FAILED', message: 'Payment confirmation failed. Please try again.' },
        },
        422,
      ),
    );
    renderWithProviders(
      <>
        <WorkActions order={ORDER} viewer="client" counterpart="Nino Beridze" place="chat" />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Review & Approve' }));
    // The dialog and its form load when it first opens (components/ui/lazy-dialog.tsx).
    const dialog = await screen.findByRole('dialog', { name: 'Review the work' }, { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Payment confirmation failed. Please try again.',
    );
    expect(calls.filter((c) => c.endsWith('/approve'))).toHaveLength(1);
    // A warning, not an error toast on top of it; the dialog stays for another try.
    expect(screen.queryByText('Failed to update approval status')).toBeNull();
    expect(await screen.findByRole('dialog', { name: 'Review the work' }, { timeout: 5000 })).toBeInTheDocument();

    // In the chat, the dialog's Chat button goes back to the conversation.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('while the bank confirms an approval (a lost answer) says so, raises no error and asks for the order again', async () => {
    serveApprove(() =>
      json({ error: { code: 'APPROVAL_IN_PROGRESS', message: 'Confirming the payment with the bank…' } }, 409),
    );
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { queryClient } = renderWithProviders(
      <>
        <WorkActions order={ORDER} viewer="client" counterpart="Nino Beridze" />
        <Toaster />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Review & Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the work' }, { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Confirming the payment with the bank…');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Failed to update approval status')).toBeNull();

    // The screen settles by itself: the order is asked for again every few seconds until it shows the outcome.
    const refetch = vi.spyOn(queryClient, 'invalidateQueries');
    vi.advanceTimersByTime(3_000);
    expect(refetch).toHaveBeenCalledWith({ queryKey: ['campaigns'] });
    expect(refetch).toHaveBeenCalledWith({ queryKey: ['orders'] });
  });

  it('on the campaign page offers the order’s chat as a link', async () => {
    serveApprove(() => json({ ok: true }));
    renderWithProviders(<WorkActions order={ORDER} viewer="client" counterpart="Nino Beridze" />);
    await userEvent.click(screen.getByRole('button', { name: 'Review & Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the work' }, { timeout: 5000 });
    expect(within(dialog).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', `/chat?c=${ORDER.chatId}`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('submitting the work again (issue 27)', () => {
  it('starts from the proof link and notes sent last time, and sends what the boxes then say', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/submit-work')) {
          sent.push(JSON.parse(String(init?.body)));
          return json({ ok: true });
        }
        return json({}, 404);
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <WorkActions
        order={{ ...ORDER, stage: 'changes_requested', actions: ['submitWork'], approvalFeedback: 'Tag us' }}
        viewer="influencer"
        counterpart="Nino Beridze"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Submit the work again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your work' }, { timeout: 5000 });
    expect(within(dialog).getByRole('textbox', { name: /Proof of work/ })).toHaveValue(ORDER.proofUrl);
    const notes = within(dialog).getByRole('textbox', { name: /Completion notes/ });
    expect(notes).toHaveValue('Posted on Friday.');
    await user.type(notes, ' Tagged now.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(sent).toEqual([{ proofUrl: ORDER.proofUrl, completionNotes: 'Posted on Friday. Tagged now.' }]),
    );
  });
});

describe('a party who has left (issue 23 §2)', () => {
  it('tells the one who stays that support resolves the order, in the panel and in the chat’s bar', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ items: [] })),
    );
    const disputed: WorkOrder = { ...ORDER, stage: 'disputed', actions: [], counterpartDeactivated: true };
    for (const place of ['panel', 'chat'] as const) {
      const { unmount } = renderWithProviders(
        <WorkActions order={disputed} viewer="influencer" counterpart="Tamar Kvaratskhelia" place={place} />,
      );
      expect(screen.getByRole('status')).toHaveTextContent(
        'Tamar Kvaratskhelia has left Influence. Support will resolve this order.',
      );
      unmount();
    }
  });

  it('says nothing once the order is settled', () => {
    renderWithProviders(
      <WorkActions
        order={{ ...ORDER, stage: 'approved', actions: [], counterpartDeactivated: true }}
        viewer="client"
        counterpart="Nino Beridze"
        place="chat"
      />,
    );
    expect(screen.queryByText(/has left Influence/)).toBeNull();
  });
});

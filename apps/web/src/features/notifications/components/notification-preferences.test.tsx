// @vitest-environment jsdom
// Issue 24 §3, §4: Settings → Notifications shows every kind with its three channels (in the app, e-mail, push), the
// chat messages' push and this device's push switch, and saves the person's choice.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { NotificationPreferencesSection } from './notification-preferences';

const KINDS = ['invitation', 'application', 'hired', 'order', 'payment', 'rating', 'payout'];

afterEach(() => vi.unstubAllGlobals());

describe('NotificationPreferencesSection', () => {
  it('sends every kind with the one switched off, and the daily summary choice', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        if (init?.method === 'PUT') sent.push(JSON.parse(String(init.body)));
        const items =
          init?.method === 'PUT'
            ? (sent.at(-1) as { items: unknown[] }).items
            : KINDS.map((kind) => ({ kind, inApp: true, mail: true, push: true }));
        const digest = init?.method === 'PUT' ? (sent.at(-1) as { digest: boolean }).digest : true;
        return new Response(JSON.stringify({ items, digest }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    renderWithProviders(<NotificationPreferencesSection />);
    const box = await screen.findByRole('checkbox', { name: 'Invitation: E-mail' });
    // Three channels per kind, the chat messages' push, the daily summary (issue 24 §2) and this device's push.
    expect(screen.getAllByRole('checkbox')).toHaveLength(KINDS.length * 3 + 3);
    // jsdom has no push: the device's switch says why and cannot be turned on.
    const device = screen.getByRole('checkbox', { name: 'Push notifications on this device' });
    expect(device).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Rating: Push' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /New chat messages/ }));
    await userEvent.click(box);
    expect(box).toHaveAttribute('aria-checked', 'false');
    const digest = screen.getByRole('checkbox', { name: /Daily summary by e-mail/ });
    expect(digest).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(digest);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const {
      items,
      digest: digestSent,
      messagesPush,
    } = sent[0] as {
      items: { kind: string; inApp: boolean; mail: boolean; push: boolean }[];
      digest: boolean;
      messagesPush: boolean;
    };
    expect(digestSent).toBe(false);
    expect(messagesPush).toBe(false);
    expect(items.find((i) => i.kind === 'rating')).toEqual({ kind: 'rating', inApp: true, mail: true, push: false });
    expect(items).toHaveLength(KINDS.length);
    expect(items.find((i) => i.kind === 'invitation')).toEqual({
      kind: 'invitation',
      inApp: true,
      mail: false,
      push: true,
    });
    expect(items.filter((i) => !i.mail || !i.inApp || !i.push)).toHaveLength(2);
  });
});

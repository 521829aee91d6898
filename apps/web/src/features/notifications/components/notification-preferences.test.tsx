// @vitest-environment jsdom
// Issue 24 §3: Settings → Notifications shows every kind with its two channels and saves the person's choice.
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
            : KINDS.map((kind) => ({ kind, inApp: true, mail: true }));
        const digest = init?.method === 'PUT' ? (sent.at(-1) as { digest: boolean }).digest : true;
        return new Response(JSON.stringify({ items, digest }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    renderWithProviders(<NotificationPreferencesSection />);
    const box = await screen.findByRole('checkbox', { name: 'Invitation: E-mail' });
    // Two channels per kind, and the daily summary (issue 24 §2).
    expect(screen.getAllByRole('checkbox')).toHaveLength(KINDS.length * 2 + 1);
    await userEvent.click(box);
    expect(box).toHaveAttribute('aria-checked', 'false');
    const digest = screen.getByRole('checkbox', { name: /Daily summary by e-mail/ });
    expect(digest).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(digest);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const { items, digest: digestSent } = sent[0] as {
      items: { kind: string; inApp: boolean; mail: boolean }[];
      digest: boolean;
    };
    expect(digestSent).toBe(false);
    expect(items).toHaveLength(KINDS.length);
    expect(items.find((i) => i.kind === 'invitation')).toEqual({ kind: 'invitation', inApp: true, mail: false });
    expect(items.filter((i) => !i.mail || !i.inApp)).toHaveLength(1);
  });
});

// @vitest-environment jsdom
import type { Me } from '@app/shared/auth/auth.schemas';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { Route, Routes } from '@/lib/router';
import { meKeys } from '@/lib/session-cache';
import { aPerson } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AppLayout } from './app-layout';

const person = (role: Me['role']): Me => aPerson({ role });

/** The chat page at /chat inside the app's frame, as app/router.tsx nests them. */
function chatInLayout() {
  return (
    <Routes>
      <Route
        path="/chat"
        element={
          <AppLayout>
            <h1>Chat page</h1>
          </AppLayout>
        }
      />
    </Routes>
  );
}

function renderLayout(role: Me['role'], unread: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({ count: unread }), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  return renderWithProviders(chatInLayout(), {
    route: '/chat',
    prepare: (client) => client.setQueryData(meKeys.me, person(role)),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('AppLayout navigation', () => {
  it("gives a client Home, Campaigns, Chat, Notifications, Settings and caps the unread badges at '9+'", async () => {
    renderLayout('client', 12);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const names = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names.slice(1)).toEqual(['Home', 'Campaigns', 'Chat', 'Notifications', 'Settings']);
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('9+');
    expect(within(nav).getByRole('link', { name: /Chat/ })).toHaveTextContent('12 unread messages');
    // Issue 24 §2: the bell in the tab bar, with its own count (the stub answers 12 to both).
    expect(await screen.findByTestId('notifications-badge')).toHaveTextContent('9+');
    expect(within(nav).getByRole('link', { name: /Notifications/ })).toHaveTextContent('12 unread notifications');
  });

  it('gives an influencer Campaigns, Orders, Chat, Settings and hides the badge at 0', async () => {
    renderLayout('influencer', 0);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    expect(within(nav).queryByRole('link', { name: 'Home' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('marks the current tab with aria-current and a shape, not by colour alone', () => {
    renderLayout('client', 0);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const chat = within(nav).getByRole('link', { name: 'Chat' });
    expect(chat).toHaveAttribute('aria-current', 'page');
    expect(within(chat).getByTestId('active-tab-marker')).toBeInTheDocument();
    const home = within(nav).getByRole('link', { name: 'Home' });
    expect(home).not.toHaveAttribute('aria-current');
    expect(within(home).queryByTestId('active-tab-marker')).not.toBeInTheDocument();
  });
});

describe('AppLayout: a verification link opened while signed in (issue 27)', () => {
  it("says 'Your e-mail is verified' once and clears the address", async () => {
    window.history.replaceState(null, '', '/chat#verified=email');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ count: 0 }), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    renderWithProviders(
      <>
        {chatInLayout()}
        <Toaster />
      </>,
      { route: '/chat', prepare: (client) => client.setQueryData(meKeys.me, person('client')) },
    );
    expect(await screen.findByText('Your e-mail is verified')).toBeInTheDocument();
    expect(window.location.hash).toBe('');
  });
});

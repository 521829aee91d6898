// @vitest-environment jsdom
import type { Me } from '@app/shared/auth/auth.schemas';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { Route, Routes, useLocation } from '@/lib/router';
import { meKeys } from '@/lib/session-cache';
import { aPerson } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AccountSection } from './account-section';
import { ProfileSection } from './profile-section';
import { SecuritySection } from './security-section';

// What a person must see or keep even when they leave the section before the server answers: the hooks own
// their cache updates, toasts and timers (TanStack Query drops the callbacks given to mutate() on unmount).

const ME: Me = aPerson();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function heldFetch() {
  let answer!: (res: Response) => void;
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
  );
  return (res: Response) => answer(res);
}

const notifications = () => screen.getByRole('region', { name: /Notifications/ });
/** The toast (list item) whose title is `title`. */
const toastTitled = async (title: string) =>
  (await within(notifications()).findAllByText(title, { exact: true }))
    .map((node) => node.closest('li'))
    .find(Boolean) as HTMLElement;

/** Renders `ui` with a session in the cache, as the settings route has it. */
function renderWithSession(ui: React.ReactElement) {
  const result = renderWithProviders(ui, { prepare: (c) => c.setQueryData(meKeys.me, ME) });
  return { ...result, client: result.queryClient };
}

beforeEach(() => {
  render(<Toaster />);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The settings screen's Account section, which the person can leave (the router and the cache stay). */
function LeavableAccountSection() {
  const [open, setOpen] = useState(true);
  const { pathname } = useLocation();
  return (
    <>
      <p data-testid="path">{pathname}</p>
      {open && <AccountSection />}
      <button type="button" onClick={() => setOpen(false)}>
        Leave
      </button>
    </>
  );
}

describe('AccountSection', () => {
  it('toasts and ends the session 2 s later, at /auth, even if the section was left mid-request', async () => {
    const answer = heldFetch();
    const { queryClient } = renderWithProviders(
      <Routes>
        <Route path="/settings" element={<LeavableAccountSection />} />
        <Route path="/auth" element={<p data-testid="path">/auth</p>} />
      </Routes>,
      { route: '/settings', prepare: (c) => c.setQueryData(meKeys.me, ME) },
    );
    await userEvent.type(screen.getByLabelText('Type "delete me" to confirm'), 'delete me');
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.queryByLabelText('Type "delete me" to confirm')).not.toBeInTheDocument();

    // From the server's answer on, the clock is the test's.
    vi.useFakeTimers();
    await act(async () => {
      answer(json({ ok: true }));
      await vi.advanceTimersByTimeAsync(1999);
    });
    const item = within(notifications())
      .getAllByText('Account Deactivated', { exact: true })
      .map((node) => node.closest('li'))
      .find(Boolean);
    expect(item).toHaveTextContent('Your account has been deactivated successfully. You will be logged out now.');
    // Not a moment before the 2 s the toast announces...
    expect(queryClient.getQueryData(meKeys.me)).toEqual(ME);
    expect(screen.getByTestId('path')).toHaveTextContent('/settings');
    // ...and then signed out, at /auth.
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(queryClient.getQueryData(meKeys.me)).toBeNull();
    expect(screen.getByTestId('path')).toHaveTextContent('/auth');
  });

  it('sends the phrase the person typed, and nothing for any other text', async () => {
    const fetchMock = vi.fn(async () => json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AccountSection />, { prepare: (c) => c.setQueryData(meKeys.me, ME) });
    const input = screen.getByLabelText('Type "delete me" to confirm');
    await userEvent.type(input, 'Delete me{Enter}');
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.clear(input);
    await userEvent.type(input, 'delete me{Enter}');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/me/deactivate');
    expect(JSON.parse(init.body as string)).toEqual({ confirmation: 'delete me' });
  });
});

describe('ProfileSection', () => {
  it('updates the cached session and toasts after the section was left', async () => {
    const answer = heldFetch();
    const { unmount, client } = renderWithSession(<ProfileSection user={ME} />);
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ana');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    unmount();
    answer(json({ user: { ...ME, name: 'Ana' }, emailChangePending: false }));
    await waitFor(() => expect(client.getQueryData<Me>(meKeys.me)?.name).toBe('Ana'));
    expect(await toastTitled('Profile updated successfully')).toHaveAttribute('data-variant', 'success');
  });

  it("marks the field with the server's reason, and only there (one message, no toast)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          {
            error: {
              code: 'EMAIL_TAKEN',
              message: 'An account with this email already exists',
              details: { fieldErrors: { email: ['An account with this email already exists'] } },
            },
          },
          409,
        ),
      ),
    );
    renderWithSession(<ProfileSection user={ME} />);
    const email = screen.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription(/An account with this email already exists/);
    expect(within(notifications()).queryByText('Failed to update profile')).toBeNull();
    expect(within(notifications()).queryByText('An account with this email already exists')).toBeNull();
  });
});

/** A stand-in for XMLHttpRequest: the test answers the upload. */
class FakeXhr {
  static last: FakeXhr;
  status = 0;
  responseText = '';
  timeout = 0;
  withCredentials = false;
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror = null;
  ontimeout = null;
  onabort = null;
  open() {}
  send() {}
  constructor() {
    FakeXhr.last = this;
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('AvatarUploader (inside ProfileSection)', () => {
  it('patches the session as it is by then, not the user the screen saw, even after unmounting', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { unmount, client } = renderWithSession(<ProfileSection user={ME} />);
    fireEvent.change(screen.getByTestId('avatar-input'), {
      target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    unmount();
    // Meanwhile the session changed (e.g. a profile save answered first).
    client.setQueryData<Me>(meKeys.me, { ...ME, name: 'Ana' });
    FakeXhr.last.respond(200, { avatarUrl: '/uploads/u1/1.png' });
    await waitFor(() => expect(client.getQueryData<Me>(meKeys.me)?.avatarUrl).toBe('/uploads/u1/1.png'));
    expect(client.getQueryData<Me>(meKeys.me)?.name).toBe('Ana');
    expect(await toastTitled('Profile picture updated successfully')).toHaveAttribute('data-variant', 'success');
  });
});

describe('SecuritySection', () => {
  it("puts the server's field errors on their fields, and no toast repeats them", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Password is too common',
              details: { fieldErrors: { newPassword: ['Password is too common'] } },
            },
          },
          400,
        ),
      ),
    );
    renderWithProviders(<SecuritySection />);
    await userEvent.type(screen.getByLabelText('Current password'), 'old-secret');
    await userEvent.type(screen.getByLabelText('New password'), 'password1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'password1');
    await userEvent.click(screen.getByRole('button', { name: 'Update password' }));
    const next = screen.getByLabelText('New password');
    await waitFor(() => expect(next).toHaveAttribute('aria-invalid', 'true'));
    expect(next).toHaveAccessibleDescription(/Password is too common/);
    expect(next).toHaveFocus();
    expect(within(notifications()).queryByText('Failed to change password')).toBeNull();
  });

  it('names each reveal button after its own field', () => {
    renderWithProviders(<SecuritySection />);
    for (const [field, toggle] of [
      ['Current password', 'Show current password'],
      ['New password', 'Show new password'],
      ['Confirm new password', 'Show new password confirmation'],
    ] as const) {
      expect(screen.getByRole('button', { name: toggle })).toHaveAttribute(
        'aria-controls',
        screen.getByLabelText(field).id,
      );
    }
  });
});

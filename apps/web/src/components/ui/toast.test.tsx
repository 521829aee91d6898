// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Link, Route, Routes, useNavigate } from '@/lib/router';
import { renderWithProviders } from '@/test/render';
import { Toaster, toast } from './toast';

function Screen({ name }: { name: string }) {
  const navigate = useNavigate();
  return (
    <>
      <h1>{name}</h1>
      <Link to="/a">to a</Link>
      <Link to="/b">to b</Link>
      <Link to="/b?tab=other">to b, other tab</Link>
      <button
        type="button"
        onClick={() => {
          toast({ title: 'Created', followsNavigation: true });
          void navigate('/b');
        }}
      >
        create and open
      </button>
    </>
  );
}

function renderApp() {
  renderWithProviders(
    <>
      <Routes>
        <Route path="/a" element={<Screen name="A" />} />
        <Route path="/b" element={<Screen name="B" />} />
      </Routes>
      <Toaster />
    </>,
    { route: '/a' },
  );
}

const notifications = () => screen.getByRole('region', { name: /Notifications/ });
const shown = (title: string) => within(notifications()).queryByText(title, { exact: true });

describe('toasts belong to the screen that raised them', () => {
  it('goes when its screen is left, including for another tab of the same page', async () => {
    renderApp();
    act(() => void toast({ title: 'Saved on A' }));
    expect(shown('Saved on A')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'to b' }));
    await waitFor(() => expect(shown('Saved on A')).toBeNull());

    act(() => void toast({ title: 'Login failed' }));
    await userEvent.click(screen.getByRole('link', { name: 'to b, other tab' }));
    await waitFor(() => expect(shown('Login failed')).toBeNull());
  });

  it('a failure goes when the next action succeeds; an earlier success stays (issue 27)', async () => {
    renderApp();
    act(() => void toast({ title: 'Saved', variant: 'success' }));
    act(() => void toast({ title: 'Fetch failed', variant: 'destructive' }));
    expect(shown('Fetch failed')).toBeVisible();
    act(() => void toast({ title: 'Account found', variant: 'success' }));
    await waitFor(() => expect(shown('Fetch failed')).toBeNull());
    expect(shown('Account found')).toBeVisible();
    expect(shown('Saved')).toBeVisible();
  });

  it('stays while the screen stays', async () => {
    renderApp();
    act(() => void toast({ title: 'Still here' }));
    await userEvent.click(screen.getByRole('link', { name: 'to a' }));
    expect(shown('Still here')).toBeVisible();
  });

  it('reporting a navigation, it moves with it, then goes with the next one', async () => {
    renderApp();
    await userEvent.click(screen.getByRole('button', { name: 'create and open' }));
    expect(await screen.findByRole('heading', { name: 'B' })).toBeVisible();
    expect(shown('Created')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'to a' }));
    await waitFor(() => expect(shown('Created')).toBeNull());
  });

  it('carries one message: a title and at most one line', () => {
    renderApp();
    act(() => void toast({ title: 'Failed to delete campaign', description: 'It has a paid order.' }));
    const item = shown('Failed to delete campaign')?.closest('li') as HTMLElement;
    expect(item.textContent).toBe('Failed to delete campaignIt has a paid order.');
  });
});

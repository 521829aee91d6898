// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, Route, Routes } from '@/lib/router';
import { renderWithProviders } from '@/test/render';
import { RootErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module: /assets/settings-abc123.js');
}

afterEach(() => vi.restoreAllMocks());

describe('RootErrorBoundary', () => {
  it('shows a Reload screen instead of a blank page, and tries again on the next page', async () => {
    // React reports the caught error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderWithProviders(
      <>
        <RootErrorBoundary>
          <Routes>
            <Route path="/settings" element={<Broken />} />
            <Route path="/home" element={<h1>Home page</h1>} />
          </Routes>
        </RootErrorBoundary>
        <Link to="/home">home</Link>
      </>,
      { route: '/settings' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();

    await userEvent.click(screen.getByRole('link', { name: 'home' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Home page' })).toBeVisible();
  });
});

// @vitest-environment jsdom
import type { Me } from '@app/shared/auth/auth.schemas';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Routes } from '@/lib/router';
import { meKeys } from '@/lib/session-cache';
import { aPerson } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { RootRoute } from './root';

const person = (patch: Partial<Me>): Me => aPerson(patch);

function renderRoot(user: Me) {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<RootRoute />} />
      <Route path="/home" element={<h1>Home page</h1>} />
    </Routes>,
    { prepare: (client) => client.setQueryData(meKeys.me, user) },
  );
}

describe('RootRoute', () => {
  it('sends an onboarded client on to /home', async () => {
    renderRoot(person({}));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });

  it.each([
    { role: 'client', isOnboarded: null },
    { role: null, isOnboarded: null },
  ] as const)('with %o stays (no redirect) on a settled screen, not an endless spinner', (patch) => {
    renderRoot(person(patch));
    expect(screen.getByRole('heading', { level: 1, name: "We couldn't finish setting up your account" })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(document.title).toBe('Getting started · Influence');
  });
});

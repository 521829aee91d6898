// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Route, Routes, useLocation, useNavigate } from '@/lib/router';
import { aPerson } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SettingsScreen } from './settings-screen';
import { SECTION_KEYS, sectionFromParam } from './settings-sections';

/** The address, and the browser's Back button (a phone's back gesture). */
function Browser() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="address">{pathname + search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        browser back
      </button>
    </>
  );
}

function renderSettings(route: string, role: 'client' | 'influencer' = 'influencer') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/home" element={<h1>Home page</h1>} />
        <Route
          path="/settings"
          element={<SettingsScreen user={aPerson({ role })} onLogout={() => undefined} loggingOut={false} />}
        />
      </Routes>
      <Browser />
    </>,
    { route },
  );
}

const address = () => screen.getByTestId('address').textContent;
const heading = () => screen.getByRole('heading', { level: 1 });
const browserBack = () => userEvent.click(screen.getByRole('button', { name: 'browser back' }));

describe('Settings sections as history entries', () => {
  it('opening a section adds a step to the history; Back returns to the menu, not out of Settings', async () => {
    renderSettings('/settings');
    expect(heading()).toHaveTextContent('Settings');
    await userEvent.click(screen.getByRole('button', { name: 'Security' }));
    // The section's code loads when it is opened (issue 28 §2): the screen moves once it is there.
    await waitFor(() => expect(heading()).toHaveTextContent('Security'));
    expect(address()).toBe('/settings?section=security');
    await waitFor(() => expect(heading()).toHaveFocus());

    await browserBack();
    expect(heading()).toHaveTextContent('Settings');
    expect(address()).toBe('/settings');
  });

  it('the back arrow goes back in history when the section was opened here, so Back does not return to it', async () => {
    renderSettings('/settings');
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    await userEvent.click(screen.getByRole('button', { name: /Admin Support/ }));
    await waitFor(() => expect(address()).toBe('/settings?section=admin-support'));
    // Admin Support opens from Help: its arrow returns there, then to the menu.
    await userEvent.click(screen.getByRole('button', { name: 'Back to settings' }));
    expect(heading()).toHaveTextContent('Help');
    expect(address()).toBe('/settings?section=help');
    await userEvent.click(screen.getByRole('button', { name: 'Back to settings' }));
    expect(heading()).toHaveTextContent('Settings');
    expect(address()).toBe('/settings');
  });

  it('a reload (or a shared link) reopens the section; its arrow then leads to the menu and stays in Settings', async () => {
    renderSettings('/settings?section=security');
    expect(heading()).toHaveTextContent('Security');
    // Nothing took focus on arrival: it is a page load, not a move inside the screen.
    expect(heading()).not.toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Back to settings' }));
    expect(heading()).toHaveTextContent('Settings');
    expect(address()).toBe('/settings');
  });

  it('shows the menu for an unknown section, or one this role cannot open', () => {
    renderSettings('/settings?section=bogus');
    expect(heading()).toHaveTextContent('Settings');
    expect(sectionFromParam('socials', 'client')).toBe('menu');
    expect(sectionFromParam('socials', 'influencer')).toBe('socials');
    expect(sectionFromParam(null, 'client')).toBe('menu');
    for (const key of SECTION_KEYS) expect(sectionFromParam(key, 'influencer')).toBe(key);
  });
});

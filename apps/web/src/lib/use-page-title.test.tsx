// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Link, Route, Routes, useSearchParams } from '@/lib/router';
import { renderWithProviders } from '@/test/render';
import { usePageTitle } from './use-page-title';

function Page({ title }: { title: string }) {
  usePageTitle(title);
  const [, setParams] = useSearchParams();
  return (
    <main>
      <h1>{title} heading</h1>
      <Link to="/one">to one</Link>
      <Link to="/two">to two</Link>
      <button type="button" onClick={() => setParams({ tab: 'x' })}>
        change query
      </button>
    </main>
  );
}

function renderApp() {
  return renderWithProviders(
    <Routes>
      <Route path="/one" element={<Page title="One" />} />
      <Route path="/two" element={<Page title="Two" />} />
    </Routes>,
    { route: '/one' },
  );
}

// One test: the "has the person interacted yet" state belongs to the module, as it does to the page.
describe('usePageTitle', () => {
  it('names the tab, leaves focus alone on the first load, then focuses the new heading after navigating', () => {
    renderApp();
    expect(document.title).toBe('One · Influence');
    expect(document.body).toHaveFocus();

    const toTwo = screen.getByRole('link', { name: 'to two' });
    act(() => {
      fireEvent.pointerDown(toTwo);
      toTwo.focus();
      fireEvent.click(toTwo);
    });
    expect(document.title).toBe('Two · Influence');
    const heading = screen.getByRole('heading', { level: 1, name: 'Two heading' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');

    // Only the query string changes (a tab, a filter): focus stays on the control.
    const button = screen.getByRole('button', { name: 'change query' });
    act(() => {
      button.focus();
      fireEvent.click(button);
    });
    expect(button).toHaveFocus();
  });
});

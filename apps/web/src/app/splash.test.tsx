// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { FullScreenLoading } from './full-screen-loading';
import { SplashGate, splashMsFor } from './splash';

/** A screen whose module takes 3 s to arrive: the app's loading screen until then. */
function Loading() {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDone(true), 3000);
    return () => clearTimeout(timer);
  }, []);
  return done ? <p>The wizard</p> : <FullScreenLoading />;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('SplashGate', () => {
  it('shows the branded splash, then the app under a fading splash, then removes it', () => {
    render(
      <SplashGate showMs={2000} fadeMs={500}>
        <p>The app</p>
      </SplashGate>,
    );
    const splash = screen.getByTestId('splash');
    expect(splash).toHaveTextContent('Influence');
    expect(splash).toHaveTextContent('Connecting influencers with brands');
    expect(splash).toHaveTextContent('Loading...');
    expect(screen.queryByText('The app')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByText('The app')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByTestId('splash')).toHaveAttribute('aria-hidden', 'true');

    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
  });

  it('stays up, not fading, while the app under it shows only its loading screen (issue 27)', () => {
    render(
      <SplashGate showMs={2000} fadeMs={500}>
        <Loading />
      </SplashGate>,
    );
    act(() => vi.advanceTimersByTime(2000));
    act(() => vi.advanceTimersByTime(2000));
    // The app's loading screen is mounted underneath, the splash stays whole over it.
    expect(screen.getByRole('main', { busy: true })).toBeInTheDocument();
    expect(screen.getByTestId('splash')).not.toHaveAttribute('aria-hidden');

    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('The wizard')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByTestId('splash')).toHaveAttribute('aria-hidden', 'true');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
  });

  it('renders the app at once when there is no splash time (a deep link or a reload)', () => {
    render(
      <SplashGate showMs={0} fadeMs={500}>
        <p>The app</p>
      </SplashGate>,
    );
    expect(screen.getByText('The app')).toBeInTheDocument();
    expect(screen.queryByTestId('splash')).not.toBeInTheDocument();
  });
});

describe('splashMsFor', () => {
  it('keeps the splash for the entry, none for any other screen', () => {
    expect(splashMsFor('/', 2000)).toBe(2000);
    expect(splashMsFor('/campaigns/123', 2000)).toBe(0);
    expect(splashMsFor('/auth', 2000)).toBe(0);
    expect(splashMsFor('/settings', 0)).toBe(0);
  });
});

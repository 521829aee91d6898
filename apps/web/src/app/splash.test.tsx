// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { SplashGate, splashMsFor } from './splash';

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

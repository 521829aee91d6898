import { BOOTSTRAP_SCREEN } from '@app/shared/common/bootstrap.schemas';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetScreenResponses, provideScreenResponse, takeScreenResponse } from '@/lib/screen-answers';
import { clearSession } from '@/lib/session-cache';
import { screenRequestFor, startBootstrapRequest } from './early-requests';

afterEach(() => {
  forgetScreenResponses();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("a cold load's early screen request", () => {
  it('asks for the first page the screen asks for, and nothing where filters or an unknown address decide', () => {
    expect(screenRequestFor('/home', '')).toBe('/api/home');
    expect(screenRequestFor('/campaigns', '')).toBe('/api/campaigns?limit=12');
    expect(screenRequestFor('/campaigns/', '')).toBe('/api/campaigns?limit=12');
    expect(screenRequestFor('/orders', '')).toBe('/api/orders?limit=10');
    expect(screenRequestFor('/chat', '')).toBe('/api/chats?limit=20');
    expect(screenRequestFor('/influencers', '')).toBe('/api/influencers?limit=24');
    expect(screenRequestFor('/campaigns/0193a1b2-aaaa', '')).toBe('/api/campaigns/0193a1b2-aaaa');
    expect(screenRequestFor('/campaigns/a%20b', '')).toBe('/api/campaigns/a%20b');
    expect(screenRequestFor('/campaigns/%E0%A4%A', '')).toBeUndefined(); // malformed: the screen says so
    expect(screenRequestFor('/campaigns', '?sort=budget')).toBeUndefined();
    expect(screenRequestFor('/chat', '?chat=1')).toBeUndefined();
    expect(screenRequestFor('/settings', '')).toBeUndefined();
    expect(screenRequestFor('/auth', '')).toBeUndefined();
  });

  it('is one the server agrees to bring along, and the bootstrap asks for it', () => {
    for (const path of ['/home', '/campaigns', '/orders', '/chat', '/influencers', '/campaigns/0193a1b2-aaaa-7bbb']) {
      expect(screenRequestFor(path, ''), path).toMatch(BOOTSTRAP_SCREEN);
    }
    const fetchMock = vi.fn(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    startBootstrapRequest('/api/campaigns?limit=12');
    expect(fetchMock).toHaveBeenCalledWith('/api/bootstrap?screen=%2Fapi%2Fcampaigns%3Flimit%3D12', {
      credentials: 'same-origin',
    });
    startBootstrapRequest(undefined);
    expect(fetchMock).toHaveBeenLastCalledWith('/api/bootstrap', { credentials: 'same-origin' });
  });

  it('is taken once, only for its own URL and only while fresh', async () => {
    vi.useFakeTimers();
    provideScreenResponse('/api/campaigns?limit=12', new Response('{"items":[]}'));
    expect(takeScreenResponse('/api/campaigns?limit=12&sort=budget')).toBeUndefined();
    expect(await (await takeScreenResponse('/api/campaigns?limit=12'))?.text()).toBe('{"items":[]}');
    expect(takeScreenResponse('/api/campaigns?limit=12')).toBeUndefined(); // a refetch asks the server

    provideScreenResponse('/api/home', new Response('{}'));
    vi.advanceTimersByTime(10_001);
    expect(takeScreenResponse('/api/home')).toBeUndefined(); // too old: the screen asks for fresh data
  });

  it('is never handed to the next person: signing out drops an answer nobody took', () => {
    provideScreenResponse('/api/campaigns?limit=12', new Response('{"items":[]}'));
    clearSession(new QueryClient());
    expect(takeScreenResponse('/api/campaigns?limit=12')).toBeUndefined();
  });
});

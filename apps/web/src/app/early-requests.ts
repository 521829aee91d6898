// Requests the entry (main.tsx) starts before React and the app's code have arrived, so their answers travel while
// the scripts do (issue 11 §3). Part of the tiny entry: imports nothing but the page sizes.
import { CAMPAIGN_PAGE, CHAT_PAGE, DIRECTORY_PAGE, ORDER_PAGE } from '@/lib/page-sizes';

let bootstrap: Promise<Response> | undefined;

/**
 * GET /api/bootstrap (who is signed in, their unread count, the categories): every cold load asks it first. With
 * `screen` (screenRequestFor) the server also brings that screen's first request, for whoever is signed in, so the
 * cold load needs no second round trip.
 */
export function startBootstrapRequest(screen?: string) {
  const query = screen ? `?screen=${encodeURIComponent(screen)}` : '';
  bootstrap = fetch(`/api/bootstrap${query}`, { credentials: 'same-origin' });
  bootstrap.catch(() => undefined); // whoever takes it handles the failure
}

/** The early answer, once; a later ask (a retry, a refetch) makes its own request. */
export function takeBootstrapResponse(): Promise<Response> | undefined {
  const pending = bootstrap;
  bootstrap = undefined;
  return pending;
}

/** The screen's first request for an address opened cold, unless filters or a selection in the address decide it. */
export function screenRequestFor(pathname: string, search: string): string | undefined {
  if (search && search !== '?') return undefined; // filters and selections: the screen builds its own request
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  switch (path) {
    case '/home':
      return '/api/home';
    case '/campaigns':
      return `/api/campaigns?limit=${CAMPAIGN_PAGE}`;
    case '/orders':
      return `/api/orders?limit=${ORDER_PAGE}`;
    case '/chat':
      return `/api/chats?limit=${CHAT_PAGE}`;
    case '/influencers':
      return `/api/influencers?limit=${DIRECTORY_PAGE}`;
  }
  const campaign = /^\/campaigns\/([^/]+)$/.exec(path)?.[1];
  if (!campaign) return undefined;
  try {
    // The router hands the screen the decoded id, which its query encodes again.
    return `/api/campaigns/${encodeURIComponent(decodeURIComponent(campaign))}`;
  } catch {
    return undefined; // a malformed address: the screen reports it
  }
}

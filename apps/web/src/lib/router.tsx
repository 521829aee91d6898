import {
  type AnchorHTMLAttributes,
  createContext,
  forwardRef,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { parse } from 'regexparam';
import { Route as MatchingRoute, Router as MatchingRouter, Switch, useParams as useRouteParams } from 'wouter';

/**
 * The app's routing: where the person is, how a screen moves them, which page an address shows.
 *
 * Matching is wouter's (`Switch`, `Route`, `useParams`, re-exported below): ~3 KB where React Router was ~20 KB br of
 * the shell every page evaluates before it answers a tap (issue 28 §2). The address itself is kept here, in a small
 * history of our own, because the screens need what wouter leaves out: the entry's `state` (a section remembers
 * where it was opened from), whether there is an in-app entry to go back to (`key`), going back (`navigate(-1)`),
 * the hash, and an in-memory history with several entries for the component tests. The shapes are React Router's
 * (`useLocation().key === 'default'` on the first entry, `{ usr, key }` in `history.state`), so an entry written by
 * the previous router reads the same.
 */

/**
 * The first of its `Route`s whose path matches the address, and only that one (wouter's `Switch`: the first match in
 * order, not React Router's ranking; a `Route` without a path matches any address, so it goes last).
 */
export const Routes = Switch;

type RouteProps = {
  /** A pattern (`/campaigns/:id`, case-insensitive, a trailing slash allowed) or a RegExp (`anyPath`); none: any. */
  path?: string | RegExp;
  /** What the route shows when it matches (its children, if there is no element). */
  element?: ReactNode;
  children?: ReactNode;
};

/** Shows `element` where the address matches `path`, its parameters for `useParams` (no nested routes: compose). */
export function Route({ path, element, children, ...matched }: RouteProps) {
  // `Routes` hands its match to the route it picked (`match`), which then does not match again.
  return (
    <MatchingRoute path={path} {...matched}>
      {element ?? children}
    </MatchingRoute>
  );
}

/** One pattern for several: the route that groups the pages sharing a guard or a layout. */
export function anyPath(patterns: readonly (string | RegExp)[]): RegExp {
  // Numbered groups made non-capturing: the grouping route adds no parameters of its own (the page's route names them).
  const sources = patterns.map(
    (p) => `(?:${(typeof p === 'string' ? parse(p).pattern : p).source.replace(/\((?!\?)/g, '(?:')})`,
  );
  return new RegExp(sources.join('|'), 'i');
}

/** Where the person is: the address's parts, the entry's state, and the entry's key ('default' for the first one). */
export type Place = { pathname: string; search: string; hash: string; state: unknown; key: string };

export type NavigateOptions = { replace?: boolean; state?: unknown };

/** An address the app can be at, and how it moves: the browser's session history, or a list in memory. */
export type AppHistory = {
  subscribe(listener: () => void): () => void;
  current(): Place;
  /** A new entry (or the current one replaced) at `to`: a path with its search and hash, or relative (`resolveTo`). */
  push(to: string, options?: NavigateOptions): void;
  /** Moves `delta` entries through the history (-1: back). */
  go(delta: number): void;
};

type Entry = { usr?: unknown; key?: string } | null;

const newKey = () => Math.random().toString(36).slice(2, 10);

/** The browser's history. Our own navigations and Back/Forward (popstate) are followed; nothing else is patched. */
export function browserHistory(): AppHistory {
  const listeners = new Set<() => void>();
  const read = (): Place => {
    const entry = window.history.state as Entry;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  let place = read();
  const changed = () => {
    place = read();
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('popstate', changed);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('popstate', changed);
      };
    },
    current: () => place,
    push(to, { replace = false, state = null } = {}) {
      const entry: Entry = { usr: state, key: newKey() };
      if (replace) window.history.replaceState(entry, '', resolveTo(to, place));
      else window.history.pushState(entry, '', resolveTo(to, place));
      changed();
    },
    go: (delta) => window.history.go(delta),
  };
}

/** A history in memory: the server's render (one entry, never moved) and the component tests. */
export function memoryHistory(entries: readonly string[] = ['/'], index = entries.length - 1): AppHistory {
  const listeners = new Set<() => void>();
  // The first entry is the one a page was opened at (React Router's 'default' key); the others were navigated to.
  const places = entries.map((to, i) => placeOf(to, null, i === 0 ? 'default' : newKey()));
  let at = Math.min(Math.max(index, 0), places.length - 1);
  const changed = () => {
    for (const listener of listeners) listener();
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => places[at]!,
    push(to, { replace = false, state = null } = {}) {
      const place = placeOf(resolveTo(to, places[at]!), state, newKey());
      if (replace) places[at] = place;
      else places.splice(++at, places.length, place);
      changed();
    },
    go(delta) {
      const next = Math.min(Math.max(at + delta, 0), places.length - 1);
      if (next === at) return;
      at = next;
      changed();
    },
  };
}

function placeOf(to: string, state: unknown, key: string): Place {
  const { pathname, search, hash } = new URL(to, 'http://app');
  return { pathname, search, hash, state, key };
}

/**
 * `to` as an absolute path with its search and hash, read from `from` as a browser reads a link: `?c=1` is this
 * page with that query, `#top` this page and query with that hash, `/chat` itself.
 */
export function resolveTo(to: string, from: Pick<Place, 'pathname' | 'search'>): string {
  if (to.startsWith('/') || isExternal(to)) return to;
  const { pathname, search, hash } = new URL(to, `http://app${from.pathname}${from.search}`);
  return pathname + search + hash;
}

/** Another site's address (`https://…`, `mailto:…`, `//host/…`): a link there is the browser's to follow. */
const isExternal = (to: string) => /^([a-z][a-z\d+.-]*:|\/\/)/i.test(to);

const HistoryContext = createContext<AppHistory | null>(null);

/** Provides `history` to the app's screens, and its path to wouter's matching. */
export function HistoryRouter({ history, children }: { history: AppHistory; children: ReactNode }) {
  return (
    <HistoryContext.Provider value={history}>
      <MatchingRouter hook={usePathForMatching} parser={parseOnce}>
        {children}
      </MatchingRouter>
    </HistoryContext.Provider>
  );
}

const parsed = new Map<string, { pattern: RegExp; keys: string[] }>();

/** A route's pattern compiled once, not on each render of its `Routes` (wouter's default parses it every time). */
function parseOnce(route: string, loose?: boolean) {
  const key = loose ? `${route} (loose)` : route;
  let result = parsed.get(key);
  if (!result) {
    result = parse(route, loose);
    parsed.set(key, result);
  }
  return result;
}

/** wouter's location hook: the path its routes match, and how its own navigation (unused by the app) moves. */
function usePathForMatching(): [string, (to: string, options?: NavigateOptions) => void] {
  const history = useHistory();
  const current = () => history.current().pathname;
  return [useSyncExternalStore(history.subscribe, current, current), history.push];
}

/** The browser's address (app/boot.tsx). */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(browserHistory);
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}

/** One address that never moves: the server's render of a page (entry-server.tsx). */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const history = useMemo(() => memoryHistory([location]), [location]);
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}

/** An address list in memory, the last entry (or `initialIndex`) current: the component tests. */
export function MemoryRouter({
  initialEntries = ['/'],
  initialIndex,
  children,
}: {
  initialEntries?: string[];
  initialIndex?: number;
  children: ReactNode;
}) {
  const [history] = useState(() => memoryHistory(initialEntries, initialIndex));
  return <HistoryRouter history={history}>{children}</HistoryRouter>;
}

function useHistory(): AppHistory {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('A screen that routes is rendered outside a router (lib/router.tsx)');
  return history;
}

/** Whether a router is around (a component rendered alone in a test has none). */
export function useInRouterContext(): boolean {
  return useContext(HistoryContext) !== null;
}

export function useLocation(): Place {
  const history = useHistory();
  return useSyncExternalStore(history.subscribe, history.current, history.current);
}

export type NavigateFunction = {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
};

/** Moves to `to` (a new entry, or the current one replaced), or `delta` entries through the history (-1: back). */
export function useNavigate(): NavigateFunction {
  const history = useHistory();
  return useCallback(
    (to: string | number, options?: NavigateOptions) => {
      if (typeof to === 'number') history.go(to);
      else history.push(to, options);
    },
    [history],
  ) as NavigateFunction;
}

type SearchInit = URLSearchParams | Record<string, string>;
export type SetSearchParams = (
  next: SearchInit | ((current: URLSearchParams) => SearchInit),
  options?: NavigateOptions,
) => void;

/**
 * The address's query, and a way to change it (the path kept; a new entry unless `replace`). A function is given a
 * copy of the query as it is when called, to change and return.
 */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const history = useHistory();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const { pathname, search } = history.current();
      const query = new URLSearchParams(
        typeof next === 'function' ? next(new URLSearchParams(search)) : next,
      ).toString();
      history.push(pathname + (query ? `?${query}` : ''), options);
    },
    [history],
  );
  return [params, set];
}

/** The current route's parameters (`/campaigns/:id` → `{ id }`). */
export function useParams<T extends Record<string, string | undefined> = Record<string, string | undefined>>(): T {
  return useRouteParams() as T;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path with its search and hash, or relative to the current page (`?c=1`: this page, that query). */
  to: string;
  replace?: boolean;
  state?: unknown;
};

/**
 * A real `<a href>` (it works before the app runs, opens in a new tab with a modifier or `target`); a plain click
 * moves within the app. A link to where the person already is replaces the entry instead of stacking a copy.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, onClick, target, ...props },
  ref,
) {
  const history = useHistory();
  const here = useLocation();
  const href = resolveTo(to, here);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self') || isExternal(href)) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    history.push(href, { replace: replace ?? here.pathname + here.search + here.hash === href, state });
  };
  return <a {...props} ref={ref} href={href} target={target} onClick={follow} />;
});

type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on `to` itself, not on the addresses below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A link that knows it leads to the current screen (or one below it): `aria-current="page"` and its own class. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { end = false, className, ...props },
  ref,
) {
  const here = useLocation();
  // As the routes match: in any case, a trailing slash aside; `/` is current on `/` alone.
  const asMatched = (path: string) => path.toLowerCase().replace(/(.)\/+$/, '$1');
  const pathname = asMatched(here.pathname);
  const target = asMatched(new URL(resolveTo(props.to, here), 'http://app').pathname);
  const isActive = pathname === target || (!end && target !== '/' && pathname.startsWith(`${target}/`));
  return (
    <Link
      {...props}
      ref={ref}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
});

/** Moves to `to` once rendered (a new entry, or the current one replaced with `replace`). */
export function Navigate({ to, replace = false, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

// Every screen's module, loaded on demand (routes stay lazy). The router renders them through React.lazy; the entry
// (main.tsx) also starts the modules of the address being opened before React and the app's code have arrived, so a
// cold load fetches the screen's code beside the shell's instead of after it (issue 11 §3). Both call the same
// import(), so a module is fetched once. Nothing here may import app code: this file is part of the tiny entry.

export const routeModules = {
  guards: () => import('./guards'),
  auth: () => import('./routes/auth'),
  root: () => import('./routes/root'),
  notFound: () => import('./routes/not-found'),
  appLayout: () => import('./layouts/app-layout'),
  home: () => import('./routes/home'),
  campaigns: () => import('./routes/campaigns'),
  campaign: () => import('./routes/campaign'),
  orders: () => import('./routes/orders'),
  notifications: () => import('./routes/notifications'),
  chat: () => import('./routes/chat'),
  settings: () => import('./routes/settings'),
  influencers: () => import('./routes/influencers'),
  influencer: () => import('./routes/influencer'),
  adminPayouts: () => import('./routes/admin-payouts'),
  adminSupport: () => import('./routes/admin-support'),
  admin: () => import('./routes/admin'),
  adminDisputes: () => import('./routes/admin-disputes'),
  wizard: () => import('./routes/wizard'),
  terms: () => import('@/features/legal/terms-page'),
  privacy: () => import('@/features/legal/privacy-page'),
};

type ModuleName = keyof typeof routeModules;

/** The signed-in frame's screens: the session guard, the layout, then the screen (router.tsx nests them so). */
const framed = (screen: ModuleName): ModuleName[] => ['guards', 'appLayout', screen];

// Mirrors the route table in router.tsx (one segment per ':id'); an address not listed here simply loads as before.
const table: [RegExp, ModuleName[]][] = [
  [/^\/auth$/, ['auth']],
  [/^\/terms-of-service$/, ['terms']],
  [/^\/privacy-policy$/, ['privacy']],
  [/^\/$/, ['guards', 'root']],
  [/^\/(client|influencer)-wizard-[123]$/, ['guards', 'wizard']],
  [/^\/home$/, framed('home')],
  [/^\/campaigns$/, framed('campaigns')],
  [/^\/campaigns\/[^/]+$/, framed('campaign')],
  [/^\/orders$/, framed('orders')],
  [/^\/notifications$/, framed('notifications')],
  [/^\/chat$/, framed('chat')],
  [/^\/settings$/, framed('settings')],
  [/^\/influencers$/, framed('influencers')],
  [/^\/influencers\/[^/]+$/, framed('influencer')],
  [/^\/admin\/payouts(\/[^/]+)?$/, framed('adminPayouts')],
  [/^\/admin\/support$/, framed('adminSupport')],
  [/^\/admin(\/(people|orders)(\/[^/]+)?|\/money)?$/, framed('admin')],
  [/^\/admin\/disputes(\/[^/]+)?$/, framed('adminDisputes')],
];

/**
 * The modules the screen at `pathname` renders, in the order the router reaches them; an address the table does not
 * know is the router's `*`, the not-found page. The server draws that page too, so its module must be loaded before
 * hydration like any other: without it the browser's first render was a Suspense fallback where the server's HTML had
 * the page, and React threw the markup away (error #418, seen on /no-such-page in georgian.spec.ts).
 */
export function routeModulesFor(pathname: string): ModuleName[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return table.find(([re]) => re.test(path))?.[1] ?? ['notFound'];
}

/** Starts fetching the screen's modules; a failure is left to the router, which imports them again and reports it. */
export function preloadRoute(pathname: string) {
  for (const name of routeModulesFor(pathname)) routeModules[name]().catch(() => undefined);
}

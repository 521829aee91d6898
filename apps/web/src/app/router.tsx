import { SIGNUP_ROLES, type SignupRole } from '@app/shared/constants';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { paths, type WizardStep } from '@/config/paths';
import { anyPath, Route, Routes, useParams } from '@/lib/router';
import { FullScreenLoading } from './full-screen-loading';
import { PageSkeleton } from './page-skeleton';
import { routeModules, routeModulesFor } from './route-modules';

/** Route modules already loaded, by loader: their pages render at once instead of suspending. */
const loaded = new Map<() => Promise<unknown>, unknown>();

/**
 * Every page is its own chunk (route-modules.ts); the initial bundle holds only the shell. A page whose module has
 * arrived (`preloadPages`, or any earlier render) renders directly, with no Suspense boundary around it: a page the
 * server rendered is then taken over in one pass (React would take over the inside of a boundary later, at idle
 * priority, and the screen would not answer a tap meanwhile). One whose module is still on its way shows `fallback`
 * until it arrives, and keeps that shape while it stays on screen (switching would mount it afresh).
 */
function page<M, K extends keyof M, P extends object = object>(load: () => Promise<M>, name: K, fallback: ReactNode) {
  const Lazy = lazy(async () => {
    const module = await load();
    loaded.set(load, module);
    return { default: module[name] as ComponentType<P> };
  });
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module scope (below), never in a render
  return function Page(props: P) {
    const [module] = useState(() => loaded.get(load) as M | undefined);
    const Loaded = module?.[name] as ComponentType<P> | undefined;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

/** Loads the modules of the pages at `pathname` (the guard, the layout, the screen) so they render at once. */
export async function preloadPages(pathname: string) {
  await Promise.all(
    routeModulesFor(pathname).map(async (name) => {
      const load = routeModules[name] as () => Promise<unknown>;
      loaded.set(load, await load());
    }),
  );
}

type Framing = { children: ReactNode };
const RequireSession = page<Awaited<ReturnType<typeof routeModules.guards>>, 'RequireSession', Framing>(
  routeModules.guards,
  'RequireSession',
  <FullScreenLoading />,
);
const AuthRoute = page(routeModules.auth, 'AuthRoute', <FullScreenLoading />);
const RootRoute = page(routeModules.root, 'RootRoute', <FullScreenLoading />);
const NotFoundRoute = page(routeModules.notFound, 'NotFoundRoute', <FullScreenLoading />);
const AppLayout = page<Awaited<ReturnType<typeof routeModules.appLayout>>, 'AppLayout', Framing>(
  routeModules.appLayout,
  'AppLayout',
  <FullScreenLoading />,
);
const HomeRoute = page(routeModules.home, 'HomeRoute', <PageSkeleton />);
const CampaignsRoute = page(routeModules.campaigns, 'CampaignsRoute', <PageSkeleton />);
const CampaignRoute = page(routeModules.campaign, 'CampaignRoute', <PageSkeleton />);
const OrdersRoute = page(routeModules.orders, 'OrdersRoute', <PageSkeleton />);
const NotificationsRoute = page(routeModules.notifications, 'NotificationsRoute', <PageSkeleton />);
const ChatRoute = page(routeModules.chat, 'ChatRoute', <PageSkeleton />);
const SettingsRoute = page(routeModules.settings, 'SettingsRoute', <PageSkeleton />);
const InfluencersRoute = page(routeModules.influencers, 'InfluencersRoute', <PageSkeleton />);
const InfluencerRoute = page(routeModules.influencer, 'InfluencerRoute', <PageSkeleton />);
const AdminPayoutsRoute = page(routeModules.adminPayouts, 'AdminPayoutsRoute', <PageSkeleton />);
const AdminPayoutBatchRoute = page(routeModules.adminPayouts, 'AdminPayoutBatchRoute', <PageSkeleton />);
const AdminSupportRoute = page(routeModules.adminSupport, 'AdminSupportRoute', <PageSkeleton />);
const AdminConsoleRoute = page(routeModules.admin, 'AdminConsoleRoute', <PageSkeleton />);
const AdminPeopleRoute = page(routeModules.admin, 'AdminPeopleRoute', <PageSkeleton />);
const AdminPersonRoute = page(routeModules.admin, 'AdminPersonRoute', <PageSkeleton />);
const AdminOrdersRoute = page(routeModules.admin, 'AdminOrdersRoute', <PageSkeleton />);
const AdminOrderRoute = page(routeModules.admin, 'AdminOrderRoute', <PageSkeleton />);
const AdminMoneyRoute = page(routeModules.admin, 'AdminMoneyRoute', <PageSkeleton />);
const AdminDisputesRoute = page(routeModules.adminDisputes, 'AdminDisputesRoute', <PageSkeleton />);
const AdminDisputeRoute = page(routeModules.adminDisputes, 'AdminDisputeRoute', <PageSkeleton />);
const WizardRoute = page<
  Awaited<ReturnType<typeof routeModules.wizard>>,
  'WizardRoute',
  { audience: (typeof SIGNUP_ROLES)[number]; step: WizardStep }
>(routeModules.wizard, 'WizardRoute', <FullScreenLoading />);
const TermsPage = page(routeModules.terms, 'TermsPage', <FullScreenLoading />);
const PrivacyPage = page(routeModules.privacy, 'PrivacyPage', <FullScreenLoading />);

const STEPS = [1, 2, 3] as const satisfies readonly WizardStep[];
/** /client-wizard-1 … /influencer-wizard-3 (paths.wizard): one route, so the wizard stays mounted from step to step. */
const WIZARD = new RegExp(`^/(?<role>${SIGNUP_ROLES.join('|')})-wizard-(?<step>[${STEPS.join('')}])/?$`, 'i');

function Wizard() {
  const { role = '', step } = useParams<{ role?: string; step?: string }>();
  return <WizardRoute audience={role.toLowerCase() as SignupRole} step={Number(step) as WizardStep} />;
}

/**
 * The pages inside the app's frame (the navigation, the realtime connection): one layout, mounted once for all. Their
 * components, not elements made once here: the server renders pages for several people at once, and its renderer
 * writes into the elements it renders (a shared element would carry one render's place into another's, useId's ids
 * among it).
 */
const FRAMED: [path: string, Page: ComponentType][] = [
  [paths.home.path, HomeRoute],
  [paths.campaigns.path, CampaignsRoute],
  [paths.campaign.path, CampaignRoute],
  [paths.orders.path, OrdersRoute],
  [paths.notifications.path, NotificationsRoute],
  [paths.chat.path, ChatRoute],
  [paths.settings.path, SettingsRoute],
  [paths.influencers.path, InfluencersRoute],
  [paths.influencer.path, InfluencerRoute],
  [paths.adminPayouts.path, AdminPayoutsRoute],
  [paths.adminPayout.path, AdminPayoutBatchRoute],
  [paths.adminSupport.path, AdminSupportRoute],
  [paths.admin.path, AdminConsoleRoute],
  [paths.adminPeople.path, AdminPeopleRoute],
  [paths.adminPerson.path, AdminPersonRoute],
  [paths.adminOrders.path, AdminOrdersRoute],
  [paths.adminOrder.path, AdminOrderRoute],
  [paths.adminMoney.path, AdminMoneyRoute],
  [paths.adminDisputes.path, AdminDisputesRoute],
  [paths.adminDispute.path, AdminDisputeRoute],
];
const FRAMED_PATHS = FRAMED.map(([path]) => path);
const IN_FRAME = anyPath(FRAMED_PATHS);
/** Every page that needs a session: the entry `/`, the wizards and the framed pages. */
const SIGNED_IN = anyPath([paths.root.path, WIZARD, ...FRAMED_PATHS]);

/**
 * Which page an address shows. The first route that matches wins (lib/router.tsx), so each group is one route whose
 * element stays mounted while the person moves inside it: the session guard around the signed-in pages, the frame
 * around the app's pages. Anything else is the not-found page.
 */
export function AppRouter() {
  return (
    <Routes>
      <Route path={paths.auth.path} element={<AuthRoute />} />
      <Route path={paths.terms.path} element={<TermsPage />} />
      <Route path={paths.privacy.path} element={<PrivacyPage />} />
      <Route path={SIGNED_IN}>
        <RequireSession>
          <Routes>
            <Route path={paths.root.path} element={<RootRoute />} />
            <Route path={WIZARD} element={<Wizard />} />
            <Route path={IN_FRAME}>
              <AppLayout>
                <Routes>
                  {FRAMED.map(([path, Page]) => (
                    <Route key={path} path={path} element={<Page />} />
                  ))}
                </Routes>
              </AppLayout>
            </Route>
          </Routes>
        </RequireSession>
      </Route>
      <Route element={<NotFoundRoute />} />
    </Routes>
  );
}

import { SIGNUP_ROLES } from '@app/shared/constants';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { Route, Routes } from 'react-router';
import { paths, type WizardStep } from '@/config/paths';
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

const RequireSession = page(routeModules.guards, 'RequireSession', <FullScreenLoading />);
const AuthRoute = page(routeModules.auth, 'AuthRoute', <FullScreenLoading />);
const RootRoute = page(routeModules.root, 'RootRoute', <FullScreenLoading />);
const NotFoundRoute = page(routeModules.notFound, 'NotFoundRoute', <FullScreenLoading />);
const AppLayout = page(routeModules.appLayout, 'AppLayout', <FullScreenLoading />);
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

export function AppRouter() {
  return (
    <Routes>
      <Route path={paths.auth.path} element={<AuthRoute />} />
      <Route path={paths.terms.path} element={<TermsPage />} />
      <Route path={paths.privacy.path} element={<PrivacyPage />} />

      <Route element={<RequireSession />}>
        <Route path={paths.root.path} element={<RootRoute />} />
        {SIGNUP_ROLES.flatMap((role) =>
          STEPS.map((step) => {
            const path = paths.wizard.href(role, step);
            return <Route key={path} path={path} element={<WizardRoute audience={role} step={step} />} />;
          }),
        )}
        <Route element={<AppLayout />}>
          <Route path={paths.home.path} element={<HomeRoute />} />
          <Route path={paths.campaigns.path} element={<CampaignsRoute />} />
          <Route path={paths.campaign.path} element={<CampaignRoute />} />
          <Route path={paths.orders.path} element={<OrdersRoute />} />
          <Route path={paths.notifications.path} element={<NotificationsRoute />} />
          <Route path={paths.chat.path} element={<ChatRoute />} />
          <Route path={paths.settings.path} element={<SettingsRoute />} />
          <Route path={paths.influencers.path} element={<InfluencersRoute />} />
          <Route path={paths.influencer.path} element={<InfluencerRoute />} />
          <Route path={paths.adminPayouts.path} element={<AdminPayoutsRoute />} />
          <Route path={paths.adminPayout.path} element={<AdminPayoutBatchRoute />} />
          <Route path={paths.adminSupport.path} element={<AdminSupportRoute />} />
          <Route path={paths.admin.path} element={<AdminConsoleRoute />} />
          <Route path={paths.adminPeople.path} element={<AdminPeopleRoute />} />
          <Route path={paths.adminPerson.path} element={<AdminPersonRoute />} />
          <Route path={paths.adminOrders.path} element={<AdminOrdersRoute />} />
          <Route path={paths.adminOrder.path} element={<AdminOrderRoute />} />
          <Route path={paths.adminMoney.path} element={<AdminMoneyRoute />} />
          <Route path={paths.adminDisputes.path} element={<AdminDisputesRoute />} />
          <Route path={paths.adminDispute.path} element={<AdminDisputeRoute />} />
        </Route>
      </Route>

      <Route path="*" element={<NotFoundRoute />} />
    </Routes>
  );
}

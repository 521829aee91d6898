import { SIGNUP_ROLES } from '@app/shared/constants';
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { paths, type WizardStep } from '@/config/paths';
import { FullScreenLoading } from './full-screen-loading';
import { routeModules } from './route-modules';

/** Every page is its own chunk (route-modules.ts); the initial bundle holds only the shell. */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const RequireSession = page(routeModules.guards, 'RequireSession');
const AuthRoute = page(routeModules.auth, 'AuthRoute');
const RootRoute = page(routeModules.root, 'RootRoute');
const NotFoundRoute = page(routeModules.notFound, 'NotFoundRoute');
const AppLayout = page(routeModules.appLayout, 'AppLayout');
const HomeRoute = page(routeModules.home, 'HomeRoute');
const CampaignsRoute = page(routeModules.campaigns, 'CampaignsRoute');
const CampaignRoute = page(routeModules.campaign, 'CampaignRoute');
const OrdersRoute = page(routeModules.orders, 'OrdersRoute');
const ChatRoute = page(routeModules.chat, 'ChatRoute');
const SettingsRoute = page(routeModules.settings, 'SettingsRoute');
const InfluencersRoute = page(routeModules.influencers, 'InfluencersRoute');
const InfluencerRoute = page(routeModules.influencer, 'InfluencerRoute');
const AdminPayoutsRoute = page(routeModules.adminPayouts, 'AdminPayoutsRoute');
const AdminPayoutBatchRoute = page(routeModules.adminPayouts, 'AdminPayoutBatchRoute');
const AdminSupportRoute = page(routeModules.adminSupport, 'AdminSupportRoute');
const WizardRoute = lazy(() => routeModules.wizard().then((m) => ({ default: m.WizardRoute })));
const TermsPage = page(routeModules.terms, 'TermsPage');
const PrivacyPage = page(routeModules.privacy, 'PrivacyPage');

const STEPS = [1, 2, 3] as const satisfies readonly WizardStep[];

export function AppRouter() {
  return (
    <Suspense fallback={<FullScreenLoading />}>
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
            <Route path={paths.chat.path} element={<ChatRoute />} />
            <Route path={paths.settings.path} element={<SettingsRoute />} />
            <Route path={paths.influencers.path} element={<InfluencersRoute />} />
            <Route path={paths.influencer.path} element={<InfluencerRoute />} />
            <Route path={paths.adminPayouts.path} element={<AdminPayoutsRoute />} />
            <Route path={paths.adminPayout.path} element={<AdminPayoutBatchRoute />} />
            <Route path={paths.adminSupport.path} element={<AdminSupportRoute />} />
          </Route>
        </Route>

        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </Suspense>
  );
}

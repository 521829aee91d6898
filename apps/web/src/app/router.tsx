import { SIGNUP_ROLES } from '@app/shared/constants';
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { paths, type WizardStep } from '@/config/paths';
import { FullScreenLoading } from './full-screen-loading';

/** Every page is its own chunk; the initial bundle holds only the shell. */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const RequireSession = page(() => import('./guards'), 'RequireSession');
const AuthRoute = page(() => import('./routes/auth'), 'AuthRoute');
const RootRoute = page(() => import('./routes/root'), 'RootRoute');
const NotFoundRoute = page(() => import('./routes/not-found'), 'NotFoundRoute');
const AppLayout = page(() => import('./layouts/app-layout'), 'AppLayout');
const HomeRoute = page(() => import('./routes/home'), 'HomeRoute');
const CampaignsRoute = page(() => import('./routes/campaigns'), 'CampaignsRoute');
const CampaignRoute = page(() => import('./routes/campaign'), 'CampaignRoute');
const OrdersRoute = page(() => import('./routes/orders'), 'OrdersRoute');
const ChatRoute = page(() => import('./routes/chat'), 'ChatRoute');
const SettingsRoute = page(() => import('./routes/settings'), 'SettingsRoute');
const InfluencersRoute = page(() => import('./routes/influencers'), 'InfluencersRoute');
const InfluencerRoute = page(() => import('./routes/influencer'), 'InfluencerRoute');
const AdminPayoutsRoute = page(() => import('./routes/admin-payouts'), 'AdminPayoutsRoute');
const AdminPayoutBatchRoute = page(() => import('./routes/admin-payouts'), 'AdminPayoutBatchRoute');
const AdminSupportRoute = page(() => import('./routes/admin-support'), 'AdminSupportRoute');
const WizardRoute = lazy(() => import('./routes/wizard').then((m) => ({ default: m.WizardRoute })));
const TermsPage = page(() => import('@/features/legal/terms-page'), 'TermsPage');
const PrivacyPage = page(() => import('@/features/legal/privacy-page'), 'PrivacyPage');

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

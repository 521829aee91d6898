import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
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
const ClientWizardRoute = lazy(() => import('./routes/wizard').then((m) => ({ default: m.ClientWizardRoute })));
const InfluencerWizardRoute = lazy(() => import('./routes/wizard').then((m) => ({ default: m.InfluencerWizardRoute })));
const TermsPage = lazy(() => import('@/features/legal/terms-page'));
const PrivacyPage = lazy(() => import('@/features/legal/privacy-page'));

const STEPS = [1, 2, 3] as const;

export function AppRouter() {
  return (
    <Suspense fallback={<FullScreenLoading />}>
      <Routes>
        <Route path={paths.auth.path} element={<AuthRoute />} />
        <Route path={paths.terms.path} element={<TermsPage />} />
        <Route path={paths.privacy.path} element={<PrivacyPage />} />

        <Route element={<RequireSession />}>
          <Route path={paths.root.path} element={<RootRoute />} />
          {/* The router matches whole segments only, so each wizard step is its own path. */}
          {STEPS.map((step) => (
            <Route key={`c${step}`} path={paths.clientWizard.href(step)} element={<ClientWizardRoute step={step} />} />
          ))}
          {STEPS.map((step) => (
            <Route
              key={`i${step}`}
              path={paths.influencerWizard.href(step)}
              element={<InfluencerWizardRoute step={step} />}
            />
          ))}
          <Route element={<AppLayout />}>
            <Route path={paths.home.path} element={<HomeRoute />} />
            <Route path={paths.campaigns.path} element={<CampaignsRoute />} />
            <Route path={paths.campaign.path} element={<CampaignRoute />} />
            <Route path={paths.orders.path} element={<OrdersRoute />} />
            <Route path={paths.chat.path} element={<ChatRoute />} />
            <Route path={paths.settings.path} element={<SettingsRoute />} />
            <Route path={paths.influencers.path} element={<InfluencersRoute />} />
            <Route path={paths.influencer.path} element={<InfluencerRoute />} />
          </Route>
        </Route>

        <Route path="*" element={<NotFoundRoute />} />
      </Routes>
    </Suspense>
  );
}

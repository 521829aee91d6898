// The composition root (CONVENTIONS §15): the platform, then each feature built by its factory with its dependencies
// visible here, then their plugins registered, then the web app. What depends on what reads top to bottom.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { createAdminFeature } from './features/admin/admin.feature.ts';
import { createApplicationsFeature } from './features/applications/applications.feature.ts';
import { createAuthFeature } from './features/auth/auth.feature.ts';
import { bootstrapRoutes } from './features/bootstrap/bootstrap.routes.ts';
import { createCampaignsFeature } from './features/campaigns/campaigns.feature.ts';
import { createCategoriesFeature } from './features/categories/categories.feature.ts';
import { createChatFeature } from './features/chat/chat.feature.ts';
import { createDevFeature } from './features/dev/dev.feature.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { createInfluencersFeature } from './features/influencers/influencers.feature.ts';
import { createInvitationsFeature } from './features/invitations/invitations.feature.ts';
import { createNotificationsFeature } from './features/notifications/notifications.feature.ts';
import { createOrderMachine, createOrdersFeature } from './features/orders/orders.feature.ts';
import { createOrdersRepository } from './features/orders/orders.repository.ts';
import { type Bank, liveBank, unreachableBank } from './features/payments/bank.ts';
import { createPaymentsFeature } from './features/payments/payments.feature.ts';
import { createPayoutsFeature } from './features/payouts/payouts.feature.ts';
import { createProfilesFeature } from './features/profiles/profiles.feature.ts';
import { createPushFeature } from './features/push/push.feature.ts';
import { createSocialFeature } from './features/social/social.feature.ts';
import type { SocialProviders } from './features/social/social-providers.ts';
import { createMailer, type Mailer } from './integrations/mail/mailer.ts';
import { createStores, type Stores } from './integrations/storage/storage.ts';
import { createJobRunner, type JobRunner } from './jobs/job-runner.ts';
import { startCaches } from './lib/caches.ts';
import { createPlatform } from './lib/platform.ts';
import { hitCounter } from './lib/rate-limit.ts';
import { registerWebApp } from './lib/web-app.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** Avatars and attachments: default from config (disk, or the bucket STORAGE_URL names). */
  stores?: Stores;
  logger?: boolean;
  /** Where the log's JSON lines go instead of stdout (tests that read what was logged). */
  logStream?: { write: (line: string) => void };
  /** Features define job handlers and enqueue on it; main.ts starts it, tests call runDue(). Default: one not started. */
  jobs?: JobRunner;
  /** The card provider: the real bank (BOG_*) or an emulator main.ts / the test harness started. */
  bank?: Bank;
  /** The social platforms: real APIs or the emulator main.ts / the test harness started (issue 13). */
  social?: SocialProviders;
  /** The social emulator's address while it stands in for a platform: serves /dev/social (this machine only). */
  socialEmulatorUrl?: string;
};

/** Builds the whole server without listening: main.ts and the tests both use it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const { db } = database;
  // main.ts and the test harness start the emulator and pass it; an app built without one (a benchmark) cannot pay.
  const bank = deps.bank ?? (config.bog.mode === 'live' ? liveBank(config.bog) : unreachableBank());
  const app = await createPlatform({ ...deps, cardPageOrigin: bank.cardPageOrigin });
  const log = app.log;
  const jobs = deps.jobs ?? createJobRunner({ db, log });
  const mailer =
    deps.mailer ??
    createMailer({ db, jobs, smtpUrl: config.smtpUrl, from: config.mailFrom, resendAfterMs: config.mailResendAfterMs });
  const stores = deps.stores ?? createStores(config.storage, config);
  const { sessionCache, reads } = await startCaches(app, config, database);
  const count = hitCounter(db);

  // Each feature writes only its own tables; what others need of them is a port (decision 029).
  const ordersRepo = createOrdersRepository(db);
  const openOrders = ordersRepo.openForAccount;
  const auth = createAuthFeature({ db, config, mailer, sessionCache, count, log, openOrders });
  const { guards } = auth;
  const avatarUploadsPer10Min = auth.limits.avatar;
  const profiles = createProfilesFeature({
    db,
    auth: auth.auth,
    storage: stores.avatars,
    guards,
    avatarUploadsPer10Min,
    log,
  });
  const categories = createCategoriesFeature({ db });
  const { sessionCookieName } = auth;
  const push = createPushFeature({ db, config, jobs, guards, log });
  const chat = await createChatFeature({
    database,
    auth: auth.auth,
    guards,
    reads,
    config,
    sessionCookieName,
    files: stores.attachments,
    log,
    onMessageSent: push.messageSent,
  });
  const notifications = createNotificationsFeature({
    db,
    hub: chat.hub,
    mailer,
    guards,
    config,
    clock: jobs.clock,
    jobs,
    log,
    push: push.queue,
  });
  const { announce } = notifications;
  const invitations = createInvitationsFeature({ db, guards, announce });
  const campaigns = createCampaignsFeature({ db, guards, reads, orders: ordersRepo, chats: chat.chats });
  const applications = createApplicationsFeature({
    db,
    guards,
    orders: ordersRepo,
    chats: chat.chats,
    invitations: invitations.repo,
    announce,
  });
  const influencers = createInfluencersFeature({ db, guards, reads });
  // Before orders: a submitted proof link is checked against the influencer's verified account (decision 039).
  const emulatorUrl = deps.socialEmulatorUrl ?? null;
  const social = createSocialFeature({
    db,
    config,
    providers: deps.social,
    emulatorUrl,
    jobs,
    mailer,
    count,
    guards,
    announce,
    log,
  });
  // The order machine first: payments require its outcomes port; the lifecycle moves money through payments.
  const orderMachine = createOrderMachine({
    db,
    campaigns: campaigns.repo,
    mailer,
    publicUrl: config.publicUrl,
    clock: jobs.clock,
    log,
    note: chat.note,
    announce,
  });
  const payments = createPaymentsFeature({
    db,
    config,
    bank,
    outcomes: orderMachine.outcomes,
    jobs,
    mailer,
    guards,
    log,
  });
  const orders = createOrdersFeature({
    machine: orderMachine,
    repo: ordersRepo,
    payments: payments.service,
    applications: applications.repo,
    jobs,
    reviewWindowMs: config.reviewWindowDays * 24 * 60 * 60_000,
    disputeEscalationDays: config.disputeEscalationDays,
    proofChecks: social.proofChecks,
    guards,
  });
  const payouts = createPayoutsFeature({ db, config, ledger: payments.ledger, mailer, jobs, guards, log, announce });
  const admin = createAdminFeature({
    db,
    guards,
    accounts: auth.auth,
    social: social.resets,
    orderActions: {
      cancel: orders.lifecycle.cancel,
      openForClosedAccount: orders.lifecycle.disputes.openForClosedAccount,
      cancelForClosedAccount: orders.lifecycle.cancelForClosedAccount,
    },
  });
  const dev = createDevFeature({ db, config, mailer, socialEmulatorUrl: deps.socialEmulatorUrl });

  await app.register(
    healthRoutes({ ping: database.ping, engine: database.engine, listener: database.listener?.state }),
  );
  await app.register(
    bootstrapRoutes({
      auth: auth.auth,
      categories: categories.repo.listActive,
      unreadCount: chat.unreadCount,
      noticeCount: notifications.unreadCount,
    }),
  );
  const features = [
    auth,
    profiles,
    categories,
    chat,
    notifications,
    push,
    campaigns,
    applications,
    influencers,
    invitations,
  ];
  for (const feature of [...features, payments, payouts, orders, social, admin, dev])
    await app.register(feature.plugin);
  await registerWebApp(app, config);
  return app;
}

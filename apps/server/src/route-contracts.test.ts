// Routes are described once (issue 22 §4): every shared contract is served at its method and path with its words,
// and every documented /api route is a contract, except the few listed here with the reason.
import { adminRoutes } from '@app/shared/admin/admin.routes';
import { applicationRoutes } from '@app/shared/applications/application.routes';
import { accountRoutes, authRoutes } from '@app/shared/auth/auth.routes';
import { campaignRoutes } from '@app/shared/campaigns/campaign.routes';
import { categoryRoutes } from '@app/shared/categories/category.routes';
import { chatRoutes, messageRoutes, supportRoutes } from '@app/shared/chat/chat.routes';
import { bootstrapRoutes } from '@app/shared/common/bootstrap.routes';
import type { RouteContract } from '@app/shared/common/route';
import { disputeRoutes } from '@app/shared/disputes/dispute.routes';
import { healthRoutes } from '@app/shared/health/health.routes';
import { influencerRoutes } from '@app/shared/influencers/influencer.routes';
import { invitationRoutes } from '@app/shared/invitations/invitation.routes';
import { notificationRoutes } from '@app/shared/notifications/notification.routes';
import { pushRoutes } from '@app/shared/notifications/push.routes';
import { orderRoutes, orderTransitionRoutes } from '@app/shared/orders/order.routes';
import { paymentRoutes } from '@app/shared/payments/payment.routes';
import { adminPayoutRoutes, payoutRoutes } from '@app/shared/payouts/payout.routes';
import { profileRoutes } from '@app/shared/profiles/profile.routes';
import { socialRoutes } from '@app/shared/social/social.routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.ts';

const contracts: RouteContract[] = [
  adminRoutes,
  applicationRoutes,
  authRoutes,
  accountRoutes,
  bootstrapRoutes,
  campaignRoutes,
  categoryRoutes,
  chatRoutes,
  disputeRoutes,
  messageRoutes,
  supportRoutes,
  healthRoutes,
  influencerRoutes,
  invitationRoutes,
  notificationRoutes,
  pushRoutes,
  orderRoutes,
  orderTransitionRoutes,
  paymentRoutes,
  payoutRoutes,
  adminPayoutRoutes,
  profileRoutes,
  socialRoutes,
].flatMap((group) => Object.values(group));

/** Documented routes that are not contracts (yet), with why. */
const NOT_CONTRACTS = new Set([
  // The bank's callback reads its raw body (the signature is over the exact bytes): its own parser and scope.
  'POST /api/payments/bog/callback',
  // A development aid (the local mailbox), not part of the app's API.
  'GET /api/dev/mailbox',
]);

const documented = (c: RouteContract) => `${c.method} ${c.path.replace(/:(\w+)/g, '{$1}')}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the shared route contracts', () => {
  it('are each served at their method and path, documented with their tags and summary', async () => {
    const doc = (await t.req({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    for (const c of contracts) {
      expect(t.app.hasRoute({ method: c.method, url: c.path }), `${c.method} ${c.path} is served`).toBe(true);
      const [, openApiPath] = documented(c).split(' ');
      const op = doc.paths[openApiPath!]?.[c.method.toLowerCase()];
      expect(op, `${documented(c)} is documented`).toBeDefined();
      expect({ tags: op!.tags, summary: op!.summary }).toEqual({ tags: c.tags, summary: c.summary });
    }
  });

  it('describe every documented /api route but the listed exceptions', async () => {
    const doc = (await t.req({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const described = new Set(contracts.map(documented));
    const undescribed = Object.entries(doc.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .filter((route) => route.includes(' /api/') && !described.has(route) && !NOT_CONTRACTS.has(route));
    expect(undescribed).toEqual([]);
  });
});

// The admin console (issue 23 §3, decision 031): what admins read about people, orders and money, and what they do.
// Each person-level action goes through the feature that owns it (a port below) and then writes its history row
// with the admin and the reason; order actions go through the order machine, whose history row carries both.
import type {
  AdminOrderDetail,
  AdminPersonAction,
  AdminPersonDetail,
  adminOrdersQuery,
  peopleQuery,
} from '@app/shared/admin/admin.schemas';
import { ADMIN_ORDER_ACTIONS } from '@app/shared/admin/admin.schemas';
import { allowedActions, type OrderState, orderStage } from '@app/shared/orders/order-machine';
import type { SocialPlatform } from '@app/shared/social/social.schemas';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { AdminOrdersRepository } from './admin-orders.repository.ts';
import type { AdminPeopleRepository } from './admin-people.repository.ts';

/** What the console needs of accounts (the auth feature). Deactivation is the owner's rule, called as it is. */
export type AccountsPort = {
  deactivateAccount(userId: string): Promise<void>;
  reactivateAccount(userId: string): Promise<void>;
  unlockSignIn(email: string): Promise<{ wasLockedUntil: Date | null; failures: number } | null>;
  resendVerification(email: string): Promise<void>;
};
/** The social feature's: one platform's verification reset (the influencer verifies anew). */
export type SocialResetsPort = {
  reset(influencerId: string, platform: SocialPlatform): Promise<{ handle: string; status: string } | null>;
};
/** The order machine's admin transitions (the orders feature), each with the admin's reason. */
export type OrderActionsPort = {
  cancel(actor: Actor, orderId: string, reason: string): Promise<void>;
  /** A closed account's orders with work under way and money held become disputes (issue 23 §2): how many did. */
  openForClosedAccount(admin: Actor, userId: string, reason: string): Promise<number>;
  /** A closed account's orders hired but not started are cancelled, any hold released: how many were. */
  cancelForClosedAccount(admin: Actor, userId: string, reason: string): Promise<number>;
};

const conflict = (code: string, message: string) => new AppError(code, message, 409);
const stateOf = (o: { status: string; workStatus: string; approvalStatus: string | null }) => o as OrderState;

export function createAdminService(deps: {
  people: AdminPeopleRepository;
  orders: AdminOrdersRepository;
  accounts: AccountsPort;
  social: SocialResetsPort;
  orderActions: OrderActionsPort;
}) {
  const { people, orders, accounts } = deps;

  async function personOr404(userId: string) {
    const p = await people.person(userId);
    if (!p) throw notFound('Person');
    return p;
  }

  /** Deactivation and reactivation are for clients' and influencers' accounts; admins are managed from the CLI. */
  function member(p: { role: string }) {
    if (p.role === 'admin') {
      throw conflict('ADMIN_ACCOUNT', 'Admin accounts are managed from the command line, not from the console.');
    }
  }

  async function record(admin: Actor, userId: string, action: AdminPersonAction, reason: string, details?: object) {
    await people.record({
      userId,
      adminId: admin.userId,
      action,
      reason,
      details: details as Record<string, unknown>,
    });
  }

  return {
    async listPeople(q: z.output<typeof peopleQuery>) {
      return people.list(q);
    },

    async person(userId: string): Promise<AdminPersonDetail> {
      const p = await personOr404(userId);
      const [socials, orderRows, paymentRows, ratingSummary, supportChats, signIn, history] = await Promise.all([
        p.influencerId ? people.socials(p.influencerId) : [],
        people.orders({ clientId: p.clientId, influencerId: p.influencerId }, 20),
        people.payments(userId, 20),
        people.ratings(userId, 10),
        people.supportChats(userId, 10),
        people.signIn(p.email),
        people.history(userId, 50),
      ]);
      return {
        id: p.id,
        role: p.role,
        name: p.name,
        email: p.email,
        emailVerified: p.emailVerified,
        active: p.active,
        onboarded: p.onboarded,
        createdAt: p.createdAt,
        profileId: p.clientId ?? p.influencerId,
        mobile: p.mobile,
        companyId: p.companyId,
        avatarUrl: p.avatarUrl,
        socials,
        orders: orderRows.map((o) => ({
          id: o.id,
          campaignTitle: o.campaignTitle,
          stage: orderStage(stateOf(o)),
          amountMinor: o.amountMinor,
          counterpart: o.counterpart,
          createdAt: o.createdAt,
        })),
        payments: paymentRows,
        ratings: ratingSummary,
        supportChats,
        signIn,
        history: history.map((h) => ({
          id: h.id,
          action: h.action,
          reason: h.reason,
          details: h.details,
          admin: { id: h.adminId, name: h.adminName },
          createdAt: h.createdAt,
        })),
      };
    },

    async deactivate(admin: Actor, userId: string, reason: string) {
      const p = await personOr404(userId);
      member(p);
      if (p.active === false) throw conflict('ALREADY_DEACTIVATED', 'This account is already deactivated.');
      // Unlike the owner's own deactivation, open orders do not stop an admin (issue 23 §2): they become disputes
      // first, so a failure here leaves the account open and the admin may try again (orders already disputed are
      // not taken twice).
      // Orders hired but not started are cancelled (any hold released, the campaign open again): there is no work
      // to judge, and nobody would otherwise ever release that hold.
      const disputedOrders = await deps.orderActions.openForClosedAccount(admin, userId, reason);
      const canceledOrders = await deps.orderActions.cancelForClosedAccount(admin, userId, reason);
      await accounts.deactivateAccount(userId);
      const details = {
        ...(disputedOrders > 0 ? { disputedOrders } : {}),
        ...(canceledOrders > 0 ? { canceledOrders } : {}),
      };
      await record(admin, userId, 'deactivate', reason, Object.keys(details).length > 0 ? details : undefined);
    },

    async reactivate(admin: Actor, userId: string, reason: string) {
      const p = await personOr404(userId);
      member(p);
      if (p.active !== false) throw conflict('ALREADY_ACTIVE', 'This account is active.');
      await accounts.reactivateAccount(userId);
      await record(admin, userId, 'reactivate', reason);
    },

    async resendVerification(admin: Actor, userId: string, reason: string) {
      const p = await personOr404(userId);
      if (p.emailVerified) throw conflict('ALREADY_VERIFIED', 'This address is already confirmed.');
      await accounts.resendVerification(p.email);
      await record(admin, userId, 'resend_verification', reason, { email: p.email });
    },

    async unlockSignIn(admin: Actor, userId: string, reason: string) {
      const p = await personOr404(userId);
      const lifted = await accounts.unlockSignIn(p.email);
      if (!lifted?.wasLockedUntil) {
        throw conflict('NOT_LOCKED', 'Sign-in is not locked for this account.');
      }
      await record(admin, userId, 'unlock_sign_in', reason, {
        lockedUntil: lifted.wasLockedUntil.toISOString(),
        failures: lifted.failures,
      });
    },

    async resetSocial(admin: Actor, userId: string, platform: SocialPlatform, reason: string) {
      const p = await personOr404(userId);
      if (!p.influencerId) throw conflict('NOT_AN_INFLUENCER', 'Only influencers have social accounts to reset.');
      const gone = await deps.social.reset(p.influencerId, platform);
      if (!gone) throw conflict('NOTHING_TO_RESET', `This influencer has no ${platform} verification to reset.`);
      await record(admin, userId, 'reset_social', reason, { platform, handle: gone.handle, status: gone.status });
    },

    async listOrders(q: z.output<typeof adminOrdersQuery>) {
      const page = await orders.list({
        ...q,
        minAmount: q.minAmount === undefined ? undefined : q.minAmount * 100,
        maxAmount: q.maxAmount === undefined ? undefined : q.maxAmount * 100,
      });
      return { items: page.items.map(orderSummary), nextCursor: page.nextCursor };
    },

    async order(orderId: string): Promise<AdminOrderDetail> {
      const o = await orders.order(orderId);
      if (!o) throw notFound('Order');
      const [history, paymentRows, ledger, receipt] = await Promise.all([
        orders.history(orderId),
        orders.payments(orderId),
        orders.ledger(orderId),
        o.transactionId ? orders.receipt(o.transactionId) : null,
      ]);
      const may = allowedActions(stateOf(o), 'admin');
      return {
        ...orderSummary(o),
        proofUrl: o.proofUrl,
        proofCheck: o.proofCheck,
        completionNotes: o.completionNotes,
        reviewDeadlineAt: o.reviewDeadlineAt,
        chatId: o.chatId,
        actions: ADMIN_ORDER_ACTIONS.filter((a) => may.includes(a)),
        history: history.map((h) => ({
          id: h.id,
          transition: h.transition,
          fromStage: orderStage(
            stateOf({ status: h.fromStatus, workStatus: h.fromWork, approvalStatus: h.fromApproval }),
          ),
          toStage: orderStage(stateOf({ status: h.toStatus, workStatus: h.toWork, approvalStatus: h.toApproval })),
          actorRole: h.actorRole,
          actor: h.actorId ? { id: h.actorId, name: h.actorName ?? '' } : null,
          reason: h.reason,
          createdAt: h.createdAt,
        })),
        payments: paymentRows,
        ledger,
        receipt,
      };
    },

    async cancelOrder(admin: Actor, orderId: string, reason: string) {
      if (!(await orders.order(orderId))) throw notFound('Order');
      await deps.orderActions.cancel(admin, orderId, reason);
    },

    async money(months: number) {
      return { months: await orders.moneyByMonth(months) };
    },
  };
}
export type AdminService = ReturnType<typeof createAdminService>;

type OrderRow = Awaited<ReturnType<AdminOrdersRepository['list']>>['items'][number];

function orderSummary(o: OrderRow) {
  const state = stateOf(o);
  return {
    id: o.id,
    status: state.status,
    workStatus: state.workStatus,
    approvalStatus: state.approvalStatus,
    stage: orderStage(state),
    amountMinor: o.amountMinor,
    createdAt: o.createdAt,
    campaign: { id: o.campaignId, title: o.campaignTitle },
    client: { userId: o.clientUserId, name: o.clientName, email: o.clientEmail },
    influencer: { userId: o.influencerUserId, name: o.influencerName, email: o.influencerEmail },
  };
}

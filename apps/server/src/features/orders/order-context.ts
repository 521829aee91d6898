// What every part of the order lifecycle shares: the order as the services read it (with its parties), mail to one
// party, a system line in the order's chat, and the machine's refusals as the answers people get.
import { languageOr } from '@app/shared/i18n/language';
import { WORK_MESSAGES } from '@app/shared/orders/order.schemas';
import type { OrderTransition } from '@app/shared/orders/order-machine';
import type { Db, Tx } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { OrderMail } from '../../integrations/mail/order-mails.ts';
import { greeting, orderNewsMail } from '../../integrations/mail/templates.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { OrderNote } from '../chat/order-notes.ts';
import type { OrderLifecycleRepository } from './order-lifecycle.repository.ts';
import { type MachineActor, type OrderTransitions, TransitionRefused } from './order-transitions.ts';

/** What a cancelled order needs of the applications feature: its applicants free again (its own rows). */
export type ApplicationsReopening = {
  reopenAfterCancel(tx: Tx, f: { campaignId: string; applicationId: string; now: Date }): Promise<void>;
};

export type Order = NonNullable<Awaited<ReturnType<OrderLifecycleRepository['order']>>>;
export type Log = { warn: (o: object, m?: string) => void; error: (o: object, m?: string) => void };

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

/** Nothing was updated: not in a state the transition starts from (spec §8's words). */
export const notUpdated = (transition: OrderTransition) =>
  new AppError('ORDER_NOT_UPDATED', WORK_MESSAGES.notUpdated, 409, { transition });
export const captureFailed = () => new AppError('PAYMENT_CONFIRMATION_FAILED', WORK_MESSAGES.captureFailed, 422);
/** An approval is capturing (or waiting for the bank's word on its capture): never "not found" (issue 21 §4). */
export const approvalInProgress = () => new AppError('APPROVAL_IN_PROGRESS', WORK_MESSAGES.approvalInProgress, 409);

/** An accepted cancellation is moving the money at the bank: everything else waits for it (issue 23 §2). */
export const cancelInProgress = () =>
  new AppError(
    'CANCEL_IN_PROGRESS',
    'The agreed cancellation is being settled with the bank; the order will update in a moment.',
    409,
  );

/** The order is claimed by an approval that has not settled yet. */
export const claimed = (o: {
  captureStartedAt: Date | null;
  status: string;
  workStatus: string;
  approvalStatus: string | null;
}) =>
  o.captureStartedAt !== null &&
  o.status === 'paid' &&
  o.workStatus === 'completed' &&
  (o.approvalStatus === null || o.approvalStatus === 'pending');

/** A person as the machine sees them. */
export const asMachineActor = (actor: Actor): MachineActor => ({
  role: actor.role,
  userId: actor.userId,
  profileId: actor.profileId,
});

/**
 * The machine's refusal as the answer a person gets: not theirs 404, not their role 403, an approval still
 * capturing 409 APPROVAL_IN_PROGRESS (it settles by itself), any other state 409. Anything else passes through.
 */
export function refusal(e: unknown): unknown {
  if (!(e instanceof TransitionRefused)) return e;
  if (e.reason === 'not_found') return notFound('Order');
  if (e.reason === 'forbidden') return forbidden('You cannot do this with this order');
  if (e.order?.cancelClaimedAt) return cancelInProgress();
  return e.order && claimed(e.order) ? approvalInProgress() : notUpdated(e.transition);
}

export type OrderContext = ReturnType<typeof createOrderContext>;

export function createOrderContext(deps: {
  db: Db;
  repo: OrderLifecycleRepository;
  machine: OrderTransitions;
  mailer: Mailer;
  publicUrl: string;
  clock: () => Date;
  log: Log;
  /** A system line in the order's chat, in the transition's transaction. */
  note: OrderNote;
}) {
  const { db, repo, mailer, publicUrl } = deps;
  const orderUrl = (o: Order) => `${publicUrl}/campaigns/${o.campaign.id}`;
  return {
    ...deps,
    /** The order with its parties and campaign; 404 when there is none. */
    async load(orderId: string, conn: Db | Tx = db): Promise<Order> {
      const o = await repo.order(conn, orderId);
      if (!o) throw notFound('Order');
      return o;
    },
    /** Mail to one party of the order, written in `tx` (it leaves only if the change commits). */
    async tell(tx: Tx, o: Order, who: 'client' | 'influencer', mail: OrderMail) {
      const party = o[who];
      // In the recipient's language (decision 034).
      const language = languageOr(party.language);
      const text = mail(language);
      await mailer.send(
        orderNewsMail({
          to: party.email,
          subject: text.subject,
          title: text.subject,
          body: `${greeting(language, party.name)} ${text.body}`,
          url: orderUrl(o),
          action: text.action,
          language,
        }),
        { tx },
      );
    },
  };
}

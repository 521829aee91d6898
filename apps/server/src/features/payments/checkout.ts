// What a client starts (issue 22 §2: one concern of the payments feature): Start & Pay on an order, Add card in
// Settings, the payment the screen waits on, the saved cards. Each attempt is a payments row written before the bank
// is asked (bank-sync.ts asks, with the row's own key); an open attempt is the answer to the next ask.
import { randomUUID } from 'node:crypto';
import {
  type PaymentDto,
  type PaymentFailure,
  type PaymentStatus,
  paymentFailureMessage,
  type SavedCardDto,
  type startPaymentInput,
} from '@app/shared/payments/payment.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { bogIdempotencyKey } from '../../integrations/bog/bog-client.ts';
import { BogRejectedError } from '../../integrations/bog/bog-errors.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { profileOf } from '../../lib/guards.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { Bank } from './bank.ts';
import type { BankSync } from './bank-sync.ts';
import type { PaymentOutcomes } from './payment-outcomes.ts';
import {
  HOLD_RENEWAL_WINDOW_MS,
  type Log,
  MINUTE,
  PAYMENT_TTL_MINUTES,
  SAVE_CARD_AMOUNT_MINOR,
  SAVE_CARD_TTL_MINUTES,
  SCREEN_REFRESH_MS,
  type StoredRequest,
} from './payment-status.ts';
import type { PaymentRow, PaymentsRepository } from './payments.repository.ts';

export function createCheckout(deps: {
  db: Db;
  repo: PaymentsRepository;
  bank: Bank;
  sync: Pick<BankSync, 'createAtBank' | 'resume' | 'refresh'>;
  orders: Pick<PaymentOutcomes, 'amountAsked'>;
  publicUrl: string;
  clock: () => Date;
  log: Log;
}) {
  const { db, repo, bank, publicUrl, clock, log } = deps;
  const { createAtBank, resume, refresh } = deps.sync;
  const callbackUrl = `${publicUrl}/api/payments/bog/callback`;

  function dto(p: PaymentRow): PaymentDto {
    const failure = (p.failure as PaymentFailure | null) ?? null;
    const waiting = p.status === 'created' || p.status === 'pending';
    return {
      id: p.id,
      kind: p.kind as PaymentDto['kind'],
      status: p.status as PaymentStatus,
      amountMinor: p.amountMinor,
      redirectUrl: waiting ? p.redirectUrl : null,
      failure,
      message: p.status === 'failed' ? paymentFailureMessage(failure) : null,
      orderId: p.orderId,
      createdAt: p.createdAt.toISOString(),
    };
  }

  return {
    dto,
    /**
     * Start & Pay (spec §2): pre-authorises the order's amount (the client may change it) on a saved card or on a new
     * card through the bank's page. The order becomes paid only when the bank confirms the hold (callback or
     * receipt), never because a browser says so. A second click with the same terms gets the same attempt.
     */
    async startOrderPayment(
      actor: Actor,
      orderId: string,
      input: z.output<typeof startPaymentInput>,
    ): Promise<PaymentDto> {
      const clientId = profileOf(actor, 'client');
      const card = input.savedCardId ? await repo.ownActiveCard(db, input.savedCardId, actor.userId) : null;
      if (input.savedCardId && !card) {
        throw new AppError('SAVED_CARD_INVALID', paymentFailureMessage('saved_card_invalid'), 409, {
          failure: 'saved_card_invalid',
        });
      }
      const now = clock();
      const result = await db.transaction(async (tx) => {
        const order = await repo.lockOwnedOrder(tx, orderId, clientId);
        if (!order) throw notFound('Order');
        // A paid (or disputed) order may be paid again only to renew a hold the bank will soon release (same amount,
        // same order).
        const held = order.status === 'paid' || order.status === 'disputed';
        const hold = held && order.transactionId ? await repo.find(tx, order.transactionId) : null;
        const renewing =
          hold?.status === 'held' &&
          order.approvalStatus !== 'approved' &&
          hold.holdExpiresAt !== null &&
          hold.holdExpiresAt.getTime() - now.getTime() < HOLD_RENEWAL_WINDOW_MS;
        if (order.status === 'paid' && !renewing) {
          throw new AppError('ORDER_ALREADY_PAID', 'This order is already paid.', 409);
        }
        if (order.status !== 'unpaid' && !renewing) {
          throw new AppError('ORDER_NOT_PAYABLE', 'This order can no longer be paid.', 409);
        }
        if (renewing && input.amountMinor !== order.amountMinor) {
          throw new AppError('AMOUNT_FIXED', 'A renewed hold is for the order’s amount; it cannot change now.', 400, {
            fieldErrors: { amountMinor: ['A renewed hold is for the order’s amount; it cannot change now.'] },
          });
        }
        // An open attempt (another click or tab, a script) is the answer whatever amount or card is asked now: one
        // order at the bank per order while its page works (issue 21 §5.2).
        const existing = await repo.openAttempt(tx, {
          kind: 'preauth',
          orderId,
          since: new Date(now.getTime() - PAYMENT_TTL_MINUTES * MINUTE),
        });
        if (existing) return { payment: existing, reused: true };
        if (!renewing) await deps.orders.amountAsked(tx, orderId, input.amountMinor);
        const id = randomUUID();
        const back = `${publicUrl}/campaigns/${order.campaignId}?payment=${id}`;
        const request: StoredRequest = {
          language: input.lang,
          ...(renewing ? { renewalOf: hold!.id } : {}),
          ...(card ? { parentOrderId: card.parentOrderId } : {}),
          order: {
            callbackUrl,
            capture: 'manual',
            externalOrderId: id,
            ttlMinutes: PAYMENT_TTL_MINUTES,
            applicationType: 'web',
            redirectUrls: { success: back, fail: back },
            basket: [
              { productId: orderId, description: order.campaignTitle, quantity: 1, unitPriceMinor: input.amountMinor },
            ],
          },
        };
        const payment = await repo.insert(tx, {
          id,
          orderId,
          userId: actor.userId,
          kind: 'preauth',
          status: 'created',
          amountMinor: input.amountMinor,
          idempotencyKey: bogIdempotencyKey(`${id}:create`),
          savedCardId: card?.id ?? null,
          request,
          createdAt: now,
          updatedAt: now,
        });
        return { payment, reused: false };
      });
      return dto(result.reused ? await resume(result.payment) : await createAtBank(result.payment));
    },

    /**
     * Settings → Payment Methods → Add: a 1 GEL manual-capture order saved for recurring payments (spec §7). A person's
     * open Add card attempt is the answer to the next one (issue 21 §5.2), taken in turns per person.
     */
    async startAddCard(actor: Actor, lang: 'en' | 'ka'): Promise<PaymentDto> {
      const clientId = profileOf(actor, 'client');
      const id = randomUUID();
      const now = clock();
      const back = `${publicUrl}/settings?section=payment&payment=${id}`;
      const who = await repo.userEmail(db, actor.userId);
      const request: StoredRequest = {
        language: lang,
        order: {
          callbackUrl,
          capture: 'manual',
          externalOrderId: id,
          ttlMinutes: SAVE_CARD_TTL_MINUTES,
          applicationType: 'web',
          redirectUrls: { success: back, fail: back },
          buyer: who?.name ? { fullName: who.name } : undefined,
          basket: [
            {
              productId: 'save_card',
              description: 'Card check (released at once)',
              quantity: 1,
              unitPriceMinor: SAVE_CARD_AMOUNT_MINOR,
            },
          ],
        },
      };
      const result = await db.transaction(async (tx) => {
        await repo.lockClient(tx, clientId);
        const existing = await repo.openAttempt(tx, {
          kind: 'save_card',
          userId: actor.userId,
          since: new Date(now.getTime() - SAVE_CARD_TTL_MINUTES * MINUTE),
        });
        if (existing) return { payment: existing, reused: true };
        const payment = await repo.insert(tx, {
          id,
          userId: actor.userId,
          kind: 'save_card',
          status: 'created',
          amountMinor: SAVE_CARD_AMOUNT_MINOR,
          idempotencyKey: bogIdempotencyKey(`${id}:create`),
          request,
          createdAt: now,
          updatedAt: now,
        });
        return { payment, reused: false };
      });
      return dto(result.reused ? await resume(result.payment) : await createAtBank(result.payment));
    },

    /** A payment of the caller's; while it waits, the bank is asked directly now and then (a lost callback costs seconds). */
    async get(actor: Actor, id: string): Promise<PaymentDto> {
      let p = await repo.find(db, id);
      if (!p || p.userId !== actor.userId) throw notFound('Payment');
      const now = clock().getTime();
      const waiting = p.status === 'created' || p.status === 'pending';
      if (waiting && p.providerOrderId && (!p.checkedAt || now - p.checkedAt.getTime() > SCREEN_REFRESH_MS)) {
        p = await refresh(p);
      }
      return dto(p);
    },

    async cards(actor: Actor): Promise<SavedCardDto[]> {
      profileOf(actor, 'client');
      return (await repo.activeCards(actor.userId)).map((c) => ({
        id: c.id,
        cardType: c.cardType,
        cardLastFour: c.cardLastFour,
        cardExpiryDate: c.cardExpiryDate,
        createdAt: c.createdAt.toISOString(),
      }));
    },

    /** Deleted at the bank first (a card the bank no longer knows is gone already), then deactivated here. */
    async removeCard(actor: Actor, id: string): Promise<void> {
      profileOf(actor, 'client');
      const card = await repo.ownCard(id, actor.userId);
      if (!card) throw notFound('Card');
      if (!card.isActive) return;
      try {
        await bank.client.deleteSavedCard(card.parentOrderId, {
          idempotencyKey: bogIdempotencyKey(`${card.id}:delete`),
        });
      } catch (e) {
        const gone = e instanceof BogRejectedError && (e.status === 404 || e.status === 400);
        if (!gone) {
          log.warn({ cardId: card.id, err: (e as Error).message }, 'the bank did not delete a saved card');
          throw new AppError(
            'BANK_UNAVAILABLE',
            'Failed to remove card. The bank did not answer; please try again.',
            503,
          );
        }
      }
      await repo.deactivateCard(db, card.id);
    },
  };
}

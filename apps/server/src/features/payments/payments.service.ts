import { createHash, randomUUID } from 'node:crypto';
import { formatGel } from '@app/shared/format/format';
import {
  type PaymentDto,
  type PaymentFailure,
  type PaymentStatus,
  paymentFailureMessage,
  type SavedCardDto,
  type startPaymentInput,
} from '@app/shared/payments/payment.schemas';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { type BogOrderInput, bogIdempotencyKey } from '../../integrations/bog/bog-client.ts';
import { BogAuthError, BogError, BogRejectedError, BogUnavailableError } from '../../integrations/bog/bog-errors.ts';
import { errorFailure, type PaymentFailureReason, receiptFailure } from '../../integrations/bog/bog-failure.ts';
import { type BogReceipt, parseCallback } from '../../integrations/bog/bog-receipt.ts';
import { verifyCallbackSignature } from '../../integrations/bog/bog-signature.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { holdPlacedMail, paymentConfirmedMail } from '../../integrations/mail/templates.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { profileOf } from '../../lib/guards.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { Bank } from './bank.ts';
import type { PaymentOutcomes } from './payment-outcomes.ts';
import type { PaymentRow, PaymentsRepository } from './payments.repository.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Spec §9: the payment order lives 3600 s (the bank counts minutes), the save-card order 1440 minutes, 1 GEL. */
const PAYMENT_TTL_MINUTES = 60;
const SAVE_CARD_TTL_MINUTES = 1440;
const SAVE_CARD_AMOUNT_MINOR = 100;
/** The bank releases a manual hold it was not asked to confirm after 30 days. */
const HOLD_LIFETIME_MS = 30 * DAY;
/** A hold this close to its release may be renewed (a new hold on the client's card, then the old one released). */
export const HOLD_RENEWAL_WINDOW_MS = 3 * DAY;
/** The paying screen may ask the bank itself this often while it waits (a dropped callback costs seconds). */
const SCREEN_REFRESH_MS = 3_000;
/** Reconciliation looks at what has waited this long. */
const RECONCILE_AFTER_MS = 2 * MINUTE;
/** Payment events deleted per statement by the retention job. */
const PRUNE_BATCH = 5_000;

const CARD_TYPES: Record<string, string> = { visa: 'Visa', mc: 'Mastercard', amex: 'American Express' };

/** What we asked the bank for, kept on the row so a retry after a crash asks the same with the same key. */
type StoredRequest = { order: BogOrderInput; language: 'en' | 'ka'; parentOrderId?: string; renewalOf?: string };

/** The hold a renewal replaces, or none. */
export const renewalOf = (p: PaymentRow): string | null => (p.request as StoredRequest | null)?.renewalOf ?? null;

type Log = {
  info: (o: object, m?: string) => void;
  warn: (o: object, m?: string) => void;
  error: (o: object, m?: string) => void;
};

/** Forward-only: a later state never goes back to an earlier one, whatever order the news arrives in. */
const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  created: ['pending', 'held', 'captured', 'released', 'failed'],
  pending: ['held', 'captured', 'released', 'failed'],
  held: ['captured', 'released'],
  captured: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
  released: [],
  failed: [],
  succeeded: [],
};

/** The product's failure for the client's finer reason (integrations/bog/bog-failure.ts). */
function failureOf(reason: PaymentFailureReason): PaymentFailure {
  switch (reason) {
    case '3ds_failed':
      return 'three_ds_failed';
    case 'insufficient_funds':
    case 'declined':
    case 'saved_card_invalid':
    case 'provider_unavailable':
      return reason;
    case 'card_expired':
    case 'invalid_card':
      return 'card_invalid';
    case 'expired':
    case 'not_found':
      return 'expired';
    default:
      return 'unknown';
  }
}

/** Where the bank's receipt puts a provider order (save_card, preauth) in our vocabulary. */
export function statusFromReceipt(r: BogReceipt): { status: PaymentStatus | null; failure: PaymentFailure | null } {
  switch (r.status) {
    case 'created':
    case 'processing':
    case 'auth_requested':
      return { status: 'pending', failure: null };
    case 'blocked':
      return { status: 'held', failure: null };
    case 'completed':
    case 'partial_completed':
    case 'refund_requested':
      return { status: 'captured', failure: null };
    case 'refunded':
      return { status: 'refunded', failure: null };
    case 'refunded_partially':
      return { status: 'partially_refunded', failure: null };
    case 'rejected': {
      const cancelled = r.actions.some((a) => a.action === 'cancel_authorize' && a.status === 'completed');
      // A hold the merchant cancelled, or one the bank let lapse after 30 days (it had been held: code 200).
      const lapsed = r.rejectReason === 'expiration' && r.payment?.code === '200';
      if (cancelled || lapsed) return { status: 'released', failure: null };
      const f = receiptFailure(r);
      return { status: 'failed', failure: f ? failureOf(f.reason) : 'unknown' };
    }
    default:
      return { status: null, failure: null };
  }
}

/** The amount the bank confirmed (captured) on a provider order: completed authorize actions, else what it moved. */
function capturedAmount(r: BogReceipt): number {
  const confirmed = r.actions
    .filter((a) => (a.action === 'authorize' || a.action === 'partial_authorize') && a.status === 'completed')
    .reduce((sum, a) => sum + (a.amountMinor ?? 0), 0);
  return confirmed || r.transferAmountMinor + r.refundAmountMinor;
}

export type OperationOutcome = 'done' | 'refused' | 'unavailable' | 'unknown';

export function createPaymentsService(deps: {
  db: Db;
  repo: PaymentsRepository;
  bank: Bank;
  /** What orders make of the bank's news about their holds (required: an order is paid only through it). */
  outcomes: PaymentOutcomes;
  jobs: JobRunner;
  mailer: Mailer;
  publicUrl: string;
  clock: () => Date;
  log: Log;
  /** Payment events (callbacks, receipt reads) older than this are deleted unless something still needs them. */
  eventRetentionDays: number;
}) {
  const { db, repo, bank, jobs, mailer, publicUrl, clock, log } = deps;
  const { outcomes } = deps;
  const callbackUrl = `${publicUrl}/api/payments/bog/callback`;

  const releaseJob = jobs.define<{ paymentId: string; reason: string }>(
    'payments.release',
    async ({ job }) => release(job.payload.paymentId, job.payload.reason),
    { maxAttempts: 20, backoff: { baseMs: 30_000, maxMs: 60 * MINUTE } },
  );
  jobs.define('payments.reconcile', async () => void (await reconcile()), { maxAttempts: 1, leaseMs: 5 * MINUTE });
  jobs.schedule('payments-reconcile', { every: '1m' }, 'payments.reconcile');
  jobs.define('payments.prune-events', async () => void (await pruneEvents()), {
    maxAttempts: 3,
    leaseMs: 10 * MINUTE,
  });
  jobs.schedule('payments-prune-events', { cron: '30 4 * * *', tz: 'Asia/Tbilisi' }, 'payments.prune-events');

  /** Callbacks and receipt reads past the retention window go, a batch at a time (issue 21 §5.1). */
  async function pruneEvents(): Promise<number> {
    const before = new Date(clock().getTime() - deps.eventRetentionDays * DAY);
    let deleted = 0;
    for (let batch = 0; batch < 200; batch++) {
      const n = await repo.pruneEvents(before, PRUNE_BATCH);
      deleted += n;
      if (n < PRUNE_BATCH) break;
    }
    if (deleted) log.info({ deleted, before }, 'pruned payment events past their retention');
    return deleted;
  }

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

  /**
   * Asks the bank for the provider order a `created` row describes, with the row's own idempotency key: after a
   * crash or a timeout the same call returns the same bank order, never a second one. A save-card order is then
   * marked for recurring payments before anyone can pay it (the docs' order).
   */
  async function createAtBank(payment: PaymentRow): Promise<PaymentRow> {
    const req = payment.request as StoredRequest;
    const options = { idempotencyKey: payment.idempotencyKey, language: req.language };
    try {
      const created = req.parentOrderId
        ? await bank.client.payWithSavedCard(req.parentOrderId, req.order, options)
        : await bank.client.createOrder(req.order, options);
      if (payment.kind === 'save_card') {
        await bank.client.saveCardForRecurring(created.orderId, {
          idempotencyKey: bogIdempotencyKey(`${payment.id}:save-card`),
        });
      }
      const patch = {
        providerOrderId: created.orderId,
        redirectUrl: created.redirectUrl,
        status: 'pending' as const,
        errorMessage: null,
        updatedAt: clock(),
      };
      await repo.update(db, payment.id, patch);
      return { ...payment, ...patch };
    } catch (e) {
      if (e instanceof BogUnavailableError) {
        // The outcome is unknown: reconciliation asks again with the same key.
        await repo.update(db, payment.id, { errorMessage: e.message, updatedAt: clock() });
        throw new AppError(
          'BANK_UNAVAILABLE',
          'The bank is not answering right now. Please try again in a minute.',
          503,
        );
      }
      if (!(e instanceof BogError)) throw e;
      const failure = failureOf(errorFailure(e).reason);
      await repo.update(db, payment.id, {
        status: 'failed',
        failure,
        providerCode: e instanceof BogRejectedError ? String(e.status) : null,
        errorMessage: `${e.message} ${e.bodyText ?? ''}`.trim().slice(0, 2000),
        updatedAt: clock(),
      });
      if (failure === 'saved_card_invalid' && payment.savedCardId) await repo.deactivateCard(db, payment.savedCardId);
      log.warn({ paymentId: payment.id, err: e.message }, 'the bank refused a payment order');
      throw new AppError('PAYMENT_REFUSED', paymentFailureMessage(failure), 422, { failure });
    }
  }

  /**
   * An open attempt handed out again. One whose create the bank did not answer is asked again now, with its own key
   * (the bank returns the order it may have made); one still being created is returned as it is (the screen polls
   * until the card page's address is there).
   */
  async function resume(payment: PaymentRow): Promise<PaymentRow> {
    return payment.status === 'created' && !payment.providerOrderId && payment.errorMessage
      ? createAtBank(payment)
      : payment;
  }

  /** Reads the bank's receipt for a provider order, records it and applies it. Quietly keeps what we have on failure. */
  async function refresh(payment: PaymentRow): Promise<PaymentRow> {
    return (await readReceipt(payment)).row;
  }

  /** `refresh`, saying whether the bank answered (`read`): only a receipt actually read is the bank's word. */
  async function readReceipt(payment: PaymentRow): Promise<{ row: PaymentRow; read: boolean }> {
    if (!payment.providerOrderId) return { row: payment, read: false };
    let read = false;
    try {
      const receipt = await bank.client.getReceipt(payment.providerOrderId);
      const event = await repo.recordEvent({
        paymentId: payment.id,
        providerOrderId: receipt.orderId,
        source: 'receipt',
        rawBody: JSON.stringify(receipt.raw),
        body: receipt.raw,
        providerStatus: receipt.status,
        receivedAt: clock(),
      });
      await apply(payment.id, receipt, event.id);
      read = true;
    } catch (e) {
      if (!(e instanceof BogError)) throw e;
      log.warn({ paymentId: payment.id, err: e.message }, 'could not read a receipt');
    }
    await repo.update(db, payment.id, { checkedAt: clock() });
    return { row: (await repo.find(db, payment.id)) ?? payment, read };
  }

  /**
   * The bank's word on one provider order, applied once: the payment moves forward (never back), the ledger gets
   * its entries (each once, by key), and what follows from it happens in the same transaction: the order is paid, a
   * card is saved, a hold nobody needs is queued for release, mail is written to the outbox.
   */
  async function apply(paymentId: string, receipt: BogReceipt, eventId: string | null): Promise<void> {
    const target = statusFromReceipt(receipt);
    const now = clock();
    await db.transaction(async (tx) => {
      const p = await repo.lock(tx, paymentId);
      if (!p) return;
      const from = p.status as PaymentStatus;
      const moves = target.status !== null && NEXT[from].includes(target.status);
      const ledger = (kind: 'hold' | 'release' | 'capture' | 'refund', amountMinor: number, key: string) =>
        repo.addLedger(tx, { orderId: p.orderId, paymentId: p.id, eventId, kind, amountMinor, dedupeKey: key });

      // A row whose create answer never reached us (a crash, a timeout) learns the bank's order id here.
      if (!p.providerOrderId) await repo.update(tx, p.id, { providerOrderId: receipt.orderId });
      if (moves) {
        await repo.update(tx, p.id, {
          status: target.status!,
          failure: target.failure,
          providerStatus: receipt.status,
          providerCode: receipt.payment?.code ?? p.providerCode,
          updatedAt: now,
          ...(target.status === 'held'
            ? {
                holdExpiresAt: new Date(
                  (receipt.createdAt ? Date.parse(receipt.createdAt) : now.getTime()) + HOLD_LIFETIME_MS,
                ),
              }
            : {}),
        });
      } else {
        await repo.update(tx, p.id, { providerStatus: receipt.status, updatedAt: now });
      }
      const status = moves ? target.status! : from;
      const wasHeld =
        receipt.payment?.code === '200' ||
        ['held', 'captured', 'released', 'partially_refunded', 'refunded'].includes(status);
      // Every hold the bank placed is in the ledger, even one we first hear of as captured or released.
      if (wasHeld && status !== 'failed' && status !== 'pending' && status !== 'created') {
        await ledger('hold', receipt.requestAmountMinor, `hold:${p.id}`);
      }
      if (status === 'captured' || status === 'partially_refunded' || status === 'refunded') {
        const captured = capturedAmount(receipt);
        await ledger('capture', captured, `capture:${p.id}`);
        await ledger('release', receipt.requestAmountMinor - captured, `release:${p.id}`);
        const refunded = receipt.refundAmountMinor - (await repo.ledgerSum(tx, p.id, 'refund'));
        await ledger('refund', refunded, `refund:${p.id}:${receipt.refundAmountMinor}`);
      }
      if (status === 'released') await ledger('release', receipt.requestAmountMinor, `release:${p.id}`);
      if (!moves) {
        await settleOperations(tx, p.id, status, receipt, now);
        return;
      }

      if (target.status === 'held' && p.kind === 'preauth' && p.orderId) {
        const renews = renewalOf(p);
        const became = await outcomes.held(tx, p, renews);
        if (became === 'paid') {
          await tellBothPaid(tx, p, receipt);
        } else if (became === 'renewed') {
          // The renewed hold now pays the order: the one it replaces goes back to the card.
          await releaseJob.enqueue(
            { paymentId: renews!, reason: 'Replaced by a renewed hold' },
            { tx, dedupeKey: `payments.release:${renews}` },
          );
        } else {
          // Paid meanwhile by another attempt (two tabs, two cards) or cancelled: this hold is not needed.
          await releaseJob.enqueue(
            { paymentId: p.id, reason: 'Not needed: the order was paid or cancelled' },
            { tx, dedupeKey: `payments.release:${p.id}` },
          );
        }
      }
      if (target.status === 'held' && p.kind === 'save_card') {
        const card = receipt.payment;
        if (card?.lastFour && card.expiry) {
          await repo.saveCard(tx, {
            userId: p.userId,
            cardType: CARD_TYPES[card.cardType ?? ''] ?? card.cardType ?? 'Card',
            cardLastFour: card.lastFour,
            cardExpiryDate: card.expiry,
            parentOrderId: receipt.orderId,
          });
        } else {
          log.error({ paymentId: p.id }, 'a save-card order was held without card details');
        }
        // Saving a card never charges the client: the 1 GEL hold goes back at once.
        await releaseJob.enqueue(
          { paymentId: p.id, reason: 'Card saved' },
          { tx, dedupeKey: `payments.release:${p.id}` },
        );
      }
      if (target.status === 'failed' && target.failure === 'saved_card_invalid' && p.savedCardId) {
        await repo.deactivateCard(tx, p.savedCardId);
      }
      if (p.kind === 'preauth' && p.orderId) {
        if (target.status === 'captured') await outcomes.captured(tx, p);
        if (target.status === 'released') await outcomes.released(tx, p);
      }
      await settleOperations(tx, p.id, status, receipt, now);
    });
  }

  /** Operations (capture, release, refund) waiting on a hold are settled by what its receipt now says. */
  async function settleOperations(tx: Tx, holdId: string, status: PaymentStatus, receipt: BogReceipt, now: Date) {
    // A confirmation the card refused (the bank acknowledged it, then recorded the authorize action as rejected).
    const refused = receipt.actions.some(
      (a) => (a.action === 'authorize' || a.action === 'partial_authorize') && a.status === 'rejected',
    );
    if (status === 'held' && refused) {
      for (const op of await repo.openOperations(tx, holdId, 'capture')) {
        await repo.update(tx, op.id, { status: 'failed', failure: 'declined', updatedAt: now });
      }
    }
    for (const [kind, done] of [
      ['release', status === 'released' || status === 'captured'],
      ['capture', status === 'captured' || status === 'partially_refunded' || status === 'refunded'],
      ['refund', status === 'refunded' || status === 'partially_refunded'],
    ] as const) {
      if (!done) continue;
      for (const op of await repo.openOperations(tx, holdId, kind)) {
        await repo.update(tx, op.id, { status: 'succeeded', updatedAt: now });
      }
    }
  }

  async function tellBothPaid(tx: Tx, p: PaymentRow, receipt: BogReceipt) {
    const parties = await repo.orderParties(tx, p.orderId!);
    if (!parties) return;
    const url = `${publicUrl}/campaigns/${parties.campaignId}`;
    const amount = formatGel(p.amountMinor);
    const last4 = receipt.payment?.lastFour;
    const type = CARD_TYPES[receipt.payment?.cardType ?? ''];
    await mailer.send(
      holdPlacedMail({
        to: parties.client.email,
        name: parties.client.name,
        campaignTitle: parties.campaignTitle,
        amount,
        card: last4 ? `${type ?? 'card'} ending ${last4}` : null,
        url,
      }),
      { tx },
    );
    await mailer.send(
      paymentConfirmedMail({
        to: parties.influencer.email,
        name: parties.influencer.name,
        clientName: parties.client.name,
        campaignTitle: parties.campaignTitle,
        amount,
        url,
      }),
      { tx },
    );
  }

  /**
   * Gives a hold back to the card (the bank's cancel), idempotently: an operation row keyed by the hold records the
   * call before it is made; the receipt read after it settles both. Throws (so the job retries) while the hold stands.
   */
  async function release(paymentId: string, reason: string): Promise<void> {
    const p = await repo.find(db, paymentId);
    if (p?.status !== 'held' || !p.providerOrderId) return;
    const op = await repo.insertOnce(db, {
      kind: 'release',
      parentPaymentId: p.id,
      orderId: p.orderId,
      userId: p.userId,
      amountMinor: p.amountMinor,
      status: 'created',
      idempotencyKey: bogIdempotencyKey(`${p.id}:release`),
      request: { reason },
    });
    try {
      await bank.client.cancelPreauthorization(p.providerOrderId, {
        idempotencyKey: op.idempotencyKey,
        description: reason,
      });
      await repo.update(db, op.id, { status: 'pending', updatedAt: clock() });
    } catch (e) {
      // Refused: perhaps already cancelled or confirmed. The receipt below says which; unavailable: retry later.
      if (!(e instanceof BogRejectedError)) throw e;
      await repo.update(db, op.id, {
        errorMessage: `${e.status} ${e.bodyText ?? ''}`.slice(0, 2000),
        updatedAt: clock(),
      });
    }
    const after = await refresh(p);
    if (after.status === 'held') throw new Error(`hold ${p.id} is still held after the cancel request`);
  }

  /**
   * An operation on a hold (capture, refund), recorded before the call with a key derived from the hold and the
   * attempt (a refused capture may be asked again as a new attempt; a lost answer is asked again with the same key),
   * then settled by the receipt read right after: `done` when the bank shows it, `refused` when it said no,
   * `unavailable` when the bank answered that it could not (every attempt a 5xx or a refused token) and its receipt
   * shows nothing done, `unknown` when the bank may have taken it but its word is not in yet (a lost answer, an
   * acknowledgement the receipt does not show yet): the callback, reconciliation or the caller's follow-up settles it.
   * A call that got no answer is followed at once by a receipt read: a lost answer costs no more than that read.
   */
  async function operate(
    hold: PaymentRow,
    kind: 'capture' | 'refund',
    amountMinor: number,
    call: (idempotencyKey: string) => Promise<unknown>,
    done: (status: PaymentStatus) => boolean,
  ): Promise<OperationOutcome> {
    const attempt = (await repo.failedOperations(db, hold.id, kind)) + 1;
    const op = await repo.insertOnce(db, {
      kind,
      parentPaymentId: hold.id,
      orderId: hold.orderId,
      userId: hold.userId,
      amountMinor,
      status: 'created',
      idempotencyKey: bogIdempotencyKey(`${hold.id}:${kind}:${amountMinor}:${attempt}`),
    });
    try {
      await call(op.idempotencyKey);
      await repo.update(db, op.id, { status: 'pending', updatedAt: clock() });
    } catch (e) {
      if (e instanceof BogUnavailableError || e instanceof BogAuthError) {
        // No usable answer, yet the bank may have done it (an answer lost on the way back): its receipt says.
        const { row: after, read } = await readReceipt(hold);
        if (done(after.status as PaymentStatus)) return 'done';
        if ((await repo.find(db, op.id))?.status === 'failed') return 'refused';
        // The bank answered every attempt (no timeout, no broken connection) and shows nothing done: not taken.
        const answered = e instanceof BogAuthError || e.status !== null;
        return read && answered ? 'unavailable' : 'unknown';
      }
      if (!(e instanceof BogRejectedError)) throw e;
      await repo.update(db, op.id, {
        status: 'failed',
        errorMessage: `${e.status} ${e.bodyText ?? ''}`.slice(0, 2000),
        updatedAt: clock(),
      });
      return 'refused';
    }
    const after = await refresh(hold);
    if (done(after.status as PaymentStatus)) return 'done';
    const settled = await repo.find(db, op.id);
    return settled?.status === 'failed' ? 'refused' : 'unknown';
  }

  /** Confirms (captures) a hold, in full or the first `amountMinor` of it (the rest goes back to the card). */
  async function capture(
    holdId: string,
    amountMinor?: number,
    description = 'Work approved',
  ): Promise<OperationOutcome> {
    const hold = await repo.find(db, holdId);
    if (!hold?.providerOrderId) return 'refused';
    const captured = ['captured', 'partially_refunded', 'refunded'];
    if (captured.includes(hold.status)) return 'done';
    if (hold.status !== 'held') return 'refused';
    const amount = amountMinor ?? hold.amountMinor;
    return operate(
      hold,
      'capture',
      amount,
      (idempotencyKey) =>
        bank.client.approvePreauthorization(hold.providerOrderId!, {
          idempotencyKey,
          amountMinor: amount,
          description,
        }),
      (s) => captured.includes(s),
    );
  }

  /** Gives captured money back to the card, all of what is left or `amountMinor` of it. */
  async function refundCaptured(holdId: string, amountMinor?: number): Promise<OperationOutcome> {
    const hold = await repo.find(db, holdId);
    if (!hold?.providerOrderId || !['captured', 'partially_refunded'].includes(hold.status)) return 'refused';
    const left = (await repo.ledgerSum(db, hold.id, 'capture')) - (await repo.ledgerSum(db, hold.id, 'refund'));
    const amount = amountMinor ?? left;
    if (amount <= 0 || amount > left) return 'refused';
    const before = await repo.ledgerSum(db, hold.id, 'refund');
    return operate(
      hold,
      'refund',
      amount,
      (idempotencyKey) =>
        bank.client.refund(hold.providerOrderId!, { idempotencyKey, ...(amountMinor ? { amountMinor: amount } : {}) }),
      () => false,
    ).then(async (outcome) => {
      if (outcome === 'refused') return outcome;
      const after = await repo.ledgerSum(db, hold.id, 'refund');
      return after >= before + amount ? 'done' : outcome;
    });
  }

  /** What the bank has not settled yet, asked again: unanswered creates (same key), then receipts. */
  async function reconcile(): Promise<{ checked: number }> {
    const now = clock();
    const rows = await repo.needingReconciliation({
      createdBefore: new Date(now.getTime() - RECONCILE_AFTER_MS),
      checkedBefore: new Date(now.getTime() - RECONCILE_AFTER_MS),
      now,
      limit: 100,
    });
    for (const row of rows) {
      try {
        if (row.kind === 'preauth' || row.kind === 'save_card') {
          const current = row.providerOrderId ? row : await createAtBank(row).catch(() => null);
          if (current) await refresh(current);
          else await repo.update(db, row.id, { checkedAt: clock() });
        } else if (row.parentPaymentId) {
          const parent = await repo.find(db, row.parentPaymentId);
          if (parent) await refresh(parent);
          const still = await repo.find(db, row.id);
          if (still && (still.status === 'created' || still.status === 'pending') && row.kind === 'release') {
            await releaseJob.enqueue({ paymentId: row.parentPaymentId, reason: 'Reconciliation' }, {});
          }
          await repo.update(db, row.id, { checkedAt: clock() });
        }
      } catch (e) {
        log.error({ paymentId: row.id, err: (e as Error).message }, 'reconciliation of a payment failed');
      }
    }
    return { checked: rows.length };
  }

  return {
    dto,
    apply,
    refresh,
    readReceipt,
    release,
    reconcile,
    pruneEvents,
    capture,
    refundCaptured,
    /** A payment row by id (the order side reads its hold's state). */
    row: (id: string) => repo.find(db, id),
    /** Whether the bank refused a capture of this hold asked for since `since` (and none is still open). */
    captureRefusedSince: (holdId: string, since: Date) => repo.operationRefusedSince(db, holdId, 'capture', since),
    /** Queues a hold's release (a job: retried until the bank confirms), in the caller's transaction. */
    queueRelease: (tx: Tx, paymentId: string, reason: string) =>
      releaseJob.enqueue({ paymentId, reason }, { tx, dedupeKey: `payments.release:${paymentId}` }),

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
        // A paid order may be paid again only to renew a hold the bank will soon release (same amount, same order).
        const hold = order.status === 'paid' && order.transactionId ? await repo.find(tx, order.transactionId) : null;
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
        if (!renewing) await repo.setOrderAmount(tx, orderId, input.amountMinor, now);
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

    /**
     * A callback from the bank: the raw bytes are verified against its public key before anything is parsed or
     * written. An unsigned or tampered one changes nothing and stores nothing (issue 21 §5.1: stored, they filled the
     * disk at 175 MB a minute per address); it is logged as one bounded line. A NUL character can be neither stored
     * nor part of a receipt: 400. A verified repeat is recorded once and answered 200; news arriving out of order
     * cannot move a payment backwards.
     */
    async handleCallback(
      raw: Buffer,
      signature: string | undefined,
      from: string,
    ): Promise<{ status: 200 | 400 | 401 }> {
      const refuse = (status: 400 | 401, reason: string) => {
        log.warn({ size: raw.length, from, reason }, 'refused a bank callback');
        return { status };
      };
      if (raw.includes(0) || raw.includes('\\u0000')) return refuse(400, 'nul');
      const check = verifyCallbackSignature(raw, signature, bank.callbackPublicKey);
      if (check !== 'valid') return refuse(401, `signature ${check}`);
      let parsed: ReturnType<typeof parseCallback> | null = null;
      try {
        parsed = parseCallback(raw);
      } catch {
        parsed = null;
      }
      const receipt = parsed?.receipt;
      const digest = receipt ? createHash('sha256').update(JSON.stringify(receipt.raw)).digest('hex') : null;
      // Signed by the bank, so kept even when it does not parse (a change in its protocol shows up here).
      const event = await repo.recordEvent({
        source: 'callback',
        rawBody: raw.toString('utf8'),
        body: receipt?.raw ?? null,
        signatureValid: true,
        providerOrderId: receipt?.orderId ?? null,
        providerStatus: receipt?.status ?? null,
        dedupeKey: receipt ? `${receipt.orderId}:${parsed!.event}:${receipt.status}:${digest}` : null,
        receivedAt: clock(),
      });
      if (!receipt) return refuse(400, 'not a receipt');
      if (event.duplicate) return { status: 200 };
      const payment =
        (await repo.findByProviderOrderId(receipt.orderId)) ??
        (receipt.externalOrderId && /^[0-9a-f-]{36}$/i.test(receipt.externalOrderId)
          ? await repo.find(db, receipt.externalOrderId)
          : null);
      if (!payment) {
        log.warn({ providerOrderId: receipt.orderId }, 'a bank callback for an order we do not know');
        return { status: 200 };
      }
      await repo.linkEvent(event.id, payment.id);
      await apply(payment.id, receipt, event.id);
      return { status: 200 };
    },

    /** Held, released, captured, refunded and paid out for one order (admins). */
    async orderMoney(orderId: string) {
      const rows = await repo.ledgerByOrder(orderId);
      const total = (kind: string) => rows.find((r) => r.kind === kind)?.total ?? 0;
      const held = total('hold');
      const released = total('release');
      const captured = total('capture');
      return {
        orderId,
        heldMinor: held,
        releasedMinor: released,
        capturedMinor: captured,
        refundedMinor: total('refund'),
        paidOutMinor: total('payout'),
        stillHeldMinor: held - released - captured,
      };
    },

    /**
     * Our books against the bank's: for each provider order with a bank id (newest first, up to `limit`), the ledger's
     * hold, capture and refund against the receipt, and our status against the one the receipt implies.
     */
    async reconciliationReport(limit: number) {
      const rows = await repo.providerOrders({ limit });
      const ledger = await repo.ledgerByPayment(rows.map((r) => r.id));
      const sum = (id: string, kind: string) => ledger.find((l) => l.paymentId === id && l.kind === kind)?.total ?? 0;
      const differences: { paymentId: string; field: string; ours: unknown; bank: unknown }[] = [];
      const totals = { heldMinor: 0, releasedMinor: 0, capturedMinor: 0, refundedMinor: 0 };
      let unreadable = 0;
      for (const p of rows) {
        totals.heldMinor += sum(p.id, 'hold');
        totals.releasedMinor += sum(p.id, 'release');
        totals.capturedMinor += sum(p.id, 'capture');
        totals.refundedMinor += sum(p.id, 'refund');
        let r: BogReceipt;
        try {
          r = await bank.client.getReceipt(p.providerOrderId!);
        } catch {
          unreadable += 1;
          continue;
        }
        const expected = statusFromReceipt(r).status;
        const held = sum(p.id, 'hold');
        const bankHeld =
          r.payment?.code === '200' ||
          ['blocked', 'completed', 'partial_completed', 'refunded', 'refunded_partially'].includes(r.status);
        const compare = (field: string, ours: unknown, theirs: unknown) => {
          if (ours !== theirs) differences.push({ paymentId: p.id, field, ours, bank: theirs });
        };
        if (expected && expected !== 'pending') compare('status', p.status, expected);
        compare('held', held, bankHeld && expected !== 'failed' ? r.requestAmountMinor : 0);
        if (expected === 'captured' || expected === 'refunded' || expected === 'partially_refunded') {
          compare('captured', sum(p.id, 'capture'), capturedAmount(r));
          compare('refunded', sum(p.id, 'refund'), r.refundAmountMinor);
        }
      }
      return { checked: rows.length, unreadable, differences, totals };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;

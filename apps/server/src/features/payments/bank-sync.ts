// The bank's word, recorded and applied (issue 22 §2: one concern of the payments feature): a provider order asked
// for with the row's own idempotency key, its receipt read (after every call, by the paying screen, by
// reconciliation), its signed callbacks verified, and what it says applied once: the payment moves forward, the
// ledger gets its entries, and the order hears of it through the PaymentOutcomes port, in one transaction.
import { businessToday } from '@app/shared/common/dates';
import { formatGel } from '@app/shared/format/format';
import { languageOr } from '@app/shared/i18n/language';
import { type PaymentStatus, paymentFailureMessage } from '@app/shared/payments/payment.schemas';
import type { Db, Tx } from '../../db/client.ts';
import { bogIdempotencyKey } from '../../integrations/bog/bog-client.ts';
import { BogError, BogRejectedError, BogUnavailableError } from '../../integrations/bog/bog-errors.ts';
import { errorFailure } from '../../integrations/bog/bog-failure.ts';
import type { BogReceipt } from '../../integrations/bog/bog-receipt.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { captureReceiptMail, holdPlacedMail, paymentConfirmedMail } from '../../integrations/mail/templates.ts';
import type { JobRunner, JobType } from '../../jobs/job-runner.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Bank } from './bank.ts';
import type { PaymentOutcomes } from './payment-outcomes.ts';
import {
  CARD_TYPES,
  capturedAmount,
  DAY,
  failureOf,
  HOLD_LIFETIME_MS,
  type Log,
  MINUTE,
  NEXT,
  PRUNE_BATCH,
  RECONCILE_AFTER_MS,
  renewalOf,
  type StoredRequest,
  statusFromReceipt,
} from './payment-status.ts';
import type { PaymentRow, PaymentsRepository } from './payments.repository.ts';

export type BankSyncDeps = {
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
  /** The release of a hold, as a job (money-moves.ts runs it). */
  release: JobType<{ paymentId: string; reason: string }>;
};

export function createBankSync(deps: BankSyncDeps) {
  const { db, repo, bank, outcomes, jobs, mailer, publicUrl, clock, log, release } = deps;

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

      // A hold we asked for that the bank captured at once (its receipt says completed): the order is paid and the
      // money is already taken, so it is paid-and-captured here, never left unpaid with the client's money gone.
      const capturedAtOnce = target.status === 'captured' && (from === 'created' || from === 'pending');
      if (capturedAtOnce && p.kind === 'preauth') {
        log.warn({ paymentId: p.id, providerStatus: receipt.status }, 'the bank captured a hold at once');
      }
      if ((target.status === 'held' || capturedAtOnce) && p.kind === 'preauth' && p.orderId) {
        const renews = renewalOf(p);
        const became = await outcomes.held(tx, p, renews);
        if (became === 'paid') {
          await tellBothPaid(tx, p, receipt);
        } else if (became === 'renewed') {
          // The renewed hold now pays the order: the one it replaces goes back to the card.
          await release.enqueue(
            { paymentId: renews!, reason: 'Replaced by a renewed hold' },
            { tx, dedupeKey: `payments.release:${renews}` },
          );
        } else {
          // Paid meanwhile by another attempt (two tabs, two cards) or cancelled: this hold is not needed.
          await release.enqueue(
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
        await release.enqueue({ paymentId: p.id, reason: 'Card saved' }, { tx, dedupeKey: `payments.release:${p.id}` });
      }
      if (target.status === 'failed' && target.failure === 'saved_card_invalid' && p.savedCardId) {
        await repo.deactivateCard(tx, p.savedCardId);
      }
      if (p.kind === 'preauth' && p.orderId) {
        if (target.status === 'captured') {
          await outcomes.captured(tx, p);
          await sendReceipt(tx, p, receipt, now);
        }
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
    const last4 = receipt.payment?.lastFour;
    const type = CARD_TYPES[receipt.payment?.cardType ?? ''];
    // Each in its reader's language (decision 034).
    const clientLanguage = languageOr(parties.client.language);
    const influencerLanguage = languageOr(parties.influencer.language);
    await mailer.send(
      holdPlacedMail({
        to: parties.client.email,
        name: parties.client.name,
        campaignTitle: parties.campaignTitle,
        amount: formatGel(p.amountMinor, clientLanguage),
        card: last4
          ? clientLanguage === 'ka'
            ? `${type ?? 'ბარათი'} •••• ${last4}`
            : `${type ?? 'card'} ending ${last4}`
          : null,
        url,
        language: clientLanguage,
      }),
      { tx },
    );
    await mailer.send(
      paymentConfirmedMail({
        to: parties.influencer.email,
        name: parties.influencer.name,
        clientName: parties.client.name,
        campaignTitle: parties.campaignTitle,
        amount: formatGel(p.amountMinor, influencerLanguage),
        url,
        language: influencerLanguage,
      }),
      { tx },
    );
  }

  /** The brand's receipt for the money captured (issue 24 §3), once: only the change to `captured` sends it. */
  async function sendReceipt(tx: Tx, p: PaymentRow, receipt: BogReceipt, now: Date) {
    const parties = await repo.orderParties(tx, p.orderId!);
    if (!parties) return;
    const last4 = receipt.payment?.lastFour;
    const type = CARD_TYPES[receipt.payment?.cardType ?? ''];
    const language = languageOr(parties.client.language);
    const card = language === 'ka' ? `${type ?? 'ბარათი'}, ბოლო ციფრები ${last4}` : `${type ?? 'card'} ending ${last4}`;
    await mailer.send(
      captureReceiptMail({
        to: parties.client.email,
        name: parties.client.name,
        campaignTitle: parties.campaignTitle,
        orderId: parties.orderId,
        amount: formatGel(capturedAmount(receipt), language),
        date: `${businessToday(now)} (${language === 'ka' ? 'თბილისი' : 'Tbilisi'})`,
        card: last4 ? card : null,
        url: `${publicUrl}/campaigns/${parties.campaignId}`,
        language,
      }),
      { tx },
    );
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
            await release.enqueue({ paymentId: row.parentPaymentId, reason: 'Reconciliation' }, {});
          }
          await repo.update(db, row.id, { checkedAt: clock() });
        }
      } catch (e) {
        log.error({ paymentId: row.id, err: (e as Error).message }, 'reconciliation of a payment failed');
      }
    }
    return { checked: rows.length };
  }

  return { createAtBank, resume, refresh, readReceipt, apply, reconcile, pruneEvents };
}
export type BankSync = ReturnType<typeof createBankSync>;

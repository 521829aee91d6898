// The bank's callbacks (issue 21 §5.1, issue 22 §2): the raw bytes verified against the bank's published key before
// anything is parsed or written, a verified one recorded once and applied through bank-sync.ts.
import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { parseCallback } from '../../integrations/bog/bog-receipt.ts';
import { verifyCallbackSignature } from '../../integrations/bog/bog-signature.ts';
import type { Bank } from './bank.ts';
import type { BankSync } from './bank-sync.ts';
import type { Log } from './payment-status.ts';
import type { PaymentsRepository } from './payments.repository.ts';

export function createBankCallbacks(deps: {
  db: Db;
  repo: PaymentsRepository;
  bank: Bank;
  sync: Pick<BankSync, 'apply'>;
  clock: () => Date;
  log: Log;
}) {
  const { db, repo, bank, clock, log } = deps;
  const { apply } = deps.sync;

  /**
   * A callback from the bank: the raw bytes are verified against its public key before anything is parsed or
   * written. An unsigned or tampered one changes nothing and stores nothing (issue 21 §5.1: stored, they filled the
   * disk at 175 MB a minute per address); it is logged as one bounded line. A NUL character can be neither stored
   * nor part of a receipt: 400. A verified repeat is recorded once and answered 200; news arriving out of order
   * cannot move a payment backwards.
   */
  async function handleCallback(
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
  }

  return handleCallback;
}

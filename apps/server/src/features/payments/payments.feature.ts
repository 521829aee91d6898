import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { Guards } from '../../lib/guards.ts';
import type { Bank } from './bank.ts';
import type { PaymentOutcomes } from './payment-outcomes.ts';
import type { Log } from './payment-status.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createPaymentsService } from './payments.service.ts';

/** Payments at Bank of Georgia: holds, captures, releases, refunds, saved cards, callbacks, the ledger's books. */
export function createPaymentsFeature(deps: {
  db: Db;
  config: Config;
  bank: Bank;
  /** Required: an order hears of its hold only through it (decision 029). */
  outcomes: PaymentOutcomes;
  jobs: JobRunner;
  mailer: Mailer;
  guards: Guards;
  log: Log;
}) {
  const { config } = deps;
  const repo = createPaymentsRepository(deps.db);
  const service = createPaymentsService({
    ...deps,
    repo,
    publicUrl: config.publicUrl,
    clock: deps.jobs.clock,
    eventRetentionDays: config.paymentEventsRetentionDays,
  });
  const plugin = paymentsRoutes({
    payments: service,
    guards: deps.guards,
    attemptsPerHour: 10 * config.rateLimitMultiplier,
  });
  return { plugin, service, ledger: repo };
}

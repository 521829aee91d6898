import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { Guards } from '../../lib/guards.ts';
import type { Announce } from '../notifications/notifications.service.ts';
import { createPayoutsRepository } from './payouts.repository.ts';
import { payoutsRoutes } from './payouts.routes.ts';
import { createPayoutsService } from './payouts.service.ts';

/** Monthly payouts to influencers' IBANs (decision 016). */
export function createPayoutsFeature(deps: {
  db: Db;
  config: Config;
  ledger: Parameters<typeof createPayoutsService>[0]['ledger'];
  mailer: Mailer;
  jobs: JobRunner;
  guards: Guards;
  log: Parameters<typeof createPayoutsService>[0]['log'];
  announce: Announce;
}) {
  const payouts = createPayoutsService({
    db: deps.db,
    ledger: deps.ledger,
    repo: createPayoutsRepository(),
    mailer: deps.mailer,
    jobs: deps.jobs,
    publicUrl: deps.config.publicUrl,
    commissionBps: deps.config.payoutCommissionBps,
    clock: deps.jobs.clock,
    log: deps.log,
    announce: deps.announce,
  });
  return { plugin: payoutsRoutes({ payouts, guards: deps.guards }) };
}

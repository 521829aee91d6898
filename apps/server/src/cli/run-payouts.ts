// npm run payouts:run   — the monthly payout run, now (the same as the job on the 1st and the admin page's button).
// Gathers every approved, captured order not yet paid out into a batch; the statements are mailed when an admin marks
// the batch paid. With the embedded database (PGlite) stop the server first: one process at a time opens its files.

import { formatGel } from '@app/shared/format/format';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createPaymentsRepository } from '../features/payments/payments.repository.ts';
import { createPayoutsRepository } from '../features/payouts/payouts.repository.ts';
import { createPayoutsService, periodLabel } from '../features/payouts/payouts.service.ts';
import { createMailer } from '../integrations/mail/mailer.ts';
import { createJobRunner } from '../jobs/job-runner.ts';

const config = loadConfig();
const database = await openDatabase(config);
try {
  // Not started: this process only defines the jobs the service needs; the server's runner does timed work.
  const jobs = createJobRunner({ db: database.db });
  const payouts = createPayoutsService({
    db: database.db,
    repo: createPayoutsRepository(),
    ledger: createPaymentsRepository(database.db),
    mailer: createMailer({
      db: database.db,
      jobs,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      resendAfterMs: config.mailResendAfterMs,
    }),
    jobs,
    publicUrl: config.publicUrl,
    commissionBps: config.payoutCommissionBps,
    clock: () => new Date(),
    log: { info: () => {}, warn: (o, m) => console.warn(m, o) },
    // A run only makes the batch; it is marking it paid (at /admin/payouts, in the server) that tells people.
    announce: async () => {},
  });
  const { batch, waitingForIban, waitingForEmail } = await payouts.run('cli', null);
  if (batch) {
    console.log(
      `Batch ${batch.id} for ${periodLabel(batch.period)}: ${batch.orderCount} order(s), ${batch.influencerCount} influencer(s), ` +
        `gross ${formatGel(batch.grossMinor)}, commission ${formatGel(batch.commissionMinor)}, to transfer ${formatGel(batch.netMinor)}.`,
    );
    console.log('Download the transfer file and mark it paid at /admin/payouts.');
  } else {
    console.log('Nothing to pay out: no approved order is waiting.');
  }
  if (waitingForIban > 0) console.log(`${waitingForIban} influencer(s) with approved work have no valid IBAN yet.`);
  if (waitingForEmail > 0) {
    console.log(`${waitingForEmail} influencer(s) with approved work have not confirmed their e-mail address yet.`);
  }
} finally {
  await database.close();
}

// A hold the bank would release before the work is approved (manual holds last 30 days): two days before, the client
// is asked once to renew it (a new hold, then the old one released: payments' renewal), and the influencer is told.
import { orderMails } from '../../integrations/mail/order-mails.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { DAY, MINUTE, type OrderContext } from './order-context.ts';

const RENEWAL_NOTICE_MS = 2 * DAY;

export function createOrderRenewals(ctx: OrderContext, deps: { jobs: JobRunner }) {
  const { db, repo, clock, tell } = ctx;

  async function askForRenewals() {
    const rows = await repo.holdsEndingBefore(new Date(clock().getTime() + RENEWAL_NOTICE_MS), 200);
    for (const r of rows) {
      const o = await repo.order(db, r.orderId);
      if (!o) continue;
      await db.transaction(async (tx) => {
        if (!(await repo.markRenewalAsked(tx, o.id, clock()))) return;
        const until = r.holdExpiresAt ?? null;
        await tell(tx, o, 'client', orderMails.renewHoldClient(o, until));
        await tell(tx, o, 'influencer', orderMails.renewHoldInfluencer(o, until));
      });
    }
  }

  deps.jobs.define('orders.daily', async () => askForRenewals(), { maxAttempts: 3, leaseMs: 10 * MINUTE });
  deps.jobs.schedule('orders-daily', { cron: '0 6 * * *', tz: 'Asia/Tbilisi' }, 'orders.daily');
  return { askForRenewals };
}

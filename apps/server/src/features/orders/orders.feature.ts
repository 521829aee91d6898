import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { allOf } from '../../lib/feature.ts';
import type { Guards } from '../../lib/guards.ts';
import type { CampaignEffects } from '../campaigns/campaign-effects.ts';
import type { OrderNote } from '../chat/order-notes.ts';
import type { Announce } from '../notifications/notifications.service.ts';
import type { PaymentOutcomes } from '../payments/payment-outcomes.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { createCancelProposalsRepository } from './cancel-proposals.repository.ts';
import { cancellationsRoutes } from './cancellations.routes.ts';
import { createDisputesRepository } from './disputes.repository.ts';
import { disputesRoutes } from './disputes.routes.ts';
import { orderAnnouncements } from './order-announcements.ts';
import { proposalsFollowOrder } from './order-cancellations.ts';
import { createOrderContext, type Log } from './order-context.ts';
import { createOrderLifecycleRepository } from './order-lifecycle.repository.ts';
import type { ProofCheckPort } from './order-lifecycle.service.ts';
import { type ApplicationsReopening, createOrderLifecycle } from './order-lifecycle.service.ts';
import { createOrderPaymentOutcomes } from './order-payment-outcomes.ts';
import { createOrderTransitionsRepository } from './order-transitions.repository.ts';
import { createOrderTransitions } from './order-transitions.ts';
import type { OrdersRepository } from './orders.repository.ts';
import { ordersRoutes } from './orders.routes.ts';
import { createOrdersService } from './orders.service.ts';

type MachineDeps = {
  db: Db;
  /** The campaigns' port: a transition sets its campaign's status. */
  campaigns: CampaignEffects;
  mailer: Mailer;
  publicUrl: string;
  clock: () => Date;
  log: Log;
  /** A system line in the order's chat, in the transition's transaction. */
  note: OrderNote;
  /** The notification centre's port: every transition is told to the parties' screens and centres (issue 24). */
  announce: Announce;
};

/**
 * The order machine and what orders make of the bank's news (decision 029). Built before payments, which require
 * the outcomes port; the lifecycle (which moves money through payments) is built from it afterwards.
 */
export function createOrderMachine(deps: MachineDeps) {
  const proposals = createCancelProposalsRepository(deps.db);
  const announce = orderAnnouncements(deps.announce);
  const followProposals = proposalsFollowOrder(proposals, deps.clock);
  const parts = {
    ...deps,
    repo: createOrderLifecycleRepository(deps.db),
    machine: createOrderTransitions({
      repo: createOrderTransitionsRepository(),
      campaigns: deps.campaigns,
      clock: deps.clock,
      // The parties are told, and a cancellation proposal no longer stands once the order moves on.
      told: async (tx, name, applied, by) => {
        await announce(tx, name, applied, by);
        await followProposals(tx, name, applied, by);
      },
    }),
  };
  const outcomes: PaymentOutcomes = createOrderPaymentOutcomes(createOrderContext(parts));
  return { parts, outcomes, proposals };
}

/** Orders: the work lifecycle people drive, the influencer's Orders list, ratings. */
export function createOrdersFeature(deps: {
  machine: ReturnType<typeof createOrderMachine>;
  repo: OrdersRepository;
  payments: PaymentsService;
  applications: ApplicationsReopening;
  jobs: JobRunner;
  reviewWindowMs: number;
  disputeEscalationDays: number;
  /** The social feature's proof-of-post check (decision 039). */
  proofChecks: ProofCheckPort;
  guards: Guards;
}) {
  const lifecycle = createOrderLifecycle({
    ...deps.machine.parts,
    outcomes: deps.machine.outcomes,
    payments: deps.payments,
    applications: deps.applications,
    jobs: deps.jobs,
    reviewWindowMs: deps.reviewWindowMs,
    disputes: createDisputesRepository(deps.machine.parts.db),
    disputeEscalationDays: deps.disputeEscalationDays,
    cancelProposals: deps.machine.proposals,
    proofChecks: deps.proofChecks,
  });
  const orders = createOrdersService({ repo: deps.repo });
  const routes = ordersRoutes({ orders, lifecycle, guards: deps.guards });
  const disputes = disputesRoutes({ disputes: lifecycle.disputes, guards: deps.guards });
  const cancellations = cancellationsRoutes({ cancellations: lifecycle.cancellations, guards: deps.guards });
  return { plugin: allOf(routes, disputes, cancellations), lifecycle };
}

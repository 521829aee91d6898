// The order machine, executed (issue 22 §1): every change of an order's state goes through `apply`, which reads the
// transition's row of ORDER_TRANSITIONS (packages/shared) for the states it starts from, who may start it, the state
// it leads to and what it records on the campaign; writes the order; derives the campaign's status from the order's
// new state (campaignStatusOf); and writes the order's history, all in the caller's transaction on the order's locked
// row, so two clicks, two tabs, two instances or a replay apply a transition once. Every applied transition is told
// (`told`: the parties' live screens and notification centres, issue 24) in the same transaction, so no caller can
// forget it; what else follows (mail, chat lines, bank calls) is the caller's, with what `apply` returns.
import {
  campaignStatusOf,
  canTransition,
  ORDER_TRANSITIONS,
  type OrderActor,
  type OrderState,
  type OrderTransition,
  type Transition,
} from '@app/shared/orders/order-machine';
import type { Tx } from '../../db/client.ts';
import type { CampaignEffects } from '../campaigns/campaign-effects.ts';
import type { LockedOrder, OrderColumns, OrderTransitionsRepository } from './order-transitions.repository.ts';

/** Who starts a transition: a person (their role, account and profile row) or the server itself. */
export type MachineActor = { role: OrderActor; userId: string | null; profileId: string | null };
export const SYSTEM: MachineActor = { role: 'system', userId: null, profileId: null };

/**
 * Why a transition was not applied: the order does not exist or is not this person's (`not_found`: a stranger
 * learns nothing), their role may not start it (`forbidden`), or the order is not in a state it starts from
 * (`wrong_state`, with the state it is in).
 */
export class TransitionRefused extends Error {
  constructor(
    readonly reason: 'not_found' | 'forbidden' | 'wrong_state',
    readonly transition: OrderTransition,
    readonly order: LockedOrder | null,
  ) {
    super(`${transition}: ${reason}`);
    this.name = 'TransitionRefused';
  }
}

export type ApplyOptions = {
  /** Columns the transition sets besides the states (the proof link, the feedback, its moments), or made from the order. */
  set?: OrderColumns | ((order: LockedOrder) => OrderColumns);
  /** A further condition on the locked order (which hold pays it, whether an approval is capturing). */
  guard?: (order: LockedOrder) => boolean;
  /** Whose act the history records when the server applies it for them (an approval the bank confirmed). */
  recordAs?: (order: LockedOrder) => { role: OrderActor; userId: string | null };
  reason?: string | null;
  metadata?: Record<string, unknown>;
};

export type Applied = { before: LockedOrder; after: OrderState; campaignId: string };

const rowOf = (name: OrderTransition) => ORDER_TRANSITIONS[name] as Transition;

/**
 * While an accepted cancellation moves the money at the bank (the order's `cancelClaimedAt`), only the acceptance's
 * own steps and the bank's news of a lapsed hold apply: an approval, a dispute or a submission waits for it, so the
 * bank never captures twice and the order cannot move on under a capture that is already done.
 */
const DURING_CANCEL_CLAIM: readonly OrderTransition[] = ['acceptCancel', 'cancelWithPayment', 'lapse'];

/** The state a transition leads to from `s`: its `to` over what it leaves alone. */
export function nextState(name: OrderTransition, s: OrderState): OrderState {
  const { to } = rowOf(name);
  return {
    status: to.status ?? s.status,
    workStatus: to.work ?? s.workStatus,
    approvalStatus: to.approval === undefined ? s.approvalStatus : to.approval,
  };
}

/** What is told of an applied transition, in its transaction (order-announcements.ts). */
export type TransitionTold = (
  tx: Tx,
  name: OrderTransition,
  applied: Applied,
  by: { role: OrderActor; userId: string | null },
) => Promise<void>;

export function createOrderTransitions(deps: {
  repo: OrderTransitionsRepository;
  campaigns: CampaignEffects;
  clock: () => Date;
  told: TransitionTold;
}) {
  const { repo, campaigns, clock } = deps;

  /**
   * Locks the order and checks the transition against the machine: the actor's role, that it is their order, the
   * state, and the caller's guard. Throws TransitionRefused; returns the locked order.
   */
  async function check(
    tx: Tx,
    name: OrderTransition,
    orderId: string,
    actor: MachineActor,
    guard?: ApplyOptions['guard'],
  ) {
    const order = await repo.lock(tx, orderId);
    if (!order) throw new TransitionRefused('not_found', name, null);
    const row = rowOf(name);
    if (!row.actor.includes(actor.role)) throw new TransitionRefused('forbidden', name, order);
    if (actor.role === 'client' && order.clientId !== actor.profileId)
      throw new TransitionRefused('not_found', name, null);
    if (actor.role === 'influencer' && order.influencerId !== actor.profileId) {
      throw new TransitionRefused('not_found', name, null);
    }
    if (!canTransition(name, order) || (guard && !guard(order)))
      throw new TransitionRefused('wrong_state', name, order);
    if (order.cancelClaimedAt && !DURING_CANCEL_CLAIM.includes(name)) {
      throw new TransitionRefused('wrong_state', name, order);
    }
    return order;
  }

  async function apply(
    tx: Tx,
    name: OrderTransition,
    orderId: string,
    actor: MachineActor,
    o: ApplyOptions = {},
  ): Promise<Applied> {
    const before = await check(tx, name, orderId, actor, o.guard);
    const after = nextState(name, before);
    const who = o.recordAs?.(before) ?? actor;
    const now = clock();
    await repo.write(tx, orderId, after, (typeof o.set === 'function' ? o.set(before) : o.set) ?? {}, now);
    await campaigns.followOrder(tx, before.campaignId, {
      status: campaignStatusOf(after),
      ...rowOf(name).campaign,
      now,
    });
    await repo.record(tx, {
      orderId,
      transition: name,
      from: before,
      to: after,
      actorRole: who.role,
      actorUserId: who.userId,
      reason: o.reason ?? null,
      metadata: o.metadata ?? null,
      at: now,
    });
    const applied = { before, after, campaignId: before.campaignId };
    await deps.told(tx, name, applied, who);
    return applied;
  }

  return { check, apply, history: repo.history };
}
export type OrderTransitions = ReturnType<typeof createOrderTransitions>;

// The order's lifecycle as data (spec §4, CONVENTIONS §8): every badge, tracker step, list label and button is derived
// from here, and the server executes the same table: apps/server/src/features/orders/order-transitions.ts applies a
// transition from its row (the states it starts from, who may start it, the state it leads to, what it does to the
// campaign) and writes it to the order's history. A new transition is a row here, and the test that walks every
// state × transition × actor through HTTP covers it without new test code.
import type { APPROVAL_STATUSES, ORDER_STATUSES, WORK_STATUSES } from './order-states.ts';

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type WorkStatus = (typeof WORK_STATUSES)[number];
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** The three columns a transition reads and writes. `approvalStatus` null counts as pending (spec §4). */
export type OrderState = { status: OrderStatus; workStatus: WorkStatus; approvalStatus: ApprovalStatus | null };

export type OrderActor = 'client' | 'influencer' | 'admin' | 'system';

type From = {
  status: readonly OrderStatus[];
  work?: readonly WorkStatus[];
  /** `null` is listed explicitly where "pending" is meant, since the column starts out null. */
  approval?: readonly (ApprovalStatus | null)[];
};
type To = { status?: OrderStatus; work?: WorkStatus; approval?: ApprovalStatus | null };
/** What must happen at the bank for the transition to stand. */
type Effect = 'hold' | 'capture' | 'release' | 'refund';
/** The campaign's own status (spec §4): derived from its order's state (`campaignStatusOf`), never set otherwise. */
export type CampaignStatusOf = 'open' | 'in_progress' | 'completed' | 'done' | 'canceled';
/**
 * What a transition records on its campaign besides the status: the moment a step happened (spec §3's
 * `payment_completed_at`, `work_started_at`; set once), or both cleared (the campaign reopens).
 */
export type CampaignEffect = { stamp?: 'paymentCompletedAt' | 'workStartedAt'; clearStamps?: true };

export type Transition = {
  /** Who may start it. A client or an influencer only on their own order; an admin on any; `system` is the server. */
  actor: readonly OrderActor[];
  from: From;
  to: To;
  campaign?: CampaignEffect;
  effect?: Effect;
};

const PENDING = ['pending', null] as const;
/** Pending, or sent back for changes: the hold still waits for an approval. */
const NOT_APPROVED = ['pending', null, 'rejected'] as const;

export const ORDER_TRANSITIONS = {
  // The bank confirmed the hold on the client's card (never because a browser said so): work may begin.
  pay: {
    actor: ['system'],
    from: { status: ['unpaid'] },
    to: { status: 'paid' },
    campaign: { stamp: 'paymentCompletedAt' },
    effect: 'hold',
  },
  // The influencer starts only once the money is held (spec §4).
  startWork: {
    actor: ['influencer'],
    from: { status: ['paid'], work: ['not_started'] },
    to: { work: 'in_progress' },
    campaign: { stamp: 'workStartedAt' },
  },
  // Proof handed over: the client's review window opens.
  submitWork: {
    actor: ['influencer'],
    from: { status: ['paid'], work: ['in_progress'] },
    to: { work: 'completed', approval: 'pending' },
  },
  // The client accepts the work (or the review window ends: the system): the hold is captured first, then the order
  // is approved and the campaign done.
  approve: {
    actor: ['client', 'system'],
    from: { status: ['paid'], work: ['completed'], approval: PENDING },
    to: { approval: 'approved' },
    effect: 'capture',
  },
  // Sent back with feedback: the influencer works on and submits again; the hold stays.
  rejectWork: {
    actor: ['client'],
    from: { status: ['paid'], work: ['completed'], approval: PENDING },
    to: { work: 'in_progress', approval: 'rejected' },
  },
  // Before work starts the client may walk away: any hold is released and the campaign reopens for its applicants.
  cancel: {
    actor: ['client', 'admin'],
    from: { status: ['unpaid', 'paid'], work: ['not_started'] },
    to: { status: 'canceled' },
    campaign: { clearStamps: true },
    effect: 'release',
  },
  // The bank let the hold go before the work was approved (it releases manual holds after 30 days): the order needs
  // paying again; the work done so far stays.
  lapse: {
    actor: ['system'],
    from: { status: ['paid'], approval: NOT_APPROVED },
    to: { status: 'unpaid' },
  },
  // A dispute after work started, decided by an admin: money goes back to the client (in full or in part).
  refund: {
    actor: ['admin'],
    from: { status: ['paid'], work: ['in_progress', 'completed'] },
    to: { status: 'refunded' },
    effect: 'refund',
  },
  // Issue 23 §1 (decision 030). Either party, once paid and before approval, after work started (before it, the client
  // may simply cancel): the review window and the automatic approval stop; the hold stays (and is renewed as ever).
  // The work and approval columns keep where the order stood, so a withdrawal goes back there. The server opens one
  // too when an admin closes a party's account with the order open (issue 23 §2; its history row names the admin).
  openDispute: {
    actor: ['client', 'influencer', 'system'],
    from: { status: ['paid'], work: ['in_progress', 'completed'], approval: NOT_APPROVED },
    to: { status: 'disputed' },
  },
  // The party who opened it takes it back (the service refuses the other party): the order is where it was.
  withdrawDispute: {
    actor: ['client', 'influencer'],
    from: { status: ['disputed'] },
    to: { status: 'paid' },
  },
  // An admin decides for the influencer: the hold is captured in full, as an approval would.
  resolveRelease: {
    actor: ['admin'],
    from: { status: ['disputed'] },
    to: { status: 'paid', work: 'completed', approval: 'approved' },
    effect: 'capture',
  },
  // An admin decides for the client: the whole hold goes back to the card.
  resolveRefund: {
    actor: ['admin'],
    from: { status: ['disputed'] },
    to: { status: 'refunded' },
    effect: 'release',
  },
  // An admin splits it: part of the hold is captured for the influencer (paid out as approved work), the rest released.
  resolveSplit: {
    actor: ['admin'],
    from: { status: ['disputed'] },
    to: { status: 'paid', work: 'completed', approval: 'approved' },
    effect: 'capture',
  },
  // Issue 23 §2 (decision 038): cancellation by agreement after work started. Either party proposes (with the part of
  // the money for the work done); the proposal is a row of its own and changes no state, but each step is in the
  // order's history. A proposal stands only while the order stays where it was (any other transition voids it).
  proposeCancel: {
    actor: ['client', 'influencer'],
    from: { status: ['paid'], work: ['in_progress', 'completed'], approval: NOT_APPROVED },
    to: {},
  },
  // The proposer takes it back (the service refuses the other party).
  withdrawCancel: {
    actor: ['client', 'influencer'],
    from: { status: ['paid'], work: ['in_progress', 'completed'], approval: NOT_APPROVED },
    to: {},
  },
  // The other party says no: the order goes on as before.
  declineCancel: {
    actor: ['client', 'influencer'],
    from: { status: ['paid'], work: ['in_progress', 'completed'], approval: NOT_APPROVED },
    to: {},
  },
  // The other party agrees to a cancellation with nothing for the work: the whole hold goes back to the card and the
  // campaign reopens, as a cancellation before work started does. (With a part for the work: `cancelWithPayment`.)
  acceptCancel: {
    actor: ['client', 'influencer'],
    from: { status: ['paid'], work: ['in_progress', 'completed'], approval: NOT_APPROVED },
    to: { status: 'canceled' },
    campaign: { clearStamps: true },
    effect: 'release',
  },
  // An accepted proposal with a part for the work, once the bank captured that part (the rest released): it ends as
  // a dispute's split does, approved work the payout run gathers from the ledger. The server applies it for the
  // party who accepted (the history records them).
  cancelWithPayment: {
    actor: ['system'],
    from: { status: ['paid'], work: ['in_progress', 'completed'], approval: NOT_APPROVED },
    to: { work: 'completed', approval: 'approved' },
    effect: 'capture',
  },
  // The campaign's deadline passed with no work submitted (the service checks the date): the client walks away with
  // the whole hold released. Once work was submitted (even if sent back), only an agreement or a dispute remains.
  cancelAfterDeadline: {
    actor: ['client'],
    from: { status: ['paid'], work: ['in_progress'], approval: PENDING },
    to: { status: 'canceled' },
    campaign: { clearStamps: true },
    effect: 'release',
  },
} as const satisfies Record<string, Transition>;

export type OrderTransition = keyof typeof ORDER_TRANSITIONS;

/**
 * The campaign's status for the state of its order (spec §4): open until paid (and again once the order is
 * cancelled), in progress while the work is done, completed while it is reviewed, done once approved, canceled when a
 * dispute refunded it. One function, so the feed, the badges and the database cannot disagree about it.
 */
export function campaignStatusOf(o: OrderState): CampaignStatusOf {
  if (o.status === 'canceled') return 'open';
  if (o.status === 'refunded') return 'canceled';
  if (o.approvalStatus === 'approved') return 'done';
  if (o.status === 'unpaid' && o.workStatus === 'not_started') return 'open';
  if (o.workStatus === 'completed') return 'completed';
  return 'in_progress';
}

/** Whether `state` is one the transition starts from (the actor is checked separately). */
export function canTransition(name: OrderTransition, state: OrderState): boolean {
  const { from } = ORDER_TRANSITIONS[name] as Transition;
  return (
    from.status.includes(state.status) &&
    (!from.work || from.work.includes(state.workStatus)) &&
    (!from.approval || from.approval.includes(state.approvalStatus))
  );
}

/** The transitions `role` may start on this order now: the buttons a screen shows. */
export function allowedActions(state: OrderState, role: 'client' | 'influencer' | 'admin'): OrderTransition[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderTransition[]).filter(
    (name) => (ORDER_TRANSITIONS[name] as Transition).actor.includes(role) && canTransition(name, state),
  );
}

/**
 * The one word for where an order stands, shown the same to both parties on every screen (campaign badge and
 * tracker, Orders, chat header). `open` is a campaign with no live order.
 */
export const STAGES = [
  'open',
  'payment_pending',
  'ready_to_start',
  'in_progress',
  'changes_requested',
  'in_review',
  'disputed',
  'approved',
  'canceled',
  'refunded',
  // An applicant the client turned down (spec §2's "rejected application gives canceled"): nothing of theirs was
  // canceled and the campaign may well be open, so their badge says what happened to them (issue 27).
  'not_selected',
] as const;
export type Stage = (typeof STAGES)[number];

export function orderStage(o: OrderState): Stage {
  if (o.status === 'canceled') return 'canceled';
  if (o.status === 'refunded') return 'refunded';
  if (o.status === 'disputed') return 'disputed';
  if (o.status === 'unpaid') return 'payment_pending';
  if (o.approvalStatus === 'approved') return 'approved';
  switch (o.workStatus) {
    case 'not_started':
      return 'ready_to_start';
    case 'in_progress':
      return o.approvalStatus === 'rejected' ? 'changes_requested' : 'in_progress';
    default:
      return 'in_review';
  }
}

/** The tracker's three steps (spec §2: Payment Completed, Work Started, Work Completed) for a stage. */
export function trackerSteps(stage: Stage): {
  paymentCompleted: boolean;
  workStarted: boolean;
  workCompleted: boolean;
} {
  const worked =
    stage === 'in_progress' ||
    stage === 'changes_requested' ||
    stage === 'in_review' ||
    stage === 'disputed' ||
    stage === 'approved';
  return {
    paymentCompleted: worked || stage === 'ready_to_start',
    workStarted: worked,
    workCompleted: stage === 'in_review' || stage === 'approved',
  };
}

/**
 * What a viewer can do with an order now: the machine's transitions their role may start, plus what lies beside it
 * (pay an unpaid order, rate after approval). The server computes it per viewer; the screen shows these buttons.
 */
export const ORDER_ACTIONS = [
  'pay',
  'startWork',
  'submitWork',
  'approve',
  'rejectWork',
  'cancel',
  'openDispute',
  'proposeCancel',
  'cancelAfterDeadline',
  'rate',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * The buttons for one viewer: their role's transitions now, Pay while unpaid (clients), Rate once after approval.
 * Cancel after the deadline only once the campaign's deadline has passed (`deadlinePassed`, the server's date).
 */
export function viewerActions(
  state: OrderState,
  role: 'client' | 'influencer' | 'admin',
  o: { rated: boolean; deadlinePassed?: boolean },
): OrderAction[] {
  const actions: OrderAction[] = [];
  if (role === 'client' && state.status === 'unpaid') actions.push('pay');
  for (const name of allowedActions(state, role)) {
    if (name === 'cancelAfterDeadline' && !o.deadlinePassed) continue;
    if ((ORDER_ACTIONS as readonly string[]).includes(name)) actions.push(name as OrderAction);
  }
  if (role !== 'admin' && state.approvalStatus === 'approved' && !o.rated) actions.push('rate');
  return actions;
}

/**
 * Where the influencer's money stands, in the words Earnings and the chat use (issue 27): "Paid" on Orders while
 * the money was only held on the client's card read as money received. Held until the client approves; then
 * captured and waiting for the monthly payout; paid out once the payout batch it is in was marked paid.
 */
export const MONEY_STAGES = ['unpaid', 'held', 'pending_payout', 'paid_out', 'canceled', 'refunded'] as const;
export type MoneyStage = (typeof MONEY_STAGES)[number];

export function moneyStage(o: OrderState, paidOut: boolean): MoneyStage {
  // A disputed order's money stays held on the card until an admin decides (decision 030).
  if (o.status === 'disputed') return 'held';
  if (o.status !== 'paid') return o.status;
  if (o.approvalStatus !== 'approved') return 'held';
  return paidOut ? 'paid_out' : 'pending_payout';
}

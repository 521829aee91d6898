import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  campaignStatusOf,
  canTransition,
  ORDER_TRANSITIONS,
  type OrderState,
  type OrderTransition,
  orderStage,
  trackerSteps,
  viewerActions,
} from './order-machine.ts';

const state = (
  status: OrderState['status'],
  workStatus: OrderState['workStatus'],
  approvalStatus: OrderState['approvalStatus'] = null,
): OrderState => ({
  status,
  workStatus,
  approvalStatus,
});

/** Applies a transition's `to` as the server's UPDATE does. */
const apply = (name: OrderTransition, s: OrderState): OrderState => {
  const to = ORDER_TRANSITIONS[name].to as Partial<{
    status: OrderState['status'];
    work: OrderState['workStatus'];
    approval: OrderState['approvalStatus'];
  }>;
  return {
    status: to.status ?? s.status,
    workStatus: to.work ?? s.workStatus,
    approvalStatus: to.approval === undefined ? s.approvalStatus : to.approval,
  };
};

describe('order machine', () => {
  it('walks the happy path, with one rejection, through the stages every screen shows', () => {
    let s = state('unpaid', 'not_started');
    const seen = [orderStage(s)];
    for (const step of ['pay', 'startWork', 'submitWork', 'rejectWork', 'submitWork', 'approve'] as const) {
      expect(canTransition(step, s), `${step} from ${JSON.stringify(s)}`).toBe(true);
      s = apply(step, s);
      seen.push(orderStage(s));
    }
    expect(seen).toEqual([
      'payment_pending',
      'ready_to_start',
      'in_progress',
      'in_review',
      'changes_requested',
      'in_review',
      'approved',
    ]);
  });

  it('refuses every transition from a state it does not start from', () => {
    expect(canTransition('startWork', state('unpaid', 'not_started'))).toBe(false);
    expect(canTransition('submitWork', state('paid', 'not_started'))).toBe(false);
    expect(canTransition('approve', state('paid', 'in_progress'))).toBe(false);
    expect(canTransition('approve', state('paid', 'completed', 'approved'))).toBe(false);
    expect(canTransition('rejectWork', state('paid', 'completed', 'rejected'))).toBe(false);
    expect(canTransition('pay', state('paid', 'not_started'))).toBe(false);
    expect(canTransition('cancel', state('paid', 'in_progress'))).toBe(false);
    expect(canTransition('cancel', state('canceled', 'not_started'))).toBe(false);
    expect(canTransition('refund', state('paid', 'not_started'))).toBe(false);
  });

  it('offers each role only its own buttons', () => {
    expect(allowedActions(state('unpaid', 'not_started'), 'client')).toEqual(['cancel']);
    expect(allowedActions(state('unpaid', 'not_started'), 'influencer')).toEqual([]);
    expect(allowedActions(state('paid', 'not_started'), 'influencer')).toEqual(['startWork']);
    expect(allowedActions(state('paid', 'not_started'), 'client')).toEqual(['cancel']);
    expect(allowedActions(state('paid', 'in_progress', 'rejected'), 'influencer')).toEqual([
      'submitWork',
      'openDispute',
      'proposeCancel',
      'withdrawCancel',
      'declineCancel',
      'acceptCancel',
    ]);
    expect(allowedActions(state('paid', 'completed', 'pending'), 'client')).toEqual([
      'approve',
      'rejectWork',
      'openDispute',
      'proposeCancel',
      'withdrawCancel',
      'declineCancel',
      'acceptCancel',
    ]);
    expect(allowedActions(state('paid', 'completed', 'pending'), 'influencer')).toEqual([
      'openDispute',
      'proposeCancel',
      'withdrawCancel',
      'declineCancel',
      'acceptCancel',
    ]);
    expect(allowedActions(state('paid', 'completed', 'pending'), 'admin')).toEqual(['refund']);
    expect(allowedActions(state('paid', 'completed', 'approved'), 'client')).toEqual([]);
  });

  it('disputes (issue 23): opened after work started and before approval, decided by an admin', () => {
    expect(canTransition('openDispute', state('paid', 'not_started'))).toBe(false);
    expect(canTransition('openDispute', state('paid', 'in_progress'))).toBe(true);
    expect(canTransition('openDispute', state('paid', 'completed', 'approved'))).toBe(false);
    expect(canTransition('openDispute', state('unpaid', 'in_progress'))).toBe(false);
    const disputed = apply('openDispute', state('paid', 'completed', 'pending'));
    expect(disputed).toEqual(state('disputed', 'completed', 'pending'));
    expect(orderStage(disputed)).toBe('disputed');
    expect(campaignStatusOf(disputed)).toBe('completed');
    // Nothing a party does moves a disputed order but withdrawing it; the admin decides.
    expect(allowedActions(disputed, 'client')).toEqual(['withdrawDispute']);
    expect(allowedActions(disputed, 'admin')).toEqual(['resolveRelease', 'resolveRefund', 'resolveSplit']);
    expect(apply('withdrawDispute', disputed)).toEqual(state('paid', 'completed', 'pending'));
    expect(apply('resolveSplit', apply('openDispute', state('paid', 'in_progress')))).toEqual(
      state('paid', 'completed', 'approved'),
    );
    expect(campaignStatusOf(apply('resolveRefund', disputed))).toBe('canceled');
  });

  it('cancellation after work started (issue 23 §2): by agreement, or by the client once the deadline passed', () => {
    const working = state('paid', 'in_progress');
    // Proposing, withdrawing and declining leave the order where it is; accepting ends it.
    for (const name of ['proposeCancel', 'withdrawCancel', 'declineCancel'] as const) {
      expect(apply(name, working)).toEqual(working);
    }
    expect(apply('acceptCancel', working)).toEqual(state('canceled', 'in_progress'));
    expect(campaignStatusOf(apply('acceptCancel', working))).toBe('open');
    // With a part for the work it ends as a dispute's split: approved work, paid out.
    expect(apply('cancelWithPayment', working)).toEqual(state('paid', 'completed', 'approved'));
    expect(canTransition('proposeCancel', state('paid', 'not_started'))).toBe(false);
    expect(canTransition('proposeCancel', state('paid', 'completed', 'approved'))).toBe(false);
    expect(canTransition('proposeCancel', state('disputed', 'completed', 'pending'))).toBe(false);
    // After the deadline: only work never submitted (changes requested means it was).
    expect(canTransition('cancelAfterDeadline', working)).toBe(true);
    expect(canTransition('cancelAfterDeadline', state('paid', 'in_progress', 'rejected'))).toBe(false);
    expect(canTransition('cancelAfterDeadline', state('paid', 'completed', 'pending'))).toBe(false);
    expect(viewerActions(working, 'client', { rated: false })).not.toContain('cancelAfterDeadline');
    expect(viewerActions(working, 'client', { rated: false, deadlinePassed: true })).toContain('cancelAfterDeadline');
    expect(viewerActions(working, 'influencer', { rated: false, deadlinePassed: true })).toEqual([
      'submitWork',
      'openDispute',
      'proposeCancel',
    ]);
  });

  it('derives the campaign’s status from its order’s state (spec §4), the one rule every writer follows', () => {
    const walk: [OrderTransition | null, string][] = [
      [null, 'open'],
      ['pay', 'in_progress'],
      ['startWork', 'in_progress'],
      ['submitWork', 'completed'],
      ['rejectWork', 'in_progress'],
      ['submitWork', 'completed'],
      ['approve', 'done'],
    ];
    let s = state('unpaid', 'not_started');
    for (const [step, campaign] of walk) {
      if (step) s = apply(step, s);
      expect(campaignStatusOf(s), `after ${step}`).toBe(campaign);
    }
    expect(campaignStatusOf(apply('cancel', state('paid', 'not_started')))).toBe('open');
    expect(campaignStatusOf(apply('refund', state('paid', 'in_progress')))).toBe('canceled');
    // A lapsed hold leaves the campaign where the work is (it is paid again to go on).
    expect(campaignStatusOf(apply('lapse', state('paid', 'completed', 'pending')))).toBe('completed');
    expect(campaignStatusOf(apply('lapse', state('paid', 'in_progress', 'rejected')))).toBe('in_progress');
  });

  it('lets a hold lapse on any work not approved yet, changes requested included', () => {
    expect(canTransition('lapse', state('paid', 'in_progress', 'rejected'))).toBe(true);
    expect(canTransition('lapse', state('paid', 'completed', 'approved'))).toBe(false);
  });

  it('treats a null approval as pending (spec §4)', () => {
    expect(canTransition('approve', state('paid', 'completed', null))).toBe(true);
    expect(orderStage(state('paid', 'completed', null))).toBe('in_review');
  });

  it('marks the tracker steps from the stage', () => {
    expect(trackerSteps('payment_pending')).toEqual({
      paymentCompleted: false,
      workStarted: false,
      workCompleted: false,
    });
    expect(trackerSteps('ready_to_start')).toEqual({
      paymentCompleted: true,
      workStarted: false,
      workCompleted: false,
    });
    expect(trackerSteps('changes_requested')).toEqual({
      paymentCompleted: true,
      workStarted: true,
      workCompleted: false,
    });
    expect(trackerSteps('approved')).toEqual({ paymentCompleted: true, workStarted: true, workCompleted: true });
    expect(trackerSteps('canceled')).toEqual({ paymentCompleted: false, workStarted: false, workCompleted: false });
    expect(orderStage(state('canceled', 'not_started'))).toBe('canceled');
    expect(orderStage(state('refunded', 'completed', 'pending'))).toBe('refunded');
  });
});

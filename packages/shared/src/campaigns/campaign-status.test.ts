import { describe, expect, it } from 'vitest';
import type { OrderState } from '../orders/order-machine.ts';
import { campaignStage } from './campaign-status.ts';

const order = (
  status: OrderState['status'],
  workStatus: OrderState['workStatus'],
  approvalStatus: OrderState['approvalStatus'] = null,
) => ({
  status,
  workStatus,
  approvalStatus,
});

describe('campaignStage (spec §2 card status, in one vocabulary)', () => {
  it('a rejected application reads Not selected, whatever the campaign does', () => {
    expect(campaignStage({ campaignStatus: 'open', applicationStatus: 'rejected' })).toBe('not_selected');
    expect(
      campaignStage({
        campaignStatus: 'in_progress',
        applicationStatus: 'rejected',
        order: order('paid', 'in_progress'),
      }),
    ).toBe('not_selected');
  });

  it('a pending application reads open; an unpaid order reads Payment Pending to both parties', () => {
    expect(campaignStage({ campaignStatus: 'open', applicationStatus: 'pending' })).toBe('open');
    expect(
      campaignStage({ campaignStatus: 'open', applicationStatus: 'accepted', order: order('unpaid', 'not_started') }),
    ).toBe('payment_pending');
    expect(campaignStage({ campaignStatus: 'open', order: order('unpaid', 'not_started') })).toBe('payment_pending');
  });

  it('a paid order reads its stage: the same for the card, the badge and the tracker', () => {
    expect(campaignStage({ campaignStatus: 'in_progress', order: order('paid', 'not_started') })).toBe(
      'ready_to_start',
    );
    expect(campaignStage({ campaignStatus: 'completed', order: order('paid', 'completed', 'pending') })).toBe(
      'in_review',
    );
    expect(campaignStage({ campaignStatus: 'done', order: order('paid', 'completed', 'approved') })).toBe('approved');
  });

  it('without an order: open, or canceled when the campaign was', () => {
    expect(campaignStage({ campaignStatus: 'open' })).toBe('open');
    expect(campaignStage({ campaignStatus: 'canceled' })).toBe('canceled');
  });
});

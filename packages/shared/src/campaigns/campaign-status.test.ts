import { describe, expect, it } from 'vitest';
import { deriveDisplayStatus, trackerState } from './campaign-status.ts';

describe('deriveDisplayStatus (spec §2 card status)', () => {
  it('a rejected application shows canceled, whatever the campaign does', () => {
    expect(deriveDisplayStatus({ campaignStatus: 'open', applicationStatus: 'rejected' })).toBe('canceled');
    expect(
      deriveDisplayStatus({
        campaignStatus: 'in_progress',
        applicationStatus: 'rejected',
        order: { status: 'paid', workStatus: 'in_progress' },
      }),
    ).toBe('canceled');
  });
  it('a pending application or an unpaid order shows open', () => {
    expect(deriveDisplayStatus({ campaignStatus: 'open', applicationStatus: 'pending' })).toBe('open');
    expect(
      deriveDisplayStatus({
        campaignStatus: 'open',
        applicationStatus: 'accepted',
        order: { status: 'unpaid', workStatus: 'not_started' },
      }),
    ).toBe('open');
  });
  it('a paid order shows its work status, not_started when empty', () => {
    expect(
      deriveDisplayStatus({ campaignStatus: 'in_progress', order: { status: 'paid', workStatus: 'completed' } }),
    ).toBe('completed');
    expect(deriveDisplayStatus({ campaignStatus: 'in_progress', order: { status: 'paid', workStatus: '' } })).toBe(
      'not_started',
    );
  });
  it('otherwise the campaign status', () => {
    expect(deriveDisplayStatus({ campaignStatus: 'done' })).toBe('done');
    expect(deriveDisplayStatus({ campaignStatus: 'open', applicationStatus: null, order: null })).toBe('open');
  });
});

describe('trackerState (spec §4 labels)', () => {
  it('before any order: the campaign status, no step done', () => {
    expect(trackerState('open', null)).toEqual({
      paymentCompleted: false,
      workStarted: false,
      workCompleted: false,
      label: 'open',
    });
  });
  it('unpaid order: Payment Pending', () => {
    expect(trackerState('open', { status: 'unpaid', workStatus: 'not_started' }).label).toBe('unpaid');
  });
  it('paid: steps follow the work status', () => {
    expect(trackerState('in_progress', { status: 'paid', workStatus: 'not_started' })).toMatchObject({
      paymentCompleted: true,
      workStarted: false,
      label: 'not_started',
    });
    expect(trackerState('in_progress', { status: 'paid', workStatus: 'in_progress' })).toMatchObject({
      workStarted: true,
      workCompleted: false,
      label: 'in_progress',
    });
    expect(trackerState('completed', { status: 'paid', workStatus: 'delivered' })).toMatchObject({
      workStarted: true,
      workCompleted: true,
      label: 'delivered',
    });
  });
  it('canceled wins; anything unknown is Unknown', () => {
    expect(trackerState('canceled', { status: 'paid', workStatus: 'in_progress' }).label).toBe('canceled');
    expect(trackerState('done', null).label).toBe('unknown');
    expect(trackerState('open', { status: 'refunded', workStatus: 'not_started' }).label).toBe('unknown');
  });
});

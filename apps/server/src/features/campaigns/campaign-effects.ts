// What an order's transition does to its campaign (issue 22 §1), through the one port the campaigns feature offers
// for it: the order machine (features/orders/order-transitions.ts) passes the status derived from the order's new
// state and the moment to record; nothing else writes a campaign's status after it was created.
import type { CampaignStatusOf } from '@app/shared/orders/order-machine';
import type { Tx } from '../../db/client.ts';

export type CampaignEffect = {
  status: CampaignStatusOf;
  /** A moment to record, once (a later transition does not move it). */
  stamp?: 'paymentCompletedAt' | 'workStartedAt';
  /** Both moments go (the order was cancelled and the campaign reopens). */
  clearStamps?: true;
  now: Date;
};

export type CampaignEffects = { followOrder(tx: Tx, campaignId: string, effect: CampaignEffect): Promise<void> };

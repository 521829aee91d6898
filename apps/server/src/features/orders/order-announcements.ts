// What the parties hear of an order's transition (issue 24 §1, §2): both parties' screens follow at commit (an
// `order.changed` frame: the campaign page, Orders, Home and the chat header fetch it again), and the party who did
// not cause it gets a line in their notification centre. The order's mails stay with the steps that send them.
import { orderNotice } from '../../integrations/mail/notice-texts.ts';
import type { Announce } from '../notifications/notifications.service.ts';
import type { TransitionTold } from './order-transitions.ts';

export function orderAnnouncements(announce: Announce): TransitionTold {
  return async (tx, name, { before, campaignId }, by) => {
    const client = { role: 'client', profileId: before.clientId } as const;
    const influencer = { role: 'influencer', profileId: before.influencerId } as const;
    await announce(tx, {
      kind: 'order',
      campaignId,
      parties: [client, influencer],
      frame: { type: 'order.changed', orderId: before.id, campaignId },
      tell: [
        { to: client, text: (f) => (by.role === 'client' ? null : orderNotice(name, f).client) },
        { to: influencer, text: (f) => (by.role === 'influencer' ? null : orderNotice(name, f).influencer) },
      ],
      actorUserId: by.userId,
    });
  };
}

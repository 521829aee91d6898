// What a person is told of an event (issue 24 §2, §3): the one line in the notification centre and, for the kinds
// that have one, the mail (its body after "Hi <name>, " and its button). In English for now, kept here, beside the
// mailer, so the Georgian catalogue can take them over in one place.
import type { OrderTransition } from '@app/shared/orders/order-machine';

/** What the texts name. */
export type NoticeFacts = { campaignTitle: string; clientName: string; influencerName: string };
export type NoticeText = {
  /** The centre's line and the mail's subject. */
  subject: string;
  /** The mail's body; without it the event is told in the app only (its mail is sent elsewhere, or there is none). */
  body?: string;
  action?: string;
};

const q = (f: NoticeFacts) => `"${f.campaignTitle}"`;

export const notices = {
  invitation: (f: NoticeFacts): NoticeText => ({
    subject: `${f.clientName} invited you to ${q(f)}`,
    body: `${f.clientName} invited you to apply to their campaign ${q(f)}. Have a look and apply if it suits you.`,
    action: 'See the campaign',
  }),
  application: (f: NoticeFacts): NoticeText => ({
    subject: `New application for ${q(f)}`,
    body: `${f.influencerName} applied to your campaign ${q(f)}. Look at their profile and hire them if they fit.`,
    action: 'See the applicants',
  }),
  hired: (f: NoticeFacts): NoticeText => ({
    subject: `You were hired for ${q(f)}`,
    body: `${f.clientName} hired you for ${q(f)}. You can start as soon as they have paid; we will tell you.`,
    action: 'Open the campaign',
  }),
  rating: (f: NoticeFacts, by: string, stars: number): NoticeText => ({
    subject: `${by} rated you ${stars} of 5 for ${q(f)}`,
    body: `${by} rated your work together on ${q(f)} ${stars} out of 5.`,
    action: 'See the campaign',
  }),
  payout: (period: string, amount: string): NoticeText => ({
    subject: `Your payout for ${period} is on its way: ${amount}`,
  }),
};

/**
 * The centre's line for each party when an order moves (their mails are the order feature's, order-mails.ts, and the
 * payments' receipts). `null`: that party is not told (they did it themselves), only their screens follow.
 */
export function orderNotice(
  name: OrderTransition,
  f: NoticeFacts,
): { client: NoticeText | null; influencer: NoticeText | null } {
  switch (name) {
    case 'pay':
      return {
        client: { subject: `Payment authorised for ${q(f)}` },
        influencer: { subject: `${f.clientName} paid for ${q(f)}: you can start` },
      };
    case 'startWork':
      return { client: { subject: `${f.influencerName} started the work for ${q(f)}` }, influencer: null };
    case 'submitWork':
      return { client: { subject: `Work delivered for ${q(f)}: please review it` }, influencer: null };
    case 'rejectWork':
      return { client: null, influencer: { subject: `Changes requested for ${q(f)}` } };
    case 'approve':
      return {
        client: { subject: `Payment captured for ${q(f)}` },
        influencer: { subject: `Your work for ${q(f)} was approved` },
      };
    case 'cancel':
      return { client: null, influencer: { subject: `${q(f)} was cancelled` } };
    case 'lapse':
      return {
        client: { subject: `The payment hold for ${q(f)} expired: please pay again` },
        influencer: { subject: `The payment for ${q(f)} lapsed: wait before starting` },
      };
    case 'refund':
      return {
        client: { subject: `${q(f)} was refunded` },
        influencer: { subject: `The payment for ${q(f)} was refunded` },
      };
    case 'proposeCancel':
      return {
        client: { subject: `${f.influencerName} proposes to cancel ${q(f)}` },
        influencer: { subject: `${f.clientName} proposes to cancel ${q(f)}` },
      };
    case 'withdrawCancel':
      return {
        client: { subject: `The cancellation proposal for ${q(f)} was withdrawn` },
        influencer: { subject: `The cancellation proposal for ${q(f)} was withdrawn` },
      };
    case 'declineCancel':
      return {
        client: { subject: `${f.influencerName} declined to cancel ${q(f)}` },
        influencer: { subject: `${f.clientName} declined to cancel ${q(f)}` },
      };
    case 'acceptCancel':
    case 'cancelWithPayment':
      return {
        client: { subject: `${q(f)} was cancelled by agreement` },
        influencer: { subject: `${q(f)} was cancelled by agreement` },
      };
    case 'cancelAfterDeadline':
      return { client: null, influencer: { subject: `${q(f)} was cancelled after its deadline` } };
    default:
      return { client: null, influencer: null };
  }
}

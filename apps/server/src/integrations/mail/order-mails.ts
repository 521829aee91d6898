// What the order's parties are told by mail at each step of the work (issue 22 §3: the texts beside the mailer, not
// inside the lifecycle). Each returns the subject, the body after "Hi <name>, " and the button's label; the orders
// feature addresses it (orderNewsMail in templates.ts draws it).
import { formatGel } from '@app/shared/format/format';

/** What the texts name: the campaign, the parties, the money. */
export type OrderMailFacts = {
  campaign: { title: string };
  client: { name: string };
  influencer: { name: string };
  amountMinor: number;
};

export type OrderMailText = { subject: string; body: string; action?: string };

const q = (o: OrderMailFacts) => `"${o.campaign.title}"`;

export const orderMails = {
  workStarted: (o: OrderMailFacts): OrderMailText => ({
    subject: `Work has started on ${q(o)}`,
    body: `${o.influencer.name} has started the work for ${q(o)}.`,
  }),

  workSubmitted: (o: OrderMailFacts, s: { proofUrl: string; notes: string | null; deadline: Date }): OrderMailText => ({
    subject: `Work delivered for ${q(o)}`,
    body: `${o.influencer.name} submitted the work for ${q(o)}: ${s.proofUrl}${s.notes ? `\n\nTheir notes: ${s.notes}` : ''}\n\nPlease approve it or request changes by ${s.deadline.toUTCString()}; after that it is approved automatically.`,
    action: 'Review the work',
  }),

  changesRequested: (o: OrderMailFacts, feedback: string): OrderMailText => ({
    subject: `Changes requested for ${q(o)}`,
    body: `${o.client.name} asked for changes to your work for ${q(o)}:\n\n${feedback}\n\nSubmit it again when it is ready.`,
    action: 'See the feedback',
  }),

  canceled: (o: OrderMailFacts, holdGoesBack: boolean): OrderMailText => ({
    subject: `${q(o)} was cancelled`,
    body: `${o.client.name} cancelled the order for ${q(o)} before work started.${holdGoesBack ? ' The held payment goes back to their card.' : ''}`,
  }),

  approved: (o: OrderMailFacts): OrderMailText => ({
    subject: `Your work for ${q(o)} is approved`,
    body: `${o.client.name} approved your work for ${q(o)}. The payment of ${formatGel(o.amountMinor)} is confirmed and will be paid out to your bank account with the next monthly payout.`,
    action: 'Rate the client',
  }),

  approvedAutomatically: (o: OrderMailFacts): OrderMailText => ({
    subject: `${q(o)} was approved automatically`,
    body: `the review window for ${q(o)} ended without an answer, so the work was approved and ${formatGel(o.amountMinor)} was captured from your card.`,
  }),

  reviewReminderClient: (o: OrderMailFacts, when: string): OrderMailText => ({
    subject: `Review ${q(o)} by tomorrow`,
    body: `the work for ${q(o)} is waiting for your review. If you neither approve nor request changes by ${when}, it is approved automatically and the payment is captured.`,
    action: 'Review the work',
  }),

  reviewReminderInfluencer: (o: OrderMailFacts, when: string): OrderMailText => ({
    subject: `${q(o)} is approved automatically tomorrow`,
    body: `the client has not reviewed your work for ${q(o)} yet. Unless they request changes, it is approved automatically on ${when}.`,
  }),

  renewHoldClient: (o: OrderMailFacts, until: string): OrderMailText => ({
    subject: `Please renew the payment hold for ${q(o)}`,
    body: `the bank releases the ${formatGel(o.amountMinor)} held on your card for ${q(o)} on ${until}, before the work is approved. Renew the hold on the order's page (your card is asked again; the old hold is then released), or the order will need paying again.`,
    action: 'Renew the hold',
  }),

  renewHoldInfluencer: (o: OrderMailFacts, until: string): OrderMailText => ({
    subject: `The payment hold for ${q(o)} is being renewed`,
    body: `the bank's hold on the client's card for ${q(o)} ends on ${until}. We have asked the client to renew it; you will be told if the order needs paying again.`,
  }),

  holdLapsedClient: (o: OrderMailFacts): OrderMailText => ({
    subject: `${q(o)} needs paying again`,
    body: `the bank released the hold on your card for ${q(o)} before the work was approved. Please pay again on the order's page so the work can be approved and paid.`,
    action: 'Pay again',
  }),

  holdLapsedInfluencer: (o: OrderMailFacts): OrderMailText => ({
    subject: `The payment for ${q(o)} is on hold`,
    body: `the bank released the client's card hold for ${q(o)} before the work was approved. We have asked the client to pay again; you will be told when it is confirmed.`,
  }),

  refundedClient: (o: OrderMailFacts, back: number, reason: string): OrderMailText => ({
    subject: `Refund for ${q(o)}`,
    body: `after reviewing the dispute about ${q(o)}, we returned ${formatGel(back)} to your card. ${reason}`,
  }),

  refundedInfluencer: (o: OrderMailFacts, back: number, reason: string): OrderMailText => {
    const full = back === o.amountMinor;
    return {
      subject: `Dispute settled for ${q(o)}`,
      body: `after reviewing the dispute about ${q(o)}, ${formatGel(back)} went back to the client${full ? '' : `; ${formatGel(o.amountMinor - back)} stays yours and is paid out with the next monthly payout`}. ${reason}`,
    };
  },
};

/** The system lines the order's chat shows for its steps (chat/order-notes.ts posts them). */
export const orderNotes = {
  paid: (amountMinor: number) => `Payment confirmed: ${formatGel(amountMinor)} is held until the work is approved.`,
  started: () => 'Work started',
  submitted: (proofUrl: string, notes: string | null) => `Work submitted: ${proofUrl}${notes ? `\n${notes}` : ''}`,
  changesRequested: (feedback: string) => `Changes requested: ${feedback}`,
  approved: (amountMinor: number) => `Work approved. Payment of ${formatGel(amountMinor)} confirmed.`,
  canceled: () => 'Order cancelled before work started',
  lapsed: () => 'The bank released the payment hold. The order needs paying again.',
};

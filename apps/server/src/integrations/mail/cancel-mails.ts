// What cancellation by agreement and the campaign's deadline say (issue 23 §2, §4): the mail to the other party at
// each step, the reminder the day before the deadline, and the lines the order's chat shows. In English for now, as
// the disputes' texts are (the order mails' Georgian is written in order-mails.ts).
import { formatGel } from '@app/shared/format/format';
import type { OrderMailFacts, OrderMailText } from './order-mails.ts';

const q = (o: OrderMailFacts) => `"${o.campaign.title}"`;
type Side = 'client' | 'influencer';
const nameOf = (o: OrderMailFacts, side: Side) => o[side].name;

/** Who gets what when a proposal is accepted, in words both parties read. */
export const agreedSplit = (amountMinor: number, influencerMinor: number) =>
  influencerMinor === 0
    ? `${formatGel(amountMinor)} back to the client’s card, nothing for the work`
    : `${formatGel(influencerMinor)} to the influencer for the work done, ${formatGel(amountMinor - influencerMinor)} back to the client’s card`;

export const cancelMails = {
  proposed: (o: OrderMailFacts, by: Side, influencerMinor: number): OrderMailText => ({
    subject: `${nameOf(o, by)} proposes to cancel ${q(o)}`,
    body: `${nameOf(o, by)} proposes to cancel ${q(o)} by agreement: ${agreedSplit(o.amountMinor, influencerMinor)}. Accept or decline it on the campaign page; until then the order goes on as before.`,
    action: 'Answer the proposal',
  }),
  withdrawn: (o: OrderMailFacts, by: Side): OrderMailText => ({
    subject: `The cancellation proposal for ${q(o)} was withdrawn`,
    body: `${nameOf(o, by)} withdrew their proposal to cancel ${q(o)}. The order goes on as before.`,
  }),
  declined: (o: OrderMailFacts, by: Side): OrderMailText => ({
    subject: `${nameOf(o, by)} declined to cancel ${q(o)}`,
    body: `${nameOf(o, by)} declined your proposal to cancel ${q(o)}. The order goes on as before; you can talk it over in the order's chat.`,
  }),
  accepted: (o: OrderMailFacts, by: Side, influencerMinor: number): OrderMailText => ({
    subject: `${q(o)} was cancelled by agreement`,
    body: `${nameOf(o, by)} accepted your proposal: ${q(o)} is cancelled, ${agreedSplit(o.amountMinor, influencerMinor)}.`,
    action: 'See the order',
  }),
  canceledAfterDeadline: (o: OrderMailFacts): OrderMailText => ({
    subject: `${q(o)} was cancelled after its deadline`,
    body: `the deadline of ${q(o)} passed with no work submitted, and ${o.client.name} cancelled the order. The payment hold goes back to their card.`,
  }),
  deadlineTomorrow: (o: OrderMailFacts, side: Side, deadline: string): OrderMailText =>
    side === 'influencer'
      ? {
          subject: `The deadline of ${q(o)} is tomorrow`,
          body: `the deadline of ${q(o)} is tomorrow (${deadline}) and the work is not submitted yet. Submit it on the campaign page; after the deadline ${o.client.name} may cancel the order.`,
          action: 'Submit the work',
        }
      : {
          subject: `The deadline of ${q(o)} is tomorrow`,
          body: `the deadline of ${q(o)} is tomorrow (${deadline}) and ${o.influencer.name} has not submitted the work yet. If it passes with nothing submitted, you may cancel the order and get the whole hold back.`,
          action: 'Open the campaign',
        },
};

export const cancelNotes = {
  proposed: (by: Side, amountMinor: number, influencerMinor: number) =>
    `Cancellation proposed by the ${by}: ${agreedSplit(amountMinor, influencerMinor)}.`,
  withdrawn: (by: Side) => `Cancellation proposal withdrawn by the ${by}. The order goes on.`,
  declined: (by: Side) => `Cancellation proposal declined by the ${by}. The order goes on.`,
  accepted: (by: Side, amountMinor: number, influencerMinor: number) =>
    `Cancelled by agreement (accepted by the ${by}): ${agreedSplit(amountMinor, influencerMinor)}.`,
  canceledAfterDeadline: () => 'Cancelled by the client after the deadline passed with no work submitted.',
};

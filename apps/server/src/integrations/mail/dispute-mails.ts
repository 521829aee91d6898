// What disputes say (issue 23 §1, §4): the mail to the other party and to the admins, and the lines the order's chat
// shows for each step.
import { DISPUTE_REASON_LABELS, type DisputeReason } from '@app/shared/disputes/dispute.schemas';
import { formatGel } from '@app/shared/format/format';
import type { Language } from '@app/shared/i18n/language';
import type { OrderMail, OrderMailFacts, OrderMailText } from './order-mails.ts';

const q = (o: OrderMailFacts) => `"${o.campaign.title}"`;
const qKa = (o: OrderMailFacts) => `„${o.campaign.title}“`;
type Side = 'client' | 'influencer';
const nameOf = (o: OrderMailFacts, side: Side) => o[side].name;
const ROLE_KA: Record<Side, string> = { client: 'დამკვეთი', influencer: 'ინფლუენსერი' };
/** The party in Georgian as a subject: "დამკვეთი (Nino)" (docs/georgian-glossary.md). */
const whoKa = (o: OrderMailFacts, side: Side) => `${ROLE_KA[side]} (${nameOf(o, side)})`;
/** The reasons as the web's catalogue words them in Georgian (disputes.reasons). */
const REASON_KA: Record<DisputeReason, string> = {
  not_delivered: 'სამუშაო არ ჩაბარებულა',
  not_as_agreed: 'შეთანხმებულს არ შეესაბამება',
  quality: 'სამუშაოს ხარისხი',
  missed_deadline: 'ვადა გადაცილებულია',
  unresponsive: 'მეორე მხარე არ პასუხობს',
  other: 'სხვა მიზეზი',
  account_closed: 'ანგარიში დაიხურა',
};
const both =
  (en: OrderMailText, ka: OrderMailText): OrderMail =>
  (language) =>
    language === 'ka' ? ka : en;

/** How an admin decided, in words both parties read. */
export type Decided =
  | { resolution: 'release'; influencerMinor: number }
  | { resolution: 'refund'; clientMinor: number }
  | { resolution: 'split'; influencerMinor: number; clientMinor: number };

export const decidedSummary = (d: Decided, l: Language = 'en') =>
  l === 'ka'
    ? d.resolution === 'release'
      ? `${formatGel(d.influencerMinor, l)} ჩაირიცხა ინფლუენსერზე`
      : d.resolution === 'refund'
        ? `${formatGel(d.clientMinor, l)} დაუბრუნდა დამკვეთს`
        : `${formatGel(d.influencerMinor, l)} ინფლუენსერს, ${formatGel(d.clientMinor, l)} დაუბრუნდა დამკვეთს`
    : d.resolution === 'release'
      ? `${formatGel(d.influencerMinor)} released to the influencer`
      : d.resolution === 'refund'
        ? `${formatGel(d.clientMinor)} returned to the client`
        : `${formatGel(d.influencerMinor)} to the influencer, ${formatGel(d.clientMinor)} returned to the client`;

/** To the parties, in the recipient's language (decision 034); to admins, in English (the console's working language). */
export const disputeMails = {
  opened: (o: OrderMailFacts, by: Side, reason: DisputeReason, description: string): OrderMail =>
    both(
      {
        subject: `A dispute was opened about ${q(o)}`,
        body: `${nameOf(o, by)} opened a dispute about ${q(o)} (${DISPUTE_REASON_LABELS[reason]}):\n\n${description}\n\nThe review window is paused and the payment stays held while our support team looks at it; you can add your side in the order's chat.`,
        action: 'See the dispute',
      },
      {
        subject: `დაიწყო დავა: ${qKa(o)}`,
        body: `${whoKa(o, by)} იწყებს დავას შეკვეთაზე ${qKa(o)} (${REASON_KA[reason]}):\n\n${description}\n\nსანამ მხარდაჭერის გუნდი დავას განიხილავს, განხილვის ვადა შეჩერებულია და თანხა დაბლოკილი რჩება; თქვენი პოზიცია შეგიძლიათ შეკვეთის ჩატში დაწეროთ.`,
        action: 'დავის ნახვა',
      },
    ),

  openedForAdmins: (o: OrderMailFacts, by: Side, reason: DisputeReason, description: string): OrderMailText => ({
    subject: `Dispute to decide: ${q(o)}`,
    body: `${nameOf(o, by)} (${by}) opened a dispute about ${q(o)}, ${formatGel(o.amountMinor)} held (${DISPUTE_REASON_LABELS[reason]}):\n\n${description}`,
    action: 'Open the dispute',
  }),

  withdrawn: (o: OrderMailFacts, by: Side): OrderMail =>
    both(
      {
        subject: `The dispute about ${q(o)} was withdrawn`,
        body: `${nameOf(o, by)} withdrew the dispute about ${q(o)}. The order continues where it stood.`,
      },
      {
        subject: `დავა გაუქმდა: ${qKa(o)}`,
        body: `დავა შეკვეთაზე ${qKa(o)} გაუქმდა (გააუქმა: ${whoKa(o, by)}). შეკვეთა იქიდან გრძელდება, სადაც იყო.`,
      },
    ),

  resolved: (o: OrderMailFacts, d: Decided, decision: string): OrderMail =>
    both(
      {
        subject: `The dispute about ${q(o)} was decided`,
        body: `our support team decided the dispute about ${q(o)}: ${decidedSummary(d)}.\n\n${decision}`,
        action: 'See the decision',
      },
      {
        subject: `დავა გადაწყდა: ${qKa(o)}`,
        body: `მხარდაჭერის გუნდმა დავა შეკვეთაზე ${qKa(o)} გადაწყვიტა: ${decidedSummary(d, 'ka')}.\n\n${decision}`,
        action: 'გადაწყვეტილების ნახვა',
      },
    ),

  /** To the party who stays: the other one's account was closed with the order open (issue 23 §2). */
  accountClosed: (o: OrderMailFacts, left: Side): OrderMail =>
    both(
      {
        subject: `${nameOf(o, left)} has left Influence`,
        body: `${nameOf(o, left)} has left Influence while ${q(o)} was open. The payment stays held and the review window is paused; our support team has taken the order over as a dispute and will resolve it. You can add anything they should know in the order's chat.`,
        action: 'See the order',
      },
      {
        subject: `${nameOf(o, left)} აღარ არის Influence-ზე`,
        body: `${whoKa(o, left)} Influence-დან წავიდა, სანამ შეკვეთა ${qKa(o)} ღია იყო. თანხა დაბლოკილი რჩება და განხილვის ვადა შეჩერებულია; შეკვეთას დავის სახით მხარდაჭერის გუნდი ჩაიბარებს და მოაგვარებს. ყველაფერი, რაც მათ უნდა იცოდნენ, შეკვეთის ჩატში დაწერეთ.`,
        action: 'შეკვეთის ნახვა',
      },
    ),

  accountClosedForAdmins: (o: OrderMailFacts, left: Side, adminReason: string): OrderMailText => ({
    subject: `Dispute to decide: ${q(o)} (account closed)`,
    body: `the ${left}'s account (${nameOf(o, left)}) was deactivated by an admin while ${q(o)} was open, ${formatGel(o.amountMinor)} held. The order is now a dispute waiting for a decision.\n\nReason given: ${adminReason}`,
    action: 'Open the dispute',
  }),

  escalated: (o: OrderMailFacts, days: number): OrderMailText => ({
    subject: `Dispute waiting ${days}+ days: ${q(o)}`,
    body: `the dispute about ${q(o)} (${formatGel(o.amountMinor)} held) has waited more than ${days} days for a decision.`,
    action: 'Decide it',
  }),
};

export const disputeNotes = {
  opened: (by: Side, reason: DisputeReason, description: string) =>
    `Dispute opened by the ${by}: ${DISPUTE_REASON_LABELS[reason]}. ${description}\nSupport has joined this chat; the review window is paused.`,
  withdrawn: (by: Side) => `Dispute withdrawn by the ${by}. The order continues.`,
  accountClosed: (name: string) =>
    `${name} has left Influence. Support has joined this chat and will resolve this order; the review window is paused and the payment stays held.`,
  resolved: (d: Decided, decision: string) => `Dispute decided: ${decidedSummary(d)}. ${decision}`,
};

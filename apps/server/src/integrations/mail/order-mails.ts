// What the order's parties are told by mail at each step of the work (issue 22 §3: the texts beside the mailer, not
// inside the lifecycle). Each returns the subject, the body after "Hi <name>, " and the button's label; the orders
// feature addresses it (orderNewsMail in templates.ts draws it).
import { BUSINESS_TIME_ZONE } from '@app/shared/common/dates';
import { formatGel } from '@app/shared/format/format';
import { type Language, LOCALES } from '@app/shared/i18n/language';

/** What the texts name: the campaign, the parties, the money. */
export type OrderMailFacts = {
  campaign: { title: string };
  client: { name: string };
  influencer: { name: string };
  amountMinor: number;
};

export type OrderMailText = { subject: string; body: string; action?: string };
/** A mail's text in the language of whoever it is for (decision 034): `tell` picks the recipient's. */
export type OrderMail = (language: Language) => OrderMailText;

const q = (o: OrderMailFacts, language: Language) =>
  language === 'ka' ? `„${o.campaign.title}“` : `"${o.campaign.title}"`;

/** A moment as the mail's reader reads it, in Tbilisi's time (the marketplace's): "Nov 26, 2026, 21:49". */
export function mailTime(at: Date, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: BUSINESS_TIME_ZONE,
  }).format(at);
}

/** One mail in both languages: English first, then the Georgian written for it (docs/georgian-glossary.md). */
const both =
  (en: (l: 'en') => OrderMailText, ka: (l: 'ka') => OrderMailText): OrderMail =>
  (language) =>
    language === 'ka' ? ka('ka') : en('en');

export const orderMails = {
  workStarted: (o: OrderMailFacts): OrderMail =>
    both(
      (l) => ({
        subject: `Work has started on ${q(o, l)}`,
        body: `${o.influencer.name} has started the work for ${q(o, l)}.`,
      }),
      (l) => ({
        subject: `სამუშაო დაიწყო: ${q(o, l)}`,
        body: `${o.influencer.name} იწყებს სამუშაოს კამპანიისთვის ${q(o, l)}.`,
      }),
    ),

  workSubmitted: (o: OrderMailFacts, s: { proofUrl: string; notes: string | null; deadline: Date }): OrderMail =>
    both(
      (l) => ({
        subject: `Work delivered for ${q(o, l)}`,
        body: `${o.influencer.name} submitted the work for ${q(o, l)}: ${s.proofUrl}${s.notes ? `\n\nTheir notes: ${s.notes}` : ''}\n\nPlease approve it or request changes by ${mailTime(s.deadline, l)} (Tbilisi time); after that it is approved automatically.`,
        action: 'Review the work',
      }),
      (l) => ({
        subject: `სამუშაო ჩაბარებულია: ${q(o, l)}`,
        body: `${o.influencer.name} გიბარებთ სამუშაოს კამპანიისთვის ${q(o, l)}: ${s.proofUrl}${s.notes ? `\n\nშენიშვნები: ${s.notes}` : ''}\n\nგთხოვთ, დაამტკიცოთ ან მოითხოვოთ შესწორება. განხილვის ვადა: ${mailTime(s.deadline, l)} (თბილისის დროით); ამის შემდეგ სამუშაო ავტომატურად დამტკიცდება.`,
        action: 'სამუშაოს შემოწმება',
      }),
    ),

  changesRequested: (o: OrderMailFacts, feedback: string): OrderMail =>
    both(
      (l) => ({
        subject: `Changes requested for ${q(o, l)}`,
        body: `${o.client.name} asked for changes to your work for ${q(o, l)}:\n\n${feedback}\n\nSubmit it again when it is ready.`,
        action: 'See the feedback',
      }),
      (l) => ({
        subject: `მოთხოვნილია შესწორება: ${q(o, l)}`,
        body: `დამკვეთი (${o.client.name}) ითხოვს შესწორებას თქვენს სამუშაოში კამპანიისთვის ${q(o, l)}:\n\n${feedback}\n\nროცა მზად იქნება, ჩააბარეთ ხელახლა.`,
        action: 'შენიშვნების ნახვა',
      }),
    ),

  canceled: (o: OrderMailFacts, holdGoesBack: boolean): OrderMail =>
    both(
      (l) => ({
        subject: `${q(o, l)} was cancelled`,
        body: `${o.client.name} cancelled the order for ${q(o, l)} before work started.${holdGoesBack ? ' The held payment goes back to their card.' : ''}`,
      }),
      (l) => ({
        subject: `შეკვეთა გაუქმდა: ${q(o, l)}`,
        body: `დამკვეთმა (${o.client.name}) შეკვეთა ${q(o, l)} სამუშაოს დაწყებამდე გააუქმა.${holdGoesBack ? ' დაბლოკილი თანხა მის ბარათზე განიბლოკება.' : ''}`,
      }),
    ),

  /** An admin closed the other party's account before work started: the order is cancelled (issue 23 §2). */
  closedBeforeWork: (o: OrderMailFacts, leftName: string, holdGoesBack: boolean, toClient: boolean): OrderMail =>
    both(
      (l) => ({
        subject: `${q(o, l)} was cancelled: ${leftName} has left Influence`,
        body: `${leftName} has left Influence before work on ${q(o, l)} started, so the order was cancelled.${holdGoesBack ? ' The held payment goes back to the card.' : ''}${toClient ? ' Your campaign is open again: you can hire another applicant.' : ''}`,
      }),
      (l) => ({
        subject: `შეკვეთა გაუქმდა: ${leftName} აღარ არის Influence-ზე`,
        body: `${leftName} Influence-დან წავიდა, სანამ მუშაობა დაიწყებოდა, ამიტომ შეკვეთა ${q(o, l)} გაუქმდა.${holdGoesBack ? ' დაბლოკილი თანხა ბარათზე განიბლოკება.' : ''}${toClient ? ' თქვენი კამპანია ისევ ღიაა: შეგიძლიათ სხვა განმცხადებელი აიყვანოთ.' : ''}`,
      }),
    ),

  approved: (o: OrderMailFacts): OrderMail =>
    both(
      (l) => ({
        subject: `Your work for ${q(o, l)} is approved`,
        body: `${o.client.name} approved your work for ${q(o, l)}. The payment of ${formatGel(o.amountMinor, l)} is confirmed and will be paid out to your bank account with the next monthly payout.`,
        action: 'Rate the client',
      }),
      (l) => ({
        subject: `თქვენი სამუშაო დამტკიცებულია: ${q(o, l)}`,
        body: `დამკვეთმა (${o.client.name}) თქვენი სამუშაო დაამტკიცა კამპანიისთვის ${q(o, l)}. ანაზღაურება (${formatGel(o.amountMinor, l)}) დადასტურებულია და თქვენს საბანკო ანგარიშზე ჩაირიცხება მომდევნო ყოველთვიური გადარიცხვით.`,
        action: 'დამკვეთის შეფასება',
      }),
    ),

  approvedAutomatically: (o: OrderMailFacts): OrderMail =>
    both(
      (l) => ({
        subject: `${q(o, l)} was approved automatically`,
        body: `the review window for ${q(o, l)} ended without an answer, so the work was approved and ${formatGel(o.amountMinor, l)} was captured from your card.`,
      }),
      (l) => ({
        subject: `ავტომატურად დამტკიცდა: ${q(o, l)}`,
        body: `${q(o, l)}: განხილვის ვადა პასუხის გარეშე ამოიწურა, ამიტომ სამუშაო დამტკიცდა და თქვენი ბარათიდან ჩამოიჭრა ${formatGel(o.amountMinor, l)}.`,
      }),
    ),

  reviewReminderClient: (o: OrderMailFacts, deadline: Date | null): OrderMail =>
    both(
      (l) => ({
        subject: `Review ${q(o, l)} by tomorrow`,
        body: `the work for ${q(o, l)} is waiting for your review. If you neither approve nor request changes by ${deadline ? `${mailTime(deadline, l)} (Tbilisi time)` : 'tomorrow'}, it is approved automatically and the payment is captured.`,
        action: 'Review the work',
      }),
      (l) => ({
        subject: `შეამოწმეთ ხვალამდე: ${q(o, l)}`,
        body: `სამუშაო კამპანიისთვის ${q(o, l)} თქვენს შემოწმებას ელოდება. თუ არც დაამტკიცებთ და არც შესწორებას მოითხოვთ, ის ავტომატურად დამტკიცდება და თანხა ჩამოიჭრება. განხილვის ვადა: ${deadline ? `${mailTime(deadline, l)} (თბილისის დროით)` : 'ხვალ'}.`,
        action: 'სამუშაოს შემოწმება',
      }),
    ),

  reviewReminderInfluencer: (o: OrderMailFacts, deadline: Date | null): OrderMail =>
    both(
      (l) => ({
        subject: `${q(o, l)} is approved automatically tomorrow`,
        body: `the client has not reviewed your work for ${q(o, l)} yet. Unless they request changes, it is approved automatically on ${deadline ? `${mailTime(deadline, l)} (Tbilisi time)` : 'tomorrow'}.`,
      }),
      (l) => ({
        subject: `ხვალ ავტომატურად დამტკიცდება: ${q(o, l)}`,
        body: `დამკვეთს თქვენი სამუშაო კამპანიისთვის ${q(o, l)} ჯერ არ შეუმოწმებია. თუ შესწორებას არ მოითხოვს, ის ავტომატურად დამტკიცდება. ვადა: ${deadline ? `${mailTime(deadline, l)} (თბილისის დროით)` : 'ხვალ'}.`,
      }),
    ),

  renewHoldClient: (o: OrderMailFacts, until: Date | null): OrderMail =>
    both(
      (l) => ({
        subject: `Please renew the payment hold for ${q(o, l)}`,
        body: `the bank releases the ${formatGel(o.amountMinor, l)} held on your card for ${q(o, l)} on ${until ? `${mailTime(until, l)} (Tbilisi time)` : 'soon'}, before the work is approved. Renew the hold on the order's page (your card is asked again; the old hold is then released), or the order will need paying again.`,
        action: 'Renew the hold',
      }),
      (l) => ({
        subject: `გთხოვთ, განაახლოთ თანხის დაბლოკვა: ${q(o, l)}`,
        body: `ბანკი თქვენს ბარათზე დაბლოკილ თანხას (${formatGel(o.amountMinor, l)}, ${q(o, l)}) სამუშაოს დამტკიცებამდე განბლოკავს. ვადა: ${until ? `${mailTime(until, l)} (თბილისის დროით)` : 'მალე'}. განაახლეთ დაბლოკვა შეკვეთის გვერდზე (ბარათი ხელახლა მოგეთხოვებათ, ძველი დაბლოკვა კი განიბლოკება), თორემ შეკვეთის ხელახლა გადახდა მოგიწევთ.`,
        action: 'დაბლოკვის განახლება',
      }),
    ),

  renewHoldInfluencer: (o: OrderMailFacts, until: Date | null): OrderMail =>
    both(
      (l) => ({
        subject: `The payment hold for ${q(o, l)} is being renewed`,
        body: `the bank's hold on the client's card for ${q(o, l)} ends on ${until ? `${mailTime(until, l)} (Tbilisi time)` : 'soon'}. We have asked the client to renew it; you will be told if the order needs paying again.`,
      }),
      (l) => ({
        subject: `თანხის დაბლოკვა ახლდება: ${q(o, l)}`,
        body: `დამკვეთის ბარათზე თანხის დაბლოკვას კამპანიისთვის ${q(o, l)} ვადა ეწურება: ${until ? `${mailTime(until, l)} (თბილისის დროით)` : 'მალე'}. დამკვეთს ვთხოვეთ, განაახლოს ის; თუ შეკვეთის ხელახლა გადახდა დასჭირდება, შეგატყობინებთ.`,
      }),
    ),

  holdLapsedClient: (o: OrderMailFacts): OrderMail =>
    both(
      (l) => ({
        subject: `${q(o, l)} needs paying again`,
        body: `the bank released the hold on your card for ${q(o, l)} before the work was approved. Please pay again on the order's page so the work can be approved and paid.`,
        action: 'Pay again',
      }),
      (l) => ({
        subject: `საჭიროა ხელახლა გადახდა: ${q(o, l)}`,
        body: `ბანკმა თქვენს ბარათზე დაბლოკილი თანხა (${q(o, l)}) სამუშაოს დამტკიცებამდე განბლოკა. გთხოვთ, გადაიხადოთ ხელახლა შეკვეთის გვერდზე, რომ სამუშაო დამტკიცდეს და ანაზღაურდეს.`,
        action: 'ხელახლა გადახდა',
      }),
    ),

  holdLapsedInfluencer: (o: OrderMailFacts): OrderMail =>
    both(
      (l) => ({
        subject: `The payment for ${q(o, l)} is on hold`,
        body: `the bank released the client's card hold for ${q(o, l)} before the work was approved. We have asked the client to pay again; you will be told when it is confirmed.`,
      }),
      (l) => ({
        subject: `გადახდა შეჩერებულია: ${q(o, l)}`,
        body: `ბანკმა დამკვეთის ბარათზე დაბლოკილი თანხა (${q(o, l)}) სამუშაოს დამტკიცებამდე განბლოკა. დამკვეთს ვთხოვეთ, ხელახლა გადაიხადოს; დადასტურებისას შეგატყობინებთ.`,
      }),
    ),

  refundedClient: (o: OrderMailFacts, back: number, reason: string): OrderMail =>
    both(
      (l) => ({
        subject: `Refund for ${q(o, l)}`,
        body: `after reviewing the dispute about ${q(o, l)}, we returned ${formatGel(back, l)} to your card. ${reason}`,
      }),
      (l) => ({
        subject: `თანხის დაბრუნება: ${q(o, l)}`,
        body: `დავის (${q(o, l)}) განხილვის შემდეგ თქვენს ბარათზე დაგიბრუნეთ ${formatGel(back, l)}. ${reason}`,
      }),
    ),

  refundedInfluencer: (o: OrderMailFacts, back: number, reason: string): OrderMail => {
    const full = back === o.amountMinor;
    return both(
      (l) => ({
        subject: `Dispute settled for ${q(o, l)}`,
        body: `after reviewing the dispute about ${q(o, l)}, ${formatGel(back, l)} went back to the client${full ? '' : `; ${formatGel(o.amountMinor - back, l)} stays yours and is paid out with the next monthly payout`}. ${reason}`,
      }),
      (l) => ({
        subject: `დავა გადაწყდა: ${q(o, l)}`,
        body: `დავის (${q(o, l)}) განხილვის შემდეგ დამკვეთს დაუბრუნდა ${formatGel(back, l)}${full ? '' : `; ${formatGel(o.amountMinor - back, l)} თქვენი რჩება და ჩაირიცხება მომდევნო ყოველთვიური გადარიცხვით`}. ${reason}`,
      }),
    );
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
  closedBeforeWork: (name: string) => `${name} has left Influence. The order was cancelled before work started.`,
  lapsed: () => 'The bank released the payment hold. The order needs paying again.',
};

// What a person is told of an event (issue 24 §2, §3): the one line in the notification centre and, for the kinds
// that have one, the mail (its body after the greeting, and its button), in the reader's language (decision 034; the
// Georgian follows docs/georgian-glossary.md: names and titles stand where the nominative is right, a party's name in
// parentheses after its role). The centre keeps the line as it was written, in the language of that day.
import type { Language } from '@app/shared/i18n/language';
import type { OrderTransition } from '@app/shared/orders/order-machine';

/** What the texts name, and the language of the person told. */
export type NoticeFacts = { campaignTitle: string; clientName: string; influencerName: string; language: Language };
export type NoticeText = {
  /** The centre's line and the mail's subject. */
  subject: string;
  /** The mail's body; without it the event is told in the app only (its mail is sent elsewhere, or there is none). */
  body?: string;
  action?: string;
};

const q = (f: NoticeFacts) => (f.language === 'ka' ? `„${f.campaignTitle}“` : `"${f.campaignTitle}"`);
/** The text in the reader's language. */
const say = (f: NoticeFacts, en: NoticeText, ka: NoticeText): NoticeText => (f.language === 'ka' ? ka : en);
const line = (f: NoticeFacts, en: string, ka: string): NoticeText => ({ subject: f.language === 'ka' ? ka : en });

export const notices = {
  invitation: (f: NoticeFacts): NoticeText =>
    say(
      f,
      {
        subject: `${f.clientName} invited you to ${q(f)}`,
        body: `${f.clientName} invited you to apply to their campaign ${q(f)}. Have a look and apply if it suits you.`,
        action: 'See the campaign',
      },
      {
        subject: `${f.clientName} გიწვევთ კამპანიაში ${q(f)}`,
        body: `დამკვეთი (${f.clientName}) გიწვევთ კამპანიაში ${q(f)}. გაეცანით და გაგზავნეთ განაცხადი, თუ მოგეწონებათ.`,
        action: 'კამპანიის ნახვა',
      },
    ),
  application: (f: NoticeFacts): NoticeText =>
    say(
      f,
      {
        subject: `New application for ${q(f)}`,
        body: `${f.influencerName} applied to your campaign ${q(f)}. Look at their profile and hire them if they fit.`,
        action: 'See the applicants',
      },
      {
        subject: `ახალი განაცხადი: ${q(f)}`,
        body: `თქვენს კამპანიაზე ${q(f)} ახალი განაცხადია (ინფლუენსერი: ${f.influencerName}). გაეცანით პროფილს და აირჩიეთ, თუ შეესაბამება.`,
        action: 'განაცხადების ნახვა',
      },
    ),
  hired: (f: NoticeFacts): NoticeText =>
    say(
      f,
      {
        subject: `You were hired for ${q(f)}`,
        body: `${f.clientName} hired you for ${q(f)}. You can start as soon as they have paid; we will tell you.`,
        action: 'Open the campaign',
      },
      {
        subject: `თქვენ აგირჩიეს: ${q(f)}`,
        body: `დამკვეთმა (${f.clientName}) აგირჩიათ კამპანიისთვის ${q(f)}. დაწყება შეგეძლებათ, როგორც კი გადაიხდის — შეგატყობინებთ.`,
        action: 'კამპანიის გახსნა',
      },
    ),
  rating: (f: NoticeFacts, by: string, stars: number): NoticeText =>
    say(
      f,
      {
        subject: `${by} rated you ${stars} of 5 for ${q(f)}`,
        body: `${by} rated your work together on ${q(f)} ${stars} out of 5.`,
        action: 'See the campaign',
      },
      {
        subject: `შეფასება: ${stars} / 5 — ${q(f)}`,
        body: `თქვენი თანამშრომლობა კამპანიაზე ${q(f)} შეფასდა: ${stars} / 5 (შემფასებელი: ${by}).`,
        action: 'კამპანიის ნახვა',
      },
    ),
  /** A proof post found on the influencer's account at submission is gone at a later check (decision 039). */
  postRemoved: (f: NoticeFacts, url: string): NoticeText =>
    say(
      f,
      {
        subject: `The post for ${q(f)} was removed`,
        body: `The post ${f.influencerName} submitted as proof for ${q(f)} (${url}) is no longer on their verified account. Write to them, or to our support team if you need help.`,
        action: 'See the campaign',
      },
      {
        subject: `${q(f)}-ის პოსტი წაშლილია`,
        body: `პოსტი, რომელიც ${f.influencerName}-მა კამპანიისთვის ${q(f)} ნამუშევრის დასტურად გამოგზავნა (${url}), მის დადასტურებულ ანგარიშზე აღარ არის. მისწერეთ მას ან ჩვენს მხარდაჭერის გუნდს, თუ დახმარება გჭირდებათ.`,
        action: 'კამპანიის ნახვა',
      },
    ),
  payout: (f: NoticeFacts, period: string, amount: string): NoticeText =>
    line(f, `Your payout for ${period} is on its way: ${amount}`, `თქვენი ანაზღაურება გზაშია: ${amount} (${period})`),
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
        client: line(f, `Payment authorised for ${q(f)}`, `გადახდა ავტორიზებულია: ${q(f)}`),
        influencer: line(
          f,
          `${f.clientName} paid for ${q(f)}: you can start`,
          `დამკვეთმა (${f.clientName}) გადაიხადა: ${q(f)} — შეგიძლიათ დაიწყოთ`,
        ),
      };
    case 'startWork':
      return {
        client: line(
          f,
          `${f.influencerName} started the work for ${q(f)}`,
          `ინფლუენსერმა (${f.influencerName}) დაიწყო მუშაობა: ${q(f)}`,
        ),
        influencer: null,
      };
    case 'submitWork':
      return {
        client: line(
          f,
          `Work delivered for ${q(f)}: please review it`,
          `ნამუშევარი ჩაბარდა: ${q(f)} — გთხოვთ, გადახედოთ`,
        ),
        influencer: null,
      };
    case 'rejectWork':
      return { client: null, influencer: line(f, `Changes requested for ${q(f)}`, `მოთხოვნილია შესწორება: ${q(f)}`) };
    case 'approve':
      return {
        client: line(f, `Payment captured for ${q(f)}`, `თანხა ჩამოიჭრა: ${q(f)}`),
        influencer: line(f, `Your work for ${q(f)} was approved`, `თქვენი სამუშაო დამტკიცდა: ${q(f)}`),
      };
    case 'cancel':
      return { client: null, influencer: line(f, `${q(f)} was cancelled`, `შეკვეთა გაუქმდა: ${q(f)}`) };
    case 'lapse':
      return {
        client: line(
          f,
          `The payment hold for ${q(f)} expired: please pay again`,
          `თანხის დაბლოკვის ვადა ამოიწურა: ${q(f)} — გთხოვთ, გადაიხადოთ ხელახლა`,
        ),
        influencer: line(
          f,
          `The payment for ${q(f)} lapsed: wait before starting`,
          `გადახდა აღარ მოქმედებს: ${q(f)} — დაელოდეთ, სანამ დაიწყებთ`,
        ),
      };
    case 'refund':
      return {
        client: line(f, `${q(f)} was refunded`, `თანხა დაგიბრუნდათ: ${q(f)}`),
        influencer: line(f, `The payment for ${q(f)} was refunded`, `თანხა დაუბრუნდა დამკვეთს: ${q(f)}`),
      };
    case 'proposeCancel':
      return {
        client: line(
          f,
          `${f.influencerName} proposes to cancel ${q(f)}`,
          `ინფლუენსერი (${f.influencerName}) გთავაზობთ გაუქმებას: ${q(f)}`,
        ),
        influencer: line(
          f,
          `${f.clientName} proposes to cancel ${q(f)}`,
          `დამკვეთი (${f.clientName}) გთავაზობთ გაუქმებას: ${q(f)}`,
        ),
      };
    case 'withdrawCancel':
      return {
        client: line(
          f,
          `The cancellation proposal for ${q(f)} was withdrawn`,
          `გაუქმების შეთავაზება აღარ მოქმედებს: ${q(f)}`,
        ),
        influencer: line(
          f,
          `The cancellation proposal for ${q(f)} was withdrawn`,
          `გაუქმების შეთავაზება აღარ მოქმედებს: ${q(f)}`,
        ),
      };
    case 'declineCancel':
      return {
        client: line(
          f,
          `${f.influencerName} declined to cancel ${q(f)}`,
          `ინფლუენსერმა (${f.influencerName}) გაუქმებაზე უარი თქვა: ${q(f)}`,
        ),
        influencer: line(
          f,
          `${f.clientName} declined to cancel ${q(f)}`,
          `დამკვეთმა (${f.clientName}) გაუქმებაზე უარი თქვა: ${q(f)}`,
        ),
      };
    case 'acceptCancel':
    case 'cancelWithPayment':
      return {
        client: line(f, `${q(f)} was cancelled by agreement`, `შეკვეთა გაუქმდა შეთანხმებით: ${q(f)}`),
        influencer: line(f, `${q(f)} was cancelled by agreement`, `შეკვეთა გაუქმდა შეთანხმებით: ${q(f)}`),
      };
    case 'cancelAfterDeadline':
      return {
        client: null,
        influencer: line(f, `${q(f)} was cancelled after its deadline`, `შეკვეთა გაუქმდა ვადის გასვლის გამო: ${q(f)}`),
      };
    default:
      return { client: null, influencer: null };
  }
}

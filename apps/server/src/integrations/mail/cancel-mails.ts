// What cancellation by agreement and the campaign's deadline say (issue 23 §2, §4): the mail to the other party at
// each step and the reminder the day before the deadline, in the recipient's language (decision 034; the Georgian
// follows docs/georgian-glossary.md: a name stands in parentheses after the party's role), and the lines the order's
// chat shows (English, as every chat line).
import { formatGel } from '@app/shared/format/format';
import type { Language } from '@app/shared/i18n/language';
import type { OrderMail, OrderMailFacts, OrderMailText } from './order-mails.ts';

type Side = 'client' | 'influencer';
const q = (o: OrderMailFacts, l: Language) => (l === 'ka' ? `„${o.campaign.title}“` : `"${o.campaign.title}"`);
const nameOf = (o: OrderMailFacts, side: Side) => o[side].name;
const ROLE_KA: Record<Side, string> = { client: 'დამკვეთი', influencer: 'ინფლუენსერი' };
/** The party in Georgian as a subject: "დამკვეთი (Nino)". */
const whoKa = (o: OrderMailFacts, side: Side) => `${ROLE_KA[side]} (${nameOf(o, side)})`;

const both =
  (en: OrderMailText, ka: OrderMailText): OrderMail =>
  (language) =>
    language === 'ka' ? ka : en;

/** Who gets what when a proposal is accepted, in words both parties read. */
export const agreedSplit = (amountMinor: number, influencerMinor: number, l: Language = 'en') => {
  const rest = formatGel(amountMinor - influencerMinor, l);
  if (l === 'ka') {
    return influencerMinor === 0
      ? `${formatGel(amountMinor, l)} უბრუნდება დამკვეთის ბარათს, სამუშაოსთვის არაფერი ანაზღაურდება`
      : `${formatGel(influencerMinor, l)} ინფლუენსერს შესრულებული სამუშაოსთვის, ${rest} უბრუნდება დამკვეთის ბარათს`;
  }
  return influencerMinor === 0
    ? `${formatGel(amountMinor)} back to the client’s card, nothing for the work`
    : `${formatGel(influencerMinor)} to the influencer for the work done, ${rest} back to the client’s card`;
};

export const cancelMails = {
  proposed: (o: OrderMailFacts, by: Side, part: number): OrderMail =>
    both(
      {
        subject: `${nameOf(o, by)} proposes to cancel ${q(o, 'en')}`,
        body: `${nameOf(o, by)} proposes to cancel ${q(o, 'en')} by agreement: ${agreedSplit(o.amountMinor, part)}. Accept or decline it on the campaign page; until then the order goes on as before.`,
        action: 'Answer the proposal',
      },
      {
        subject: `გაუქმების შეთავაზება: ${q(o, 'ka')}`,
        body: `${whoKa(o, by)} გთავაზობთ, რომ შეკვეთა ${q(o, 'ka')} შეთანხმებით გაუქმდეს: ${agreedSplit(o.amountMinor, part, 'ka')}. დაეთანხმეთ ან უარი თქვით კამპანიის გვერდზე; მანამდე შეკვეთა ჩვეულებრივ გრძელდება.`,
        action: 'შეთავაზებაზე პასუხი',
      },
    ),
  withdrawn: (o: OrderMailFacts, by: Side): OrderMail =>
    both(
      {
        subject: `The cancellation proposal for ${q(o, 'en')} was withdrawn`,
        body: `${nameOf(o, by)} withdrew their proposal to cancel ${q(o, 'en')}. The order goes on as before.`,
      },
      {
        subject: `გაუქმების შეთავაზება გაწვეულია: ${q(o, 'ka')}`,
        body: `${whoKa(o, by)} აღარ გთავაზობთ შეკვეთის გაუქმებას (${q(o, 'ka')}). შეკვეთა ჩვეულებრივ გრძელდება.`,
      },
    ),
  declined: (o: OrderMailFacts, by: Side): OrderMail =>
    both(
      {
        subject: `${nameOf(o, by)} declined to cancel ${q(o, 'en')}`,
        body: `${nameOf(o, by)} declined your proposal to cancel ${q(o, 'en')}. The order goes on as before; you can talk it over in the order's chat.`,
      },
      {
        subject: `გაუქმებაზე უარი: ${q(o, 'ka')}`,
        body: `${whoKa(o, by)} არ ეთანხმება შეკვეთის გაუქმებას (${q(o, 'ka')}). შეკვეთა ჩვეულებრივ გრძელდება; განიხილეთ ეს შეკვეთის ჩატში.`,
      },
    ),
  accepted: (o: OrderMailFacts, by: Side, part: number): OrderMail =>
    both(
      {
        subject: `${q(o, 'en')} was cancelled by agreement`,
        body: `${nameOf(o, by)} accepted your proposal: ${q(o, 'en')} is cancelled, ${agreedSplit(o.amountMinor, part)}.`,
        action: 'See the order',
      },
      {
        subject: `შეკვეთა გაუქმდა შეთანხმებით: ${q(o, 'ka')}`,
        body: `${whoKa(o, by)} ეთანხმება თქვენს შეთავაზებას: შეკვეთა ${q(o, 'ka')} გაუქმებულია, ${agreedSplit(o.amountMinor, part, 'ka')}.`,
        action: 'შეკვეთის ნახვა',
      },
    ),
  canceledAfterDeadline: (o: OrderMailFacts): OrderMail =>
    both(
      {
        subject: `${q(o, 'en')} was cancelled after its deadline`,
        body: `the deadline of ${q(o, 'en')} passed with no work submitted, and ${o.client.name} cancelled the order. The payment hold goes back to their card.`,
      },
      {
        subject: `შეკვეთა გაუქმდა ვადის გასვლის შემდეგ: ${q(o, 'ka')}`,
        body: `კამპანიის ${q(o, 'ka')} ვადა გავიდა და სამუშაო არ ჩაბარებულა, ამიტომ დამკვეთმა (${o.client.name}) შეკვეთა გააუქმა. დაბლოკილი თანხა მის ბარათზე განიბლოკება.`,
      },
    ),
  deadlineTomorrow: (o: OrderMailFacts, side: Side, deadline: string): OrderMail =>
    side === 'influencer'
      ? both(
          {
            subject: `The deadline of ${q(o, 'en')} is tomorrow`,
            body: `the deadline of ${q(o, 'en')} is tomorrow (${deadline}) and the work is not submitted yet. Submit it on the campaign page; after the deadline ${o.client.name} may cancel the order.`,
            action: 'Submit the work',
          },
          {
            subject: `ვადა ხვალ იწურება: ${q(o, 'ka')}`,
            body: `კამპანიის ${q(o, 'ka')} ვადა ხვალ იწურება (ვადა: ${deadline}), სამუშაო კი ჯერ არ ჩაბარებულა. ჩააბარეთ ის კამპანიის გვერდზე; ვადის გასვლის შემდეგ დამკვეთს (${o.client.name}) შეკვეთის გაუქმება შეეძლება.`,
            action: 'სამუშაოს ჩაბარება',
          },
        )
      : both(
          {
            subject: `The deadline of ${q(o, 'en')} is tomorrow`,
            body: `the deadline of ${q(o, 'en')} is tomorrow (${deadline}) and ${o.influencer.name} has not submitted the work yet. If it passes with nothing submitted, you may cancel the order and get the whole hold back.`,
            action: 'Open the campaign',
          },
          {
            subject: `ვადა ხვალ იწურება: ${q(o, 'ka')}`,
            body: `კამპანიის ${q(o, 'ka')} ვადა ხვალ იწურება (ვადა: ${deadline}), ინფლუენსერს (${o.influencer.name}) კი სამუშაო ჯერ არ ჩაუბარებია. თუ ვადა ისე გავა, რომ სამუშაო არ ჩაბარდება, შეძლებთ შეკვეთის გაუქმებას და დაბლოკილი თანხა სრულად დაგიბრუნდებათ.`,
            action: 'კამპანიის გახსნა',
          },
        ),
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

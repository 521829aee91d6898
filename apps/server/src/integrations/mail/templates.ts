import type { Language } from '@app/shared/i18n/language';
import { escapeHtml } from '../../lib/html.ts';
import type { Mail } from './mailer.ts';

/** The words every mail shares, in each language (decision 034: mail goes in its recipient's language). */
const FRAME = {
  en: { linkFallback: 'If the button does not work, open this link:', viewOrder: 'View the order' },
  ka: { linkFallback: 'თუ ღილაკი არ მუშაობს, გახსენით ეს ბმული:', viewOrder: 'შეკვეთის ნახვა' },
} satisfies Record<Language, Record<string, string>>;

/** "Hi Nino," as each language greets: the name stays in the nominative (docs/georgian-glossary.md). */
export const greeting = (language: Language, name: string) =>
  language === 'ka' ? `გამარჯობა, ${name}!` : `Hi ${name},`;

export function layout(
  language: Language,
  title: string,
  body: string,
  action?: { label: string; url: string },
  extraHtml = '',
) {
  return `<!doctype html><html lang="${language}"><body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,'Noto Sans Georgian',sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#fff;border:1px solid #e2e8f0;border-radius:14px"><tr><td style="padding:32px">
<p style="margin:0 0 24px;font-weight:700;color:#4f46e5;font-size:18px">Influence</p>
<h1 style="margin:0 0 12px;font-size:20px">${escapeHtml(title)}</h1>
<p style="margin:0 0 24px;line-height:1.6;color:#334155">${escapeHtml(body)}</p>
${extraHtml}${
  action
    ? `<a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#fff;text-decoration:none;padding:12px 20px;border-radius:10px;font-weight:600">${escapeHtml(action.label)}</a>
<p style="margin:24px 0 0;font-size:13px;color:#475569;line-height:1.5">${escapeHtml(FRAME[language].linkFallback)}<br><a href="${escapeHtml(action.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ''
}
</td></tr></table></td></tr></table></body></html>`;
}

export function verificationMail(to: string, name: string, url: string, ttlHours: number, language: Language): Mail {
  const w =
    language === 'ka'
      ? {
          subject: 'დაადასტურეთ თქვენი ელფოსტა',
          body: `${greeting(language, name)} დაადასტურეთ თქვენი ელფოსტის მისამართი, რომ დაასრულოთ Influence-ის ანგარიშის შექმნა. ბმული მოქმედებს ${ttlHours} საათის განმავლობაში.`,
          ignore: 'თუ ანგარიში თქვენ არ შეგიქმნიათ, ეს წერილი უბრალოდ უგულებელყავით.',
          button: 'ელფოსტის დადასტურება',
        }
      : {
          subject: 'Confirm your email address',
          body: `${greeting(language, name)} confirm your email address to finish setting up your Influence account. The link is valid for ${ttlHours} hours.`,
          ignore: 'If you did not create an account, you can ignore this email.',
          button: 'Confirm email',
        };
  return {
    to,
    subject: w.subject,
    text: `${w.body}\n\n${url}\n\n${w.ignore}`,
    html: layout(language, w.subject, w.body, { label: w.button, url }),
  };
}

export function changeEmailMail(to: string, name: string, url: string, ttlHours: number, language: Language): Mail {
  const w =
    language === 'ka'
      ? {
          subject: 'დაადასტურეთ ახალი ელფოსტა',
          body: `${greeting(language, name)} დაადასტურეთ, რომ Influence-ის ანგარიშისთვის გსურთ ამ მისამართის გამოყენება: ${to}. ბმული მოქმედებს ${ttlHours} საათის განმავლობაში. ელფოსტა შეიცვლება მხოლოდ მას შემდეგ, რაც ბმულს გახსნით.`,
          ignore: 'თუ ეს თქვენ არ მოგითხოვიათ, ეს წერილი უბრალოდ უგულებელყავით.',
          button: 'ახალი ელფოსტის დადასტურება',
        }
      : {
          subject: 'Confirm your new email address',
          body: `${greeting(language, name)} confirm that you want to use ${to} for your Influence account. The link is valid for ${ttlHours} hours. Your email changes only after you open it.`,
          ignore: 'If you did not ask for this, you can ignore this email.',
          button: 'Confirm new email',
        };
  return {
    to,
    subject: w.subject,
    text: `${w.body}\n\n${url}\n\n${w.ignore}`,
    html: layout(language, w.subject, w.body, { label: w.button, url }),
  };
}

/**
 * To the address being replaced (issue 27): someone asked to move the account to `newEmail`; the button cancels the
 * change while it waits for its link; once it happened, support is the way back.
 */
export function emailChangeNoticeMail(p: {
  to: string;
  name: string;
  newEmail: string;
  undoUrl: string;
  supportEmail: string;
  language: Language;
}): Mail {
  const w =
    p.language === 'ka'
      ? {
          subject: 'თქვენი ელფოსტის შეცვლა მოითხოვეს',
          body: `${greeting(p.language, p.name)} თქვენი Influence-ის ანგარიშის ელფოსტის შეცვლა მოითხოვეს ამ მისამართზე: ${p.newEmail}. ის შეიცვლება მხოლოდ მას შემდეგ, რაც ახალ მისამართზე გაგზავნილ ბმულს გახსნიან. თუ ეს თქვენ არ მოგითხოვიათ, გააუქმეთ ცვლილება და შეცვალეთ პაროლი.`,
          after: `თუ ელფოსტა უკვე შეიცვალა და ეს თქვენ არ გაგიკეთებიათ, მოგვწერეთ: ${p.supportEmail}.`,
          button: 'ცვლილების გაუქმება',
        }
      : {
          subject: 'A change of your email address was requested',
          body: `${greeting(p.language, p.name)} someone asked to change the email address of your Influence account to ${p.newEmail}. It changes only once the link sent there is opened. If this was not you, cancel the change and change your password.`,
          after: `If the address has already changed and it was not you, write to us at ${p.supportEmail}.`,
          button: 'Cancel the change',
        };
  return {
    to: p.to,
    subject: w.subject,
    text: `${w.body}\n\n${p.undoUrl}\n\n${w.after}`,
    html: layout(
      p.language,
      w.subject,
      w.body,
      { label: w.button, url: p.undoUrl },
      `<p style="margin:0 0 24px;line-height:1.6;color:#334155">${escapeHtml(w.after)}</p>`,
    ),
  };
}

export function signInLockedMail(to: string, failures: number, until: Date, language: Language): Mail {
  const minutes = Math.max(1, Math.round((until.getTime() - Date.now()) / 60_000));
  const w =
    language === 'ka'
      ? {
          subject: 'ანგარიშში შესვლა დროებით შეჩერებულია',
          body: `თქვენს Influence-ის ანგარიშზე ზედიზედ ${failures}-ჯერ შეიყვანეს არასწორი პაროლი, ამიტომ ანგარიშში შესვლა ${minutes} წუთით შეჩერებულია. თუ ეს თქვენ იყავით, დაელოდეთ და სცადეთ ხელახლა. თუ არა, პაროლმა თქვენი ანგარიში დაიცვა; გირჩევთ, შეცვალოთ ის უფრო გრძელით: პარამეტრები → უსაფრთხოება.`,
        }
      : {
          subject: 'Sign-in to your account is paused',
          body: `Someone entered a wrong password for your Influence account ${failures} times in a row, so signing in to it is paused for ${minutes} minutes. If it was you, wait and try again. If it was not, your password kept your account safe; consider changing it to a longer one in Settings → Security.`,
        };
  return { to, subject: w.subject, text: w.body, html: layout(language, w.subject, w.body) };
}

/** The client's receipt when the bank confirms the hold on their card (issue 9: a receipt mail when a hold is placed). */
export function holdPlacedMail(p: {
  to: string;
  name: string;
  campaignTitle: string;
  amount: string;
  card: string | null;
  url: string;
  language: Language;
}): Mail {
  const w =
    p.language === 'ka'
      ? {
          subject: `გადახდა ავტორიზებულია: ${p.amount}, „${p.campaignTitle}“`,
          title: 'გადახდა ავტორიზებულია',
          body: `${greeting(p.language, p.name)} თქვენს ბარათზე${p.card ? ` (${p.card})` : ''} დაიბლოკა ${p.amount} კამპანიისთვის „${p.campaignTitle}“. ჯერ არაფერი ჩამოგეჭრათ: თანხა ჩამოიჭრება მხოლოდ მაშინ, როცა მიწოდებულ სამუშაოს დაამტკიცებთ, და განიბლოკება, თუ შეკვეთა სამუშაოს დაწყებამდე გაუქმდება.`,
        }
      : {
          subject: `Payment authorised: ${p.amount} for "${p.campaignTitle}"`,
          title: 'Payment authorised',
          body: `${greeting(p.language, p.name)} ${p.amount} is now held on your ${p.card ?? 'card'} for "${p.campaignTitle}". Nothing is charged yet: the money is captured only when you approve the delivered work, and released if the order is cancelled before work starts.`,
        };
  return {
    to: p.to,
    subject: w.subject,
    text: `${w.body}\n\n${p.url}`,
    html: layout(p.language, w.title, w.body, { label: FRAME[p.language].viewOrder, url: p.url }),
  };
}

/**
 * The brand's receipt when the money is captured (issue 24 §3): an invoice-like mail to keep, with the amount, the
 * order, the date and the card's last four digits. Always sent: a receipt is not a notification one opts out of.
 */
export function captureReceiptMail(p: {
  to: string;
  name: string;
  campaignTitle: string;
  orderId: string;
  amount: string;
  /** The capture's date as people read it (Tbilisi). */
  date: string;
  card: string | null;
  url: string;
  language?: Language;
}): Mail {
  const language = p.language ?? 'en';
  const w =
    language === 'ka'
      ? {
          body: `${greeting(language, p.name)} თქვენი ${p.card ?? 'ბარათიდან'} ჩამოიჭრა ${p.amount} კამპანიისთვის „${p.campaignTitle}“: სამუშაო დამტკიცდა. შეინახეთ ეს წერილი ქვითრად.`,
          labels: ['კამპანია', 'შეკვეთა', 'თარიღი', 'ბარათი', 'ჩამოჭრილი თანხა'],
          card: 'ბარათი',
          subject: `ქვითარი: ${p.amount} — „${p.campaignTitle}“`,
          title: 'გადახდის ქვითარი',
          button: 'შეკვეთის ნახვა',
        }
      : {
          body: `Hi ${p.name}, ${p.amount} was charged to your ${p.card ?? 'card'} for "${p.campaignTitle}": the work was approved. Keep this mail as your receipt.`,
          labels: ['Campaign', 'Order', 'Date', 'Card', 'Amount charged'],
          card: 'Card',
          subject: `Receipt: ${p.amount} for "${p.campaignTitle}"`,
          title: 'Payment receipt',
          button: 'View the order',
        };
  const values = [p.campaignTitle, p.orderId, p.date, p.card ?? w.card, p.amount];
  const rows = w.labels.map((label, i): [string, string] => [label, values[i] ?? '']);
  const cell = 'padding:8px 0;border-top:1px solid #e2e8f0;font-size:14px';
  const table = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px">
${rows.map(([k, v]) => `<tr><td style="${cell};color:#475569">${escapeHtml(k)}</td><td style="${cell};text-align:right;word-break:break-all">${escapeHtml(v)}</td></tr>`).join('\n')}
</table>`;
  return {
    to: p.to,
    subject: w.subject,
    text: [w.body, '', ...rows.map(([k, v]) => `${k}: ${v}`), '', p.url].join('\n'),
    html: layout(language, w.title, w.body, { label: w.button, url: p.url }, table),
  };
}

/** The influencer's news that the client's money is held: work can start. */
export function paymentConfirmedMail(p: {
  to: string;
  name: string;
  clientName: string;
  campaignTitle: string;
  amount: string;
  url: string;
  language: Language;
}): Mail {
  const w =
    p.language === 'ka'
      ? {
          subject: `გადახდა დადასტურდა: „${p.campaignTitle}“. შეგიძლიათ დაიწყოთ`,
          title: 'გადახდა დადასტურდა',
          body: `${greeting(p.language, p.name)} დამკვეთის გადახდა დადასტურდა: ${p.amount} კამპანიისთვის „${p.campaignTitle}“ (დამკვეთი: ${p.clientName}). ბანკი თანხას დაბლოკილს ინახავს სამუშაოს დამტკიცებამდე, ასე რომ, სამუშაოს დაწყება უკვე შეგიძლიათ.`,
          button: 'სამუშაოს დაწყება',
        }
      : {
          subject: `Payment confirmed for "${p.campaignTitle}": you can start`,
          title: 'Payment confirmed',
          body: `${greeting(p.language, p.name)} ${p.clientName} has paid ${p.amount} for "${p.campaignTitle}". The bank holds the money until the work is approved, so you can start work now.`,
          button: 'Start work',
        };
  return {
    to: p.to,
    subject: w.subject,
    text: `${w.body}\n\n${p.url}`,
    html: layout(p.language, w.title, w.body, { label: w.button, url: p.url }),
  };
}

/** News about an order for one of its parties: what happened, and a link to the order. */
export function orderNewsMail(p: {
  to: string;
  subject: string;
  title: string;
  body: string;
  url: string;
  action?: string;
  language: Language;
}): Mail {
  return {
    to: p.to,
    subject: p.subject,
    text: `${p.body}\n\n${p.url}`,
    html: layout(p.language, p.title, p.body, { label: p.action ?? FRAME[p.language].viewOrder, url: p.url }),
  };
}

/**
 * News from the notification centre (issue 24 §3): what happened, a link to its screen, and a one-click unsubscribe
 * from this kind of mail (the footer's link and RFC 8058's List-Unsubscribe header name the same signed address).
 */
export function noticeMail(p: {
  to: string;
  subject: string;
  body: string;
  url: string;
  action?: string;
  unsubscribeUrl: string;
  language?: Language;
}): Mail {
  const language = p.language ?? 'en';
  const w =
    language === 'ka'
      ? {
          why: 'ამ წერილს იღებთ თქვენი შეტყობინებების პარამეტრების გამო.',
          unsubscribe: 'მსგავსი წერილების გამოწერის გაუქმება',
          open: 'გახსნა',
        }
      : {
          why: 'You get this mail because of your notification settings.',
          unsubscribe: 'Unsubscribe from mails like this',
          open: 'Open',
        };
  const footer = `<p style="margin:24px 0 0;font-size:12px;color:#475569">${escapeHtml(w.why)} <a href="${escapeHtml(p.unsubscribeUrl)}" style="color:#4f46e5">${escapeHtml(w.unsubscribe)}</a>.</p>`;
  return {
    to: p.to,
    subject: p.subject,
    text: `${p.body}\n\n${p.url}\n\n${w.unsubscribe}: ${p.unsubscribeUrl}`,
    html: layout(language, p.subject, p.body, { label: p.action ?? w.open, url: p.url }).replace(
      '</td></tr></table></td></tr></table>',
      `${footer}</td></tr></table></td></tr></table>`,
    ),
    listUnsubscribe: p.unsubscribeUrl,
  };
}

/**
 * The influencer's monthly statement (spec §1: "told by email notification"): each order with its gross, the
 * commission and the net, and where the money went.
 */
export function payoutStatementMail(p: {
  to: string;
  name: string;
  periodLabel: string;
  /** The IBAN as stored; the mail shows only its last four characters. */
  iban: string;
  lines: { title: string; gross: string; commission: string; net: string }[];
  total: { gross: string; commission: string; net: string };
  url: string;
  language?: Language;
}): Mail {
  const language = p.language ?? 'en';
  const last4 = p.iban.replace(/\s/g, '').slice(-4);
  const w =
    language === 'ka'
      ? {
          body: `${greeting(language, p.name)} ${p.periodLabel}-ის გადარიცხვა გზაშია: ${p.total.net} IBAN-ზე, რომელიც ${last4}-ით მთავრდება. საბანკო გადარიცხვა ჩვეულებრივ 24-48 საათში მოდის.`,
          gross: 'მთლიანი თანხა',
          commission: 'პლატფორმის საკომისიო',
          net: 'თქვენ გადაგერიცხათ',
          line: (l: (typeof p.lines)[number]) =>
            `- ${l.title}: ${l.net} (მთლიანი ${l.gross}, საკომისიო ${l.commission})`,
          summary: `მთლიანი ${p.total.gross}; პლატფორმის საკომისიო ${p.total.commission}; თქვენ გადაგერიცხათ ${p.total.net}.`,
          subject: `თქვენი გადარიცხვა — ${p.periodLabel}: ${p.total.net}`,
          title: `გადარიცხვის ამონაწერი: ${p.periodLabel}`,
          button: 'შემოსავლის ნახვა',
        }
      : {
          body: `Hi ${p.name}, your payout for ${p.periodLabel} is on its way: ${p.total.net} to the IBAN ending ${last4}. Bank transfers usually arrive within 24-48 hours.`,
          gross: 'Gross',
          commission: 'Platform commission',
          net: 'Paid to you',
          line: (l: (typeof p.lines)[number]) =>
            `- ${l.title}: ${l.net} (gross ${l.gross}, commission ${l.commission})`,
          summary: `Gross ${p.total.gross}; platform commission ${p.total.commission}; paid to you ${p.total.net}.`,
          subject: `Your payout for ${p.periodLabel}: ${p.total.net}`,
          title: `Payout statement: ${p.periodLabel}`,
          button: 'See your earnings',
        };
  const cell = 'padding:8px 0;border-top:1px solid #e2e8f0;font-size:14px';
  const rows = p.lines
    .map(
      (l) =>
        `<tr><td style="${cell}">${escapeHtml(l.title)}</td><td style="${cell};text-align:right;white-space:nowrap">${escapeHtml(l.net)}</td></tr>`,
    )
    .join('');
  const table = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px">
${rows}
<tr><td style="${cell};color:#475569">${w.gross}</td><td style="${cell};text-align:right">${escapeHtml(p.total.gross)}</td></tr>
<tr><td style="${cell};color:#475569">${w.commission}</td><td style="${cell};text-align:right">${escapeHtml(p.total.commission)}</td></tr>
<tr><td style="${cell};font-weight:700">${w.net}</td><td style="${cell};text-align:right;font-weight:700">${escapeHtml(p.total.net)}</td></tr>
</table>`;
  const text = [w.body, '', ...p.lines.map(w.line), '', w.summary, '', p.url].join('\n');
  return {
    to: p.to,
    subject: w.subject,
    text,
    html: layout(language, w.title, w.body, { label: w.button, url: p.url }, table),
  };
}

/** A connected account whose token the platform would not renew (issue 25 §1.2): only the influencer can reconnect it. */
export function socialReconnectMail(p: {
  to: string;
  name: string;
  platform: string;
  url: string;
  language: Language;
}): Mail {
  const w =
    p.language === 'ka'
      ? {
          subject: `გთხოვთ, ხელახლა დააკავშიროთ ${p.platform}-ის ანგარიში`,
          body: `${greeting(p.language, p.name)} ${p.platform} აღარ გვაძლევს თქვენი ანგარიშის წაკითხვის უფლებას, ამიტომ იქ მიმდევრების რაოდენობა აღარ განახლდება. გახსენით პარამეტრები → სოციალური ქსელები, დააჭირეთ „დაკავშირებას“, ხელახლა დააკავშირეთ ${p.platform}-ის ანგარიში და შემდეგ დააჭირეთ „დადასტურებას“; ამას ერთი წუთი სჭირდება.`,
          button: 'სოციალური ქსელების გახსნა',
        }
      : {
          subject: `Please reconnect your ${p.platform} account`,
          body: `${greeting(p.language, p.name)} ${p.platform} stopped letting us read your account, so your follower count there will no longer update. Open Settings → Social Media, press Fetch and connect your ${p.platform} account again, then Verify; it takes a minute.`,
          button: 'Open Social Media',
        };
  return {
    to: p.to,
    subject: w.subject,
    text: `${w.body}\n\n${p.url}`,
    html: layout(p.language, w.subject, w.body, { label: w.button, url: p.url }),
  };
}

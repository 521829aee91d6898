// The daily digest (issue 24 §2): the notifications a person has not read since the last one, in one mail, in their
// language (decision 034), with a one-click unsubscribe from the digest alone (RFC 8058).
import type { Language } from '@app/shared/i18n/language';
import { escapeHtml } from '../../lib/html.ts';
import type { Mail } from './mailer.ts';
import { greeting, layout } from './templates.ts';

/** How many lines a digest lists; the rest are counted ("and 3 more"). */
export const DIGEST_LINES = 10;

const WORDS = {
  en: {
    subject: (n: number) => (n === 1 ? 'You have 1 unread notification' : `You have ${n} unread notifications`),
    lead: 'here is what happened on Influence while you were away:',
    more: (n: number) => `and ${n} more`,
    button: 'Open your notifications',
    footer: 'You get this daily summary because you have unread notifications.',
    unsubscribe: 'Stop the daily summary',
  },
  ka: {
    subject: (n: number) => `გაქვთ ${n} წაუკითხავი შეტყობინება`,
    lead: 'აი, რა მოხდა Influence-ზე, სანამ არ იყავით:',
    more: (n: number) => `და კიდევ ${n}`,
    button: 'შეტყობინებების ნახვა',
    footer: 'ამ ყოველდღიურ შეჯამებას იღებთ, რადგან გაქვთ წაუკითხავი შეტყობინებები.',
    unsubscribe: 'ყოველდღიური შეჯამების გამორთვა',
  },
} satisfies Record<Language, unknown>;

export function digestMail(p: {
  to: string;
  name: string;
  language: Language;
  /** The newest first, at most DIGEST_LINES; `total` counts them all. */
  items: { subject: string; url: string }[];
  total: number;
  /** The notification list. */
  url: string;
  unsubscribeUrl: string;
}): Mail {
  const w = WORDS[p.language];
  const subject = w.subject(p.total);
  const body = `${greeting(p.language, p.name)} ${w.lead}`;
  const rest = p.total - p.items.length;
  const link = 'color:#4f46e5;text-decoration:none';
  const list = `<ul style="margin:0 0 24px;padding-left:20px;line-height:1.7;color:#334155">${p.items
    .map((i) => `<li><a href="${escapeHtml(i.url)}" style="${link}">${escapeHtml(i.subject)}</a></li>`)
    .join('')}${rest > 0 ? `<li>${escapeHtml(w.more(rest))}</li>` : ''}</ul>`;
  const footer = `<p style="margin:24px 0 0;font-size:12px;color:#475569">${escapeHtml(w.footer)} <a href="${escapeHtml(p.unsubscribeUrl)}" style="color:#4f46e5">${escapeHtml(w.unsubscribe)}</a>.</p>`;
  const lines = p.items.map((i) => `- ${i.subject}\n  ${i.url}`);
  if (rest > 0) lines.push(`- ${w.more(rest)}`);
  return {
    to: p.to,
    subject,
    text: `${body}\n\n${lines.join('\n')}\n\n${p.url}\n\n${w.unsubscribe}: ${p.unsubscribeUrl}`,
    html: layout(p.language, subject, body, { label: w.button, url: p.url }, list).replace(
      '</td></tr></table></td></tr></table>',
      `${footer}</td></tr></table></td></tr></table>`,
    ),
    listUnsubscribe: p.unsubscribeUrl,
  };
}

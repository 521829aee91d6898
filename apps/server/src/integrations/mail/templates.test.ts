// Issue 26: the payout statement and the capture receipt are written in their recipient's language; English keeps
// its words, and the statement shows only the IBAN's last four characters in either.
import { describe, expect, it } from 'vitest';
import { captureReceiptMail, payoutStatementMail, socialReconnectMail } from './templates.ts';

const statement = (language: 'en' | 'ka') =>
  payoutStatementMail({
    to: 'nino@example.com',
    name: 'ნინო',
    periodLabel: language === 'ka' ? 'ნოემბერი, 2026' : 'November 2026',
    iban: '•••• 3456',
    lines: [{ title: 'ზამთრის კოლექცია', gross: '100,00 ₾', commission: '10,00 ₾', net: '90,00 ₾' }],
    total: { gross: '100,00 ₾', commission: '10,00 ₾', net: '90,00 ₾' },
    url: 'https://influence.ge/settings?section=payment',
    language,
  });

describe('the payout statement', () => {
  it('is Georgian for a Georgian reader, with the IBAN masked to its last four', () => {
    const mail = statement('ka');
    expect(mail.subject).toBe('თქვენი გადარიცხვა — ნოემბერი, 2026: 90,00 ₾');
    expect(mail.text).toContain('IBAN-ზე, რომელიც 3456-ით მთავრდება');
    expect(mail.text).toContain('პლატფორმის საკომისიო 10,00 ₾');
    expect(mail.html).toContain('<html lang="ka">');
    expect(mail.html).toContain('თქვენ გადაგერიცხათ');
    expect(mail.html).not.toMatch(/Gross|Paid to you|Hi /);
  });

  it('keeps its English words for an English reader', () => {
    const mail = statement('en');
    expect(mail.subject).toBe('Your payout for November 2026: 90,00 ₾');
    expect(mail.text).toContain('to the IBAN ending 3456.');
    expect(mail.html).toContain('Paid to you');
  });
});

describe('the capture receipt', () => {
  const receipt = (language: 'en' | 'ka') =>
    captureReceiptMail({
      to: 'brand@example.com',
      name: 'Giorgi',
      campaignTitle: 'Winter',
      orderId: 'ord-1',
      amount: language === 'ka' ? '250,00 ₾' : '250.00 GEL',
      date: '2026-11-27',
      card: null,
      url: 'https://influence.ge/campaigns/1',
      language,
    });

  it('is Georgian for a Georgian reader', () => {
    const mail = receipt('ka');
    expect(mail.subject).toBe('ქვითარი: 250,00 ₾ — „Winter“');
    expect(mail.text).toContain('ჩამოჭრილი თანხა: 250,00 ₾');
    expect(mail.html).toContain('<html lang="ka">');
  });

  it('keeps its English words for an English reader', () => {
    const mail = receipt('en');
    expect(mail.subject).toBe('Receipt: 250.00 GEL for "Winter"');
    expect(mail.text).toContain('Amount charged: 250.00 GEL');
  });
});

describe('the one-time sign-in link', () => {
  it('is written in the account’s language', async () => {
    const { signInLinkMail } = await import('../../features/auth/sign-in-link.ts');
    const ka = signInLinkMail('a@example.com', 'https://influence.ge/x', 15, 'ka');
    expect(ka.subject).toBe('თქვენი შესვლის ბმული');
    expect(ka.text).toContain('15 წუთის განმავლობაში');
    expect(ka.text).toContain('https://influence.ge/x');
    expect(signInLinkMail('a@example.com', 'https://influence.ge/x', 15).subject).toBe('Your sign-in link');
  });
});

describe('the reconnect mail', () => {
  const mail = (language: 'en' | 'ka') =>
    socialReconnectMail({
      to: 'nino@example.com',
      name: 'Nino',
      platform: 'Instagram',
      url: 'https://influence.ge/settings?section=socials',
      language,
    });

  it('asks a Georgian reader in Georgian, naming the buttons as the screen does', () => {
    const ka = mail('ka');
    expect(ka.subject).toBe('გთხოვთ, ხელახლა დააკავშიროთ Instagram-ის ანგარიში');
    expect(ka.text).toContain('„დაკავშირებას“');
    expect(ka.html).toContain('<html lang="ka">');
    expect(ka.html).not.toMatch(/Hi |Open Social Media/);
  });

  it('keeps its English words for an English reader', () => {
    expect(mail('en').subject).toBe('Please reconnect your Instagram account');
    expect(mail('en').text).toContain('press Fetch and connect your Instagram account again');
  });
});

// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { MemoryRouter, Route, Routes } from '@/lib/router';
import { LegalText } from './legal-page';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

const TERMS_HEADINGS = [
  'Definitions',
  'Contact Us',
  'Eligibility',
  'Account Responsibilities',
  'Platform Usage',
  'Payment and Refund Policy',
  'Content Licence',
  'Taxes',
  'Content Removal',
  'Termination',
  'Dispute Resolution',
  'Limitation of Liability',
  'Changes to These Terms',
  'Governing Law',
];

const PRIVACY_HEADINGS = [
  'Information We Collect',
  'How We Use Information',
  'Legal Basis for Processing',
  'Third Parties',
  'International Data Transfers',
  'Data Retention',
  'Security',
  'Your Rights',
  'Children',
  'Updates to This Policy',
  'Contact',
];

function renderAt(entries: string[], page: ReactElement, path: string) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path={paths.root.path} element={<p>Home screen</p>} />
        <Route path={paths.auth.path} element={<p>Auth screen</p>} />
        <Route path={path} element={page} />
      </Routes>
    </MemoryRouter>,
  );
}

const renderTerms = (entries = [paths.terms.href()]) => renderAt(entries, <TermsPage />, paths.terms.path);
const renderPrivacy = (entries = [paths.privacy.href()]) => renderAt(entries, <PrivacyPage />, paths.privacy.path);

/** The numbered section headings (h2 "N. Title"), in document order. */
function sectionHeadings() {
  return within(screen.getByRole('main'))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent ?? '')
    .filter((text) => /^\d+\./.test(text));
}

function sectionByTitle(title: string) {
  const heading = screen.getByRole('heading', { level: 2, name: new RegExp(`^\\d+\\. ${title}$`) });
  const section = heading.closest('section');
  if (!section) throw new Error(`No section around "${title}"`);
  return section;
}

describe('TermsPage', () => {
  it('renders one main landmark, one h1 and the last-updated line', async () => {
    renderTerms();
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(/^Last updated:? July 23, 2025$/)).toBeInTheDocument();
    expect(document.title).toBe('Terms of Service · Influence');
  });

  it('renders the 14 sections of the spec, numbered and in order', async () => {
    renderTerms();
    await screen.findByRole('heading', { level: 1 });
    expect(sectionHeadings()).toEqual(TERMS_HEADINGS.map((title, i) => `${i + 1}. ${title}`));
    expect(document.querySelectorAll('main section')).toHaveLength(14);
  });

  it('links every table-of-contents entry to its section anchor', async () => {
    renderTerms();
    const toc = await screen.findByRole('navigation', { name: 'Contents' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(TERMS_HEADINGS.map((title, i) => `${i + 1}.${title}`));
    for (const link of links) {
      const id = link.getAttribute('href')?.replace(/^#/, '') ?? '';
      expect(document.getElementById(id)?.tagName).toBe('SECTION');
    }
  });

  it('states the payment, payout and dispute rules of the spec', async () => {
    renderTerms();
    await screen.findByRole('heading', { level: 1 });
    const payment = sectionByTitle('Payment and Refund Policy');
    expect(payment).toHaveTextContent(/pre-authorised/);
    expect(payment).toHaveTextContent(/captured \(charged\) when you approve the delivered work/);
    expect(payment).toHaveTextContent(/Refunds are granted at the Platform’s discretion/);
    expect(payment).toHaveTextContent(/Payouts are made monthly, by bank transfer, to the IBAN/);
    expect(payment).toHaveTextContent(/24–48 hours/);
    expect(payment).toHaveTextContent(/Georgian lari \(GEL\)/);
    expect(payment).toHaveTextContent(/Bank of Georgia/);
    expect(payment).toHaveTextContent(/withhold, delay or reverse a payment to an Influencer/);
    expect(sectionByTitle('Eligibility')).toHaveTextContent(/at least eighteen \(18\) years old/);
    expect(sectionByTitle('Taxes')).toHaveTextContent(/does not collect, charge or remit value added tax \(VAT\)/);
    expect(sectionByTitle('Dispute Resolution')).toHaveTextContent(/arbitration seated in Tbilisi, Georgia/);
    expect(sectionByTitle('Dispute Resolution')).toHaveTextContent(/courts of Georgia/);
    expect(sectionByTitle('Governing Law')).toHaveTextContent(/laws of Georgia/);
    const termination = sectionByTitle('Termination');
    for (const ground of ['Fraud', 'Abuse', 'Inactivity', 'Violation']) expect(termination).toHaveTextContent(ground);
    expect(termination).toHaveTextContent(/withhold any balance/);
  });

  it('turns the support address into a mailto link', async () => {
    renderTerms();
    await screen.findByRole('heading', { level: 1 });
    const contact = sectionByTitle('Contact Us');
    const mails = within(contact).getAllByRole('link', { name: 'support@influence.ge' });
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(mail).toHaveAttribute('href', 'mailto:support@influence.ge');
  });

  it('goes back in history when there is a previous entry', async () => {
    renderTerms([paths.auth.href(), paths.terms.href()]);
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Auth screen')).toBeInTheDocument();
  });

  it("falls back to '/' when the page was opened directly", async () => {
    renderTerms();
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
  });
});

describe('PrivacyPage', () => {
  it('renders its title, effective date and sections', async () => {
    renderPrivacy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByText('Effective date: July 23, 2025')).toBeInTheDocument();
    expect(sectionHeadings()).toEqual(PRIVACY_HEADINGS.map((title, i) => `${i + 1}. ${title}`));
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('excludes children under 18', async () => {
    renderPrivacy();
    await screen.findByRole('heading', { level: 1 });
    const children = sectionByTitle('Children');
    expect(children).toHaveTextContent(/at least 18 years old/);
    expect(children).toHaveTextContent(/not directed at children under 18/);
  });

  it('lists the collected data, the third parties and no precise location', async () => {
    renderPrivacy();
    await screen.findByRole('heading', { level: 1 });
    const collected = sectionByTitle('Information We Collect');
    for (const item of [
      'name',
      'email address',
      'mobile phone number',
      'Uploaded content',
      'Device data',
      'Usage data',
    ]) {
      expect(collected).toHaveTextContent(item);
    }
    expect(collected).toHaveTextContent(/do not collect your precise location/);
    const thirdParties = sectionByTitle('Third Parties');
    for (const item of ['Analytics and crash reporting', 'Social login', 'Bank of Georgia', 'Social media platforms']) {
      expect(thirdParties).toHaveTextContent(item);
    }
  });

  it('links to the Terms of Service', async () => {
    renderPrivacy();
    const link = await screen.findByRole('link', { name: 'Read our Terms of Service' });
    expect(link).toHaveAttribute('href', paths.terms.href());
  });
});

describe('LegalText', () => {
  it('renders bold runs, e-mail addresses and URLs as markup', () => {
    const { container } = render(
      <p>
        <LegalText text="**Client** means a buyer; write to support@influence.ge or see https://pdps.ge." />
      </p>,
    );
    expect(container.querySelector('strong')).toHaveTextContent('Client');
    expect(screen.getByRole('link', { name: 'support@influence.ge' })).toHaveAttribute(
      'href',
      'mailto:support@influence.ge',
    );
    expect(screen.getByRole('link', { name: 'https://pdps.ge' })).toHaveAttribute('href', 'https://pdps.ge');
    expect(container.textContent).toBe('Client means a buyer; write to support@influence.ge or see https://pdps.ge.');
  });
});

import i18n from '@/lib/i18n';
import legal from '@/locales/en/legal.json';
import { LegalPage } from './legal-page';

// The legal texts are large, so they ship with this lazy route instead of the main catalogue.
i18n.addResourceBundle('en', 'legal', legal, true, true);

/** Public page at /terms-of-service (spec §2): 14 numbered sections, last updated July 23, 2025. */
export function TermsPage() {
  return <LegalPage document="terms" />;
}

export default TermsPage;

import { LegalPage } from './legal-page';

/** Public page at /terms-of-service (spec §2): 14 numbered sections, last updated July 23, 2025. */
export function TermsPage() {
  return <LegalPage document="terms" />;
}

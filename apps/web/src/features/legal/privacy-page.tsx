import { LegalPage } from './legal-page';

/** Public page at /privacy-policy (spec §2): effective July 23, 2025. */
export function PrivacyPage() {
  return <LegalPage document="privacy" />;
}

import type { Me } from '@app/shared/auth/auth.schemas';
import { ArrowLeft } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/use-translation';
import { LanguagesSection } from './languages-section';
import {
  AdminSupportSection,
  ComingSoonSection,
  HelpSection,
  PaymentSection,
  SocialsSection,
} from './placeholder-sections';
import { SettingsMenu } from './settings-menu';
import type { SectionKey } from './settings-sections';
import { useSettingsSection } from './use-settings-section';

// The sections with forms load when opened (issue 28 §2): /settings first shows the menu, which needs none of
// react-hook-form, the avatar's upload or the deactivation form. A section the server drew (`?section=`) keeps its
// markup until its code has arrived, then is taken over; the rest of the page is live meanwhile.
const ProfileSection = lazy(() => import('./profile-section').then((m) => ({ default: m.ProfileSection })));
const SecuritySection = lazy(() => import('./security-section').then((m) => ({ default: m.SecuritySection })));
const AccountSection = lazy(() => import('./account-section').then((m) => ({ default: m.AccountSection })));

type SettingsScreenProps = {
  user: Me;
  onLogout: () => void;
  loggingOut: boolean;
  /** Sections other features own (Payment Methods…), composed by the route; a missing one shows its placeholder. */
  slots?: Partial<Record<SectionKey, ReactNode>>;
};

/**
 * Settings is one route (spec §2); each opened section is a history entry (`?section=`), so Back, the back arrow
 * and a reload behave as on separate pages (see `useSettingsSection`).
 */
export function SettingsScreen({ user, onLogout, loggingOut, slots = {} }: SettingsScreenProps) {
  const { t } = useTranslation();
  const { section: visible, open: setSection, back } = useSettingsSection(user.role);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Moving between sections is a page change for screen-reader and keyboard users: focus the new heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the section changes
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
    window.scrollTo({ top: 0 });
  }, [visible]);

  return (
    <div className="mx-auto max-w-2xl">
      <header className="mb-6 flex items-center gap-3 sm:mb-8">
        {visible !== 'menu' && (
          <Button variant="ghost" size="icon" onClick={back} aria-label={t('settings.back')} className="-ml-2">
            <ArrowLeft className="size-5" aria-hidden="true" />
          </Button>
        )}
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none sm:text-3xl">
            {visible === 'menu' ? t('settings.title') : t(`settings.sections.${visible}`)}
          </h1>
          {visible === 'menu' && <p className="mt-1.5 text-sm text-muted-foreground">{t('settings.subtitle')}</p>}
        </div>
      </header>

      {visible === 'menu' && (
        <SettingsMenu role={user.role} onOpen={setSection} onLogout={onLogout} loggingOut={loggingOut} />
      )}
      <Suspense fallback={<SectionLoading />}>
        {visible === 'profile' && <ProfileSection user={user} />}
        {visible === 'socials' && (slots.socials ?? <SocialsSection />)}
        {visible === 'security' && <SecuritySection />}
        {visible === 'payment' && (slots.payment ?? <PaymentSection role={user.role} />)}
        {visible === 'help' && <HelpSection onOpenAdminSupport={() => setSection('admin-support')} />}
        {visible === 'admin-support' && <AdminSupportSection />}
        {(visible === 'faq' || visible === 'privacy') && <ComingSoonSection />}
        {visible === 'languages' && <LanguagesSection />}
        {visible === 'notifications' && slots.notifications}
        {visible === 'account' && <AccountSection />}
      </Suspense>
    </div>
  );
}

/** While an opened section's code arrives (a moment; never for a section the server drew). */
function SectionLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="grid gap-4">
      <Skeleton className="h-40 w-full rounded-xl" />
      <Skeleton className="h-24 w-full rounded-xl" />
    </div>
  );
}

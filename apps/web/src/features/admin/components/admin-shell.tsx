import { Banknote, Gavel, Landmark, LifeBuoy, type LucideIcon, Package, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { Link, NavLink } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';

type Section = {
  key: 'people' | 'orders' | 'disputes' | 'money' | 'payouts' | 'support';
  to: string;
  icon: LucideIcon;
};

/** The console's sections (issue 23 §3): its own screens, and the payouts and support screens that already exist. */
export const ADMIN_SECTIONS: Section[] = [
  { key: 'people', to: paths.adminPeople.href(), icon: Users },
  { key: 'orders', to: paths.adminOrders.href(), icon: Package },
  { key: 'disputes', to: paths.adminDisputes.href(), icon: Gavel },
  { key: 'money', to: paths.adminMoney.href(), icon: Landmark },
  { key: 'payouts', to: paths.adminPayouts.href(), icon: Banknote },
  { key: 'support', to: paths.adminSupport.href(), icon: LifeBuoy },
];

/**
 * The console's frame: its sections as a row of links (scrolls sideways on a phone), then the screen. A `<nav>` of
 * its own, named, beside the app's main navigation.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6">
      <nav aria-label={t('admin.nav.label')} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul className="flex w-max gap-1 rounded-lg bg-muted p-1 sm:w-auto sm:flex-wrap">
          <li>
            <NavLink to={paths.admin.href()} end className={({ isActive }) => tabClass(isActive)}>
              {t('admin.nav.overview')}
            </NavLink>
          </li>
          {ADMIN_SECTIONS.map((s) => (
            <li key={s.key}>
              <NavLink to={s.to} className={({ isActive }) => tabClass(isActive)}>
                <s.icon className="size-4" aria-hidden="true" />
                {t(`admin.nav.${s.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

const tabClass = (active: boolean) =>
  cn(
    'inline-flex h-10 items-center gap-2 whitespace-nowrap rounded-md px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    active ? 'bg-card text-foreground shadow-card' : 'text-muted-foreground hover:text-foreground',
  );

/** /admin: where each section leads, one card each. */
export function AdminOverview() {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('admin.nav.label')}>
      {ADMIN_SECTIONS.map((s) => (
        <li key={s.key}>
          <Link
            to={s.to}
            className="flex h-full items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-card transition-colors hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
              <s.icon className="size-5" aria-hidden="true" />
            </span>
            <span className="grid gap-0.5">
              <span className="font-semibold">{t(`admin.nav.${s.key}`)}</span>
              <span className="text-sm text-muted-foreground">{t(`admin.overview.${s.key}`)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A label and its value in a detail list. */
export function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

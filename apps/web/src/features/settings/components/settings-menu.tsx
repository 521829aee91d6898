import type { Role } from '@app/shared/constants';
import {
  Bell,
  ChevronRight,
  CircleHelp,
  CreditCard,
  Languages,
  LifeBuoy,
  Lock,
  LogOut,
  type LucideIcon,
  Share2,
  ShieldCheck,
  UserCog,
  UserRound,
} from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/use-translation';
import { canOpen, type SectionKey } from './settings-sections';

type Entry = { key: SectionKey; icon: LucideIcon };

const GROUPS: { key: string; entries: Entry[] }[] = [
  {
    key: 'account',
    entries: [
      { key: 'profile', icon: UserRound },
      { key: 'socials', icon: Share2 },
      { key: 'security', icon: Lock },
      { key: 'payment', icon: CreditCard },
    ],
  },
  {
    key: 'support',
    entries: [
      { key: 'help', icon: LifeBuoy },
      { key: 'faq', icon: CircleHelp },
    ],
  },
  {
    key: 'preferences',
    entries: [
      { key: 'notifications', icon: Bell },
      { key: 'privacy', icon: ShieldCheck },
      { key: 'languages', icon: Languages },
    ],
  },
];

type SettingsMenuProps = {
  role: Role | null;
  onOpen: (section: SectionKey) => void;
  onLogout: () => void;
  loggingOut: boolean;
};

export function SettingsMenu({ role, onOpen, onLogout, loggingOut }: SettingsMenuProps) {
  const { t } = useTranslation();

  return (
    <div className="grid gap-6">
      {GROUPS.map((group) => (
        <section key={group.key} aria-labelledby={`settings-group-${group.key}`}>
          <h2
            id={`settings-group-${group.key}`}
            className="mb-2 px-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
          >
            {t(`settings.groups.${group.key}`)}
          </h2>
          <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card shadow-card">
            {group.entries
              .filter((entry) => canOpen(entry.key, role))
              .map(({ key, icon }) => (
                <li key={key}>
                  <MenuButton icon={icon} label={t(`settings.sections.${key}`)} onClick={() => onOpen(key)} />
                </li>
              ))}
          </ul>
        </section>
      ))}
      <ul className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card shadow-card">
        <li>
          <MenuButton icon={UserCog} label={t('settings.sections.account')} onClick={() => onOpen('account')} />
        </li>
        <li>
          <MenuButton
            icon={LogOut}
            label={t('settings.sections.logout')}
            onClick={onLogout}
            busy={loggingOut}
            destructive
          />
        </li>
      </ul>
    </div>
  );
}

type MenuButtonProps = { icon: LucideIcon; label: string; onClick: () => void; busy?: boolean; destructive?: boolean };

function MenuButton({ icon: Icon, label, onClick, busy = false, destructive = false }: MenuButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
      className={cn(
        'flex w-full items-center gap-4 px-4 py-3.5 text-left transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring disabled:opacity-60',
        destructive ? 'text-destructive-hover' : 'text-foreground',
      )}
    >
      <span
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-lg',
          destructive ? 'bg-destructive-soft' : 'bg-primary-soft text-primary',
        )}
      >
        {busy ? <Spinner className="size-4" /> : <Icon className="size-[18px]" aria-hidden="true" />}
      </span>
      <span className="flex-1 text-sm font-medium">{label}</span>
      {!destructive && <ChevronRight className="size-4 text-muted-foreground" aria-hidden="true" />}
    </button>
  );
}

import type { Role } from '@app/shared/constants';
import { Bell, House, type LucideIcon, Megaphone, MessageCircle, Package, Settings, ShieldCheck } from 'lucide-react';
import { paths } from '@/config/paths';

export type NavItem = {
  key: 'home' | 'campaigns' | 'orders' | 'chat' | 'notifications' | 'settings' | 'admin';
  to: string;
  icon: LucideIcon;
};

const home: NavItem = { key: 'home', to: paths.home.href(), icon: House };
const campaigns: NavItem = { key: 'campaigns', to: paths.campaigns.href(), icon: Megaphone };
const orders: NavItem = { key: 'orders', to: paths.orders.href(), icon: Package };
const chat: NavItem = { key: 'chat', to: paths.chat.href(), icon: MessageCircle };
/** Issue 24 §2: the bell, with the unread count, in the tab bar and the sidebar. */
const notifications: NavItem = { key: 'notifications', to: paths.notifications.href(), icon: Bell };
const settings: NavItem = { key: 'settings', to: paths.settings.href(), icon: Settings };
/** An admin's Chat tab is the support inbox (the badge counts unread support messages). */
const support: NavItem = { key: 'chat', to: paths.adminSupport.href(), icon: MessageCircle };
/** The admin console (issue 23 §3): people, orders, disputes, money, payouts and support in one place. */
const adminConsole: NavItem = { key: 'admin', to: paths.admin.href(), icon: ShieldCheck };

/** Spec §2 Navigation: the tabs each role gets (admins: the client's, and the console). */
export function navItemsFor(role: Role | null): NavItem[] {
  switch (role) {
    case 'influencer':
      return [campaigns, orders, chat, notifications, settings];
    case 'client':
      return [home, campaigns, chat, notifications, settings];
    case 'admin':
      return [home, campaigns, adminConsole, support, settings];
    default:
      return [campaigns, chat, settings];
  }
}

/**
 * Whether the tab leading to `to` is the current one at `pathname`: its address or one under it, except that the
 * console's tab (/admin) leaves the support inbox (/admin/support) to the Chat tab.
 */
export function isCurrentTab(to: string, pathname: string): boolean {
  const under = pathname === to || pathname.startsWith(`${to}/`);
  if (to === paths.admin.href()) return under && !isCurrentTab(paths.adminSupport.href(), pathname);
  return under;
}

import type { Role } from '@app/shared/constants';
import { Banknote, Bell, House, type LucideIcon, Megaphone, MessageCircle, Package, Settings } from 'lucide-react';
import { paths } from '@/config/paths';

export type NavItem = {
  key: 'home' | 'campaigns' | 'orders' | 'chat' | 'notifications' | 'settings' | 'payouts';
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
const payouts: NavItem = { key: 'payouts', to: paths.adminPayouts.href(), icon: Banknote };

/** Spec §2 Navigation: the tabs each role gets (admins: the client's, and Payouts). */
export function navItemsFor(role: Role | null): NavItem[] {
  switch (role) {
    case 'influencer':
      return [campaigns, orders, chat, notifications, settings];
    case 'client':
      return [home, campaigns, chat, notifications, settings];
    case 'admin':
      return [home, campaigns, payouts, support, settings];
    default:
      return [campaigns, chat, settings];
  }
}

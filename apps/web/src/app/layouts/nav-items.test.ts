import { describe, expect, it } from 'vitest';
import { isCurrentTab, navItemsFor } from './nav-items';

describe('the admin tabs', () => {
  it('gives admins the console instead of a Payouts tab', () => {
    expect(navItemsFor('admin').map((i) => i.key)).toEqual(['home', 'campaigns', 'admin', 'chat', 'settings']);
  });

  it('marks one tab at a time: the console under /admin, the Chat tab on the support inbox', () => {
    const current = (pathname: string) => navItemsFor('admin').filter((i) => isCurrentTab(i.to, pathname));
    expect(current('/admin').map((i) => i.key)).toEqual(['admin']);
    expect(current('/admin/people/abc').map((i) => i.key)).toEqual(['admin']);
    expect(current('/admin/payouts').map((i) => i.key)).toEqual(['admin']);
    expect(current('/admin/support').map((i) => i.key)).toEqual(['chat']);
    expect(current('/administrators').map((i) => i.key)).toEqual([]);
  });
});

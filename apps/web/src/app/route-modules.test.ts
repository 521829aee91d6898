import { describe, expect, it } from 'vitest';
import { routeModulesFor } from './route-modules';

describe('routeModulesFor', () => {
  it('names the modules the router renders for an address, in order', () => {
    expect(routeModulesFor('/auth')).toEqual(['auth']);
    expect(routeModulesFor('/')).toEqual(['guards', 'root']);
    expect(routeModulesFor('/campaigns')).toEqual(['guards', 'appLayout', 'campaigns']);
    expect(routeModulesFor('/campaigns/7f1c')).toEqual(['guards', 'appLayout', 'campaign']);
    expect(routeModulesFor('/campaigns/7f1c/')).toEqual(['guards', 'appLayout', 'campaign']);
    expect(routeModulesFor('/influencer-wizard-2')).toEqual(['guards', 'wizard']);
    expect(routeModulesFor('/admin/payouts/42')).toEqual(['guards', 'appLayout', 'adminPayouts']);
  });

  it('names the not-found page for an address the router does not know (the server drew it; hydration needs it)', () => {
    expect(routeModulesFor('/nowhere')).toEqual(['notFound']);
    expect(routeModulesFor('/campaigns/1/2')).toEqual(['notFound']);
  });
});

// Web Push's endpoints (issue 24 §4): the server's public VAPID key, and a device's subscription, added or removed by
// the signed-in person (only their own).
import { defineRoute } from '../common/route.ts';
import { pushKey, pushSubscribed, pushSubscriptionInput, pushUnsubscribeInput } from './push.schemas.ts';

export const pushRoutes = {
  key: defineRoute({
    method: 'GET',
    path: '/api/push/key',
    response: { 200: pushKey },
    tags: ['notifications'],
    summary: 'The VAPID public key a browser subscribes with',
  }),
  subscribe: defineRoute({
    method: 'PUT',
    path: '/api/push/subscription',
    body: pushSubscriptionInput,
    response: { 200: pushSubscribed },
    tags: ['notifications'],
    summary: 'Keeps this device’s push subscription for the caller (a browser that subscribes again replaces it)',
  }),
  unsubscribe: defineRoute({
    method: 'POST',
    path: '/api/push/subscription/remove',
    body: pushUnsubscribeInput,
    response: { 200: pushSubscribed },
    tags: ['notifications'],
    summary: 'Stops push to this device; only the caller’s own subscription',
  }),
};

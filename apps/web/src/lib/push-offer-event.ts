// The moments the app offers push (decision 040): after the person's first message or first order step, never on
// a first load. Kept apart from lib/push.ts so the chat and order chunks carry one line, not the push code.
export const OFFER_PUSH = 'influence:offer-push';
export const offerPush = () => {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(OFFER_PUSH));
};

import { createSign } from 'node:crypto';

/** Sends one callback; resolves with the merchant's HTTP status, rejects when no answer came. */
export type CallbackDeliver = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number }>;

export type CallbackAttempt = { at: number; status: number | null; error?: string; simulated?: boolean };

export type CallbackDelivery = {
  id: number;
  orderId: string;
  /** order_status.key the callback reports. */
  orderStatus: string;
  url: string;
  body: string;
  signature: string;
  /** 2 for the second copy of a duplicated callback. */
  copy: 1 | 2;
  attempts: CallbackAttempt[];
  outcome: 'pending' | 'held' | 'delivered' | 'failed' | 'dropped';
};

export type CallbackSwitches = {
  /** Wait this long before the first attempt. */
  delayMs: number;
  /** The next N attempts are treated as answered with `failStatus` (the merchant's 5xx), and retried. */
  failNext: number;
  failStatus: number;
  /** The next N callbacks are never sent. */
  dropNext: number;
  /** The next N callbacks are sent twice (byte-identical). */
  duplicateNext: number;
  /** The next N callbacks are held back and sent after the callback that follows them (earlier state last). */
  reorderNext: number;
};

export const defaultSwitches = (): CallbackSwitches => ({
  delayMs: 0,
  failNext: 0,
  failStatus: 503,
  dropNext: 0,
  duplicateNext: 0,
  reorderNext: 0,
});

export const fetchDeliver: CallbackDeliver = async (url, body, headers) => {
  const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
  await res.arrayBuffer().catch(() => undefined);
  return { status: res.status };
};

/** base64 SHA256withRSA over the exact bytes sent, as the bank's `Callback-Signature`. */
export const signBody = (body: string, privateKeyPem: string) =>
  createSign('RSA-SHA256').update(body, 'utf8').sign(privateKeyPem, 'base64');

/**
 * Delivers signed callbacks with retries (the bank's own schedule is undocumented; see the README), and the fault
 * switches tests and demo users flip: delay, simulated 5xx answers, drops, duplicates, out-of-order delivery.
 */
export function createCallbackDispatcher(deps: {
  deliver: CallbackDeliver;
  privateKeyPem: () => string;
  now: () => number;
  /** Waits before attempts 2, 3, …; its length + 1 is the number of attempts. */
  retryDelaysMs: number[];
}) {
  let switches = defaultSwitches();
  let deliveries: CallbackDelivery[] = [];
  let held: CallbackDelivery[] = [];
  let nextId = 1;
  let inFlight = 0;
  /** Bumped by reset: an attempt still awaiting its answer then leaves the counters alone. */
  let generation = 0;
  let waiters: (() => void)[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const settle = () => {
    inFlight--;
    if (inFlight === 0) {
      const ready = waiters;
      waiters = [];
      for (const resolve of ready) resolve();
    }
  };

  function schedule(d: CallbackDelivery, delayMs: number) {
    d.outcome = 'pending';
    inFlight++;
    later(delayMs, () => void attempt(d));
  }

  async function attempt(d: CallbackDelivery) {
    const gen = generation;
    let ok = false;
    if (switches.failNext > 0) {
      switches.failNext--;
      d.attempts.push({ at: deps.now(), status: switches.failStatus, simulated: true });
    } else {
      try {
        const headers = { 'Content-Type': 'application/json', 'Callback-Signature': d.signature };
        const res = await deps.deliver(d.url, d.body, headers);
        d.attempts.push({ at: deps.now(), status: res.status });
        ok = res.status >= 200 && res.status < 300;
      } catch (error) {
        d.attempts.push({ at: deps.now(), status: null, error: (error as Error).message });
      }
    }
    if (gen !== generation) return;
    if (ok) {
      d.outcome = 'delivered';
      // An out-of-order callback follows the one sent after it.
      const release = held;
      held = [];
      for (const h of release) schedule(h, 0);
    } else if (d.attempts.length <= deps.retryDelaysMs.length) {
      later(deps.retryDelaysMs[d.attempts.length - 1]!, () => void attempt(d));
      return;
    } else {
      d.outcome = 'failed';
    }
    settle();
  }

  return {
    enqueue(url: string, body: string, meta: { orderId: string; orderStatus: string }) {
      const signature = signBody(body, deps.privateKeyPem());
      const make = (copy: 1 | 2): CallbackDelivery => {
        const d: CallbackDelivery = {
          id: nextId++,
          ...meta,
          url,
          body,
          signature,
          copy,
          attempts: [],
          outcome: 'pending',
        };
        deliveries.push(d);
        return d;
      };
      const first = make(1);
      if (switches.dropNext > 0) {
        switches.dropNext--;
        first.outcome = 'dropped';
        return;
      }
      const copies = [first];
      if (switches.duplicateNext > 0) {
        switches.duplicateNext--;
        copies.push(make(2));
      }
      if (switches.reorderNext > 0) {
        switches.reorderNext--;
        first.outcome = 'held';
        held.push(first);
        copies.shift();
      }
      for (const d of copies) schedule(d, switches.delayMs);
    },
    set(next: Partial<CallbackSwitches>) {
      switches = { ...switches, ...next };
      return { ...switches };
    },
    switches: () => ({ ...switches }),
    deliveries: () => deliveries.map((d) => ({ ...d, attempts: [...d.attempts] })),
    /** Sends callbacks held for reordering now. */
    releaseHeld() {
      const release = held;
      held = [];
      for (const h of release) schedule(h, 0);
    },
    /** Resolves when no callback is waiting or being sent (held ones excepted). */
    settled(): Promise<void> {
      return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
    },
    reset() {
      generation++;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      switches = defaultSwitches();
      deliveries = [];
      held = [];
      inFlight = 0;
      const ready = waiters;
      waiters = [];
      for (const resolve of ready) resolve();
    },
  };
}

export type CallbackDispatcher = ReturnType<typeof createCallbackDispatcher>;

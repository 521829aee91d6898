import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CardBehaviour, CardType } from './emulator-cards.ts';

export type OrderStatus =
  | 'created'
  | 'processing'
  | 'completed'
  | 'rejected'
  | 'refund_requested'
  | 'refunded'
  | 'refunded_partially'
  | 'auth_requested'
  | 'blocked'
  | 'partial_completed';

export type EmulatedCard = {
  type: CardType;
  masked: string;
  expiry: string;
  validUntil: number;
  /** How the card answers later operations (saved-card payments, approving its hold). */
  later: CardBehaviour['later'];
};

export type EmulatedAction = {
  id: string;
  action: 'authorize' | 'partial_authorize' | 'cancel_authorize' | 'refund' | 'partial_refund';
  status: 'completed' | 'rejected';
  amountMinor: number;
  at: number;
};

export type EmulatedItem = {
  productId: string;
  description: string | null;
  quantity: number;
  unitPriceMinor: number;
  /** Optional fields echoed back in receipts as given. */
  extra: Record<string, string | number | null>;
};

export type EmulatedOrder = {
  id: string;
  createdAt: number;
  expiresAt: number;
  capture: 'automatic' | 'manual';
  externalOrderId: string | null;
  callbackUrl: string;
  redirectUrls: { success?: string; fail?: string } | null;
  lang: 'ka' | 'en';
  theme: 'light' | 'dark';
  buyer: { fullName: string | null; email: string | null; phone: string | null } | null;
  currency: string;
  requestMinor: number;
  transferMinor: number;
  refundMinor: number;
  items: EmulatedItem[];
  status: OrderStatus;
  /** payment_method as asked (null: every method the merchant has); older stores lack it. */
  paymentMethods?: string[] | null;
  /** payment_detail.code of the last payment attempt. */
  code: string | null;
  rejectReason: string | null;
  card: EmulatedCard | null;
  /** PUT /orders/{id}/cards was called before payment. */
  saveCardRequested: boolean;
  /** The card saved on this order: usable as parent_order_id while 'active'. */
  savedCard: 'active' | 'deleted' | null;
  parentOrderId: string | null;
  transactionId: string | null;
  /** When the hold was placed (manual capture); it lapses 30 days later. */
  heldAt: number | null;
  actions: EmulatedAction[];
};

export type Replay = { status: number; body: string | null; at: number };

export type EmulatorState = {
  version: 1;
  orders: Record<string, EmulatedOrder>;
  /** Idempotency-Key answers by `${method} ${path} ${key}`. */
  replays: Record<string, Replay>;
  /** Issued access tokens → expiry (emulator clock, ms). */
  tokens: Record<string, number>;
  /** Added to the injected clock by advanceClock. */
  clockOffsetMs: number;
  /** Kept so a restarted emulator signs callbacks with the key the server was configured with. */
  keyPair: { privateKeyPem: string; publicKeyPem: string } | null;
};

export type EmulatorStore = {
  readonly state: EmulatorState;
  /** Writes the state to the file (when there is one): call after every change. */
  save(): void;
  /** Forgets orders, keys, tokens and the clock offset; keeps the key pair. */
  reset(): void;
  readonly path: string | null;
};

const empty = (keyPair: EmulatorState['keyPair'] = null): EmulatorState => ({
  version: 1,
  orders: {},
  replays: {},
  tokens: {},
  clockOffsetMs: 0,
  keyPair,
});

/**
 * The emulator's bank: in memory, or a JSON file so restarts of `npm start` keep the bank's orders consistent with
 * our database. Each save writes a temporary file and renames it over the old one, so a crash never leaves half a file.
 */
export function createEmulatorStore(options: { path?: string } = {}): EmulatorStore {
  const path = options.path ?? null;
  let state = empty();
  if (path && existsSync(path)) {
    try {
      state = { ...empty(), ...(JSON.parse(readFileSync(path, 'utf8')) as EmulatorState) };
    } catch (error) {
      throw new Error(`The BOG emulator's store ${path} is not readable JSON: ${(error as Error).message}`);
    }
  }
  const save = () => {
    if (!path) return;
    mkdirSync(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, path);
  };
  return {
    get state() {
      return state;
    },
    save,
    reset() {
      state = empty(state.keyPair);
      save();
    },
    path,
  };
}

// The emulator's controls for tests and people trying the demo: programmatic (`bank.controls`) and over HTTP
// (`/_emulator/…`, unauthenticated by design: README "Fault switches").
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { BogOperation } from '../../integrations/bog/bog-errors.ts';
import type { CallbackDelivery, CallbackDispatcher, CallbackSwitches } from './emulator-callbacks.ts';
import type { EmulatorCore } from './emulator-core.ts';
import type { EmulatorFault, FaultSwitches } from './emulator-faults.ts';
import type { EmulatedOrder, EmulatorStore } from './emulator-store.ts';
import type { ExpiresInFormat, TokenIssuer } from './emulator-tokens.ts';

export type EmulatorControls = {
  now(): number;
  /** Moves the emulator's clock forward and applies what time changes (ttl expiry, lapsed holds). */
  advanceClock(ms: number): void;
  /** Forgets orders, replays, tokens, faults, switches, deliveries and the clock offset (keeps the key pair). */
  reset(): void;
  /** The next `times` calls of `operation` ('any' for every operation, 'token' for the token endpoint) get `fault`. */
  failNext(operation: BogOperation | 'any', fault: EmulatorFault, times?: number): void;
  revokeTokens(): void;
  setTokenOptions(options: { ttlSeconds?: number; expiresInFormat?: ExpiresInFormat }): void;
  callbacks: {
    set(switches: Partial<CallbackSwitches>): CallbackSwitches;
    deliveries(): CallbackDelivery[];
    releaseHeld(): void;
    /** Resolves when no callback is waiting or in flight. */
    settled(): Promise<void>;
  };
  order(id: string): EmulatedOrder | undefined;
  /** The receipt document the API would answer for this order. */
  receipt(id: string): unknown;
};

export function createEmulatorControls(deps: {
  store: EmulatorStore;
  now: () => number;
  core: EmulatorCore;
  faults: FaultSwitches;
  tokens: TokenIssuer;
  dispatcher: CallbackDispatcher;
}): EmulatorControls {
  const { store, core, faults, tokens, dispatcher } = deps;
  return {
    now: deps.now,
    advanceClock(ms) {
      store.state.clockOffsetMs += ms;
      store.save();
      core.sweep();
    },
    reset() {
      store.reset();
      faults.reset();
      dispatcher.reset();
      tokens.reset();
    },
    failNext: (operation, fault, times) => faults.failNext(operation, fault, times),
    revokeTokens: () => tokens.revokeAll(),
    setTokenOptions: (o) => tokens.setOptions(o),
    callbacks: {
      set: (s) => dispatcher.set(s),
      deliveries: () => dispatcher.deliveries(),
      releaseHeld: () => dispatcher.releaseHeld(),
      settled: () => dispatcher.settled(),
    },
    order: (id) => core.order(id),
    receipt: (id) => {
      const order = core.order(id);
      return order ? core.receiptOf(order) : undefined;
    },
  };
}

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

const controlSchemas = {
  clock: z.object({
    advanceMs: z.coerce.number().int().nonnegative().optional(),
    advanceDays: z.coerce.number().nonnegative().optional(),
  }),
  fault: z.object({
    operation: z.enum([
      'token',
      'create_order',
      'saved_card_order',
      'save_card',
      'delete_card',
      'approve',
      'cancel',
      'refund',
      'receipt',
      'any',
    ]),
    times: z.coerce.number().int().positive().default(1),
    kind: z.enum(['status', 'hang', 'revoke-token']),
    status: z.coerce.number().int().min(400).max(599).default(503),
    body: z.string().optional(),
    contentType: z.string().optional(),
    afterProcessing: flag.optional(),
  }),
  callbacks: z.object({
    delayMs: z.coerce.number().int().nonnegative().optional(),
    failNext: z.coerce.number().int().nonnegative().optional(),
    failStatus: z.coerce.number().int().min(400).max(599).optional(),
    dropNext: z.coerce.number().int().nonnegative().optional(),
    duplicateNext: z.coerce.number().int().nonnegative().optional(),
    reorderNext: z.coerce.number().int().nonnegative().optional(),
  }),
  tokens: z.object({
    ttlSeconds: z.coerce.number().int().positive().optional(),
    expiresInFormat: z.enum(['seconds', 'epoch-seconds', 'epoch-ms']).optional(),
    revokeAll: flag.optional(),
  }),
};

/** The same controls over HTTP, with JSON or form bodies. */
export function controlRoutes(deps: {
  controls: EmulatorControls;
  dispatcher: CallbackDispatcher;
  publicKeyPem: () => string;
}) {
  const { controls, dispatcher } = deps;
  const parse = <T>(schema: z.ZodType<T>, body: unknown, reply: FastifyReply): T | null => {
    const result = schema.safeParse(body ?? {});
    if (result.success) return result.data;
    reply.code(400).send({ message: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
    return null;
  };

  return (app: FastifyInstance) => {
    app.get('/_emulator/public-key', async (_req, reply) =>
      reply.type('application/x-pem-file; charset=utf-8').send(deps.publicKeyPem()),
    );
    app.post('/_emulator/reset', async (_req, reply) => {
      controls.reset();
      return reply.code(204).send();
    });
    app.post('/_emulator/clock', async (req, reply) => {
      const body = parse(controlSchemas.clock, req.body, reply);
      if (!body) return reply;
      controls.advanceClock((body.advanceMs ?? 0) + Math.round((body.advanceDays ?? 0) * 86_400_000));
      return { now: new Date(controls.now()).toISOString() };
    });
    app.post('/_emulator/faults', async (req, reply) => {
      const body = parse(controlSchemas.fault, req.body, reply);
      if (!body) return reply;
      const fault: EmulatorFault =
        body.kind === 'status'
          ? { kind: 'status', status: body.status, body: body.body, contentType: body.contentType }
          : body.kind === 'hang'
            ? { kind: 'hang', afterProcessing: body.afterProcessing ?? false }
            : { kind: 'revoke-token' };
      controls.failNext(body.operation, fault, body.times);
      return reply.code(204).send();
    });
    app.get('/_emulator/callbacks', async () => ({
      switches: dispatcher.switches(),
      deliveries: dispatcher.deliveries(),
    }));
    app.post('/_emulator/callbacks', async (req, reply) => {
      const body = parse(controlSchemas.callbacks, req.body, reply);
      if (!body) return reply;
      return { switches: dispatcher.set(body) };
    });
    app.post('/_emulator/tokens', async (req, reply) => {
      const body = parse(controlSchemas.tokens, req.body, reply);
      if (!body) return reply;
      controls.setTokenOptions(body);
      if (body.revokeAll) controls.revokeTokens();
      return reply.code(204).send();
    });
    app.get<{ Params: { id: string } }>('/_emulator/orders/:id', async (req, reply) => {
      const receipt = controls.receipt(req.params.id);
      return receipt ? receipt : reply.code(404).send({ message: 'Invalid order_id' });
    });
  };
}

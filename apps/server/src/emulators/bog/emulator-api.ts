// The Payments API (/payments/v1): every route checks the token, applies injected faults, replays an Idempotency-Key's
// first answer, then asks the core.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BogOperation } from '../../integrations/bog/bog-errors.ts';
import type { Answer, EmulatorCore } from './emulator-core.ts';
import type { FaultSwitches } from './emulator-faults.ts';
import type { EmulatorStore } from './emulator-store.ts';
import type { TokenIssuer } from './emulator-tokens.ts';

const API = '/payments/v1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The bank reads `Accept-Language: ka|en` (default ka). */
function acceptLanguage(header: string | undefined): 'ka' | 'en' {
  const first = header?.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return first === 'en' ? 'en' : 'ka';
}

const send = (reply: FastifyReply, status: number, body: string | null) =>
  body === null ? reply.code(status).send() : reply.code(status).type('application/json').send(body);

const invalidToken = JSON.stringify({ error: 'invalid_token', error_description: 'Token is not active' });

export function apiRoutes(deps: {
  core: EmulatorCore;
  store: EmulatorStore;
  now: () => number;
  faults: FaultSwitches;
  tokens: TokenIssuer;
}) {
  const { core, store, now, faults, tokens } = deps;

  /**
   * One API route: token check (401), injected faults, Idempotency-Key replay (the first status and body, nothing
   * done again), then the operation; its answer is remembered under the key.
   */
  function api(operation: BogOperation, handler: (req: FastifyRequest) => Answer) {
    return async (req: FastifyRequest, reply: FastifyReply) => {
      const token = tokens.live(req);
      if (!token) return send(reply, 401, invalidToken);
      const fault = faults.take(operation);
      if (fault?.kind === 'revoke-token') {
        tokens.revoke(token);
        return send(reply, 401, invalidToken);
      }
      if (fault?.kind === 'status') return faults.send(fault, reply);
      if (fault?.kind === 'hang' && !fault.afterProcessing) return faults.hang(req, reply);

      core.sweep();
      const key = req.headers['idempotency-key'];
      let replayKey: string | null = null;
      if (typeof key === 'string') {
        if (!UUID.test(key)) return send(reply, 400, JSON.stringify({ message: 'Idempotency-Key must be a UUID v4' }));
        replayKey = `${req.method} ${req.url.split('?')[0]} ${key}`;
        const replay = store.state.replays[replayKey];
        if (replay) return send(reply, replay.status, replay.body);
      }
      const answer = handler(req);
      const body = answer.body === undefined ? null : JSON.stringify(answer.body);
      if (replayKey) {
        store.state.replays[replayKey] = { status: answer.status, body, at: now() };
        store.save();
      }
      if (fault?.kind === 'hang') return faults.hang(req, reply);
      return send(reply, answer.status, body);
    };
  }

  const page = (req: FastifyRequest) => ({
    lang: acceptLanguage(req.headers['accept-language']),
    theme: req.headers.theme === 'dark' ? ('dark' as const) : ('light' as const),
  });
  const id = (req: FastifyRequest) => (req.params as { id: string }).id;

  return (app: FastifyInstance) => {
    app.post(
      `${API}/ecommerce/orders`,
      api('create_order', (req) => core.createOrder(req.body, page(req))),
    );
    app.post(
      `${API}/ecommerce/orders/:id`,
      api('saved_card_order', (req) => core.createSavedCardOrder(id(req), req.body, page(req))),
    );
    app.put(
      `${API}/orders/:id/cards`,
      api('save_card', (req) => core.saveCard(id(req))),
    );
    app.delete(
      `${API}/charges/card/:id`,
      api('delete_card', (req) => core.deleteCard(id(req))),
    );
    app.post(
      `${API}/payment/authorization/approve/:id`,
      api('approve', (req) => core.approve(id(req), req.body)),
    );
    app.post(
      `${API}/payment/authorization/cancel/:id`,
      api('cancel', (req) => core.cancel(id(req), req.body)),
    );
    app.post(
      `${API}/payment/refund/:id`,
      api('refund', (req) => core.refund(id(req), req.body)),
    );
    app.get(
      `${API}/receipt/:id`,
      api('receipt', (req) => core.receipt(id(req))),
    );
  };
}

// Faults injected into the next API calls: an error answer, no answer at all, or a revoked token.
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BogOperation } from '../../integrations/bog/bog-errors.ts';

/** A fault for the next call(s) of an operation: an error answer, no answer at all, or a revoked token (401). */
export type EmulatorFault =
  | { kind: 'status'; status: number; body?: string; contentType?: string }
  | { kind: 'hang'; afterProcessing?: boolean }
  | { kind: 'revoke-token' };

const HANG_MAX_MS = 120_000;

export type FaultSwitches = ReturnType<typeof createFaultSwitches>;

export function createFaultSwitches() {
  let faults: { operation: BogOperation | 'any'; fault: EmulatorFault; remaining: number }[] = [];
  const hung = new Set<Socket>();

  return {
    /** The next `times` calls of `operation` ('any' for every operation, 'token' for the token endpoint) get `fault`. */
    failNext(operation: BogOperation | 'any', fault: EmulatorFault, times = 1) {
      faults.push({ operation, fault, remaining: times });
    },

    /** The fault this call of `operation` gets, if any (one use of it). */
    take(operation: BogOperation): EmulatorFault | null {
      const entry = faults.find((f) => f.remaining > 0 && (f.operation === operation || f.operation === 'any'));
      if (!entry) return null;
      entry.remaining--;
      faults = faults.filter((f) => f.remaining > 0);
      return entry.fault;
    },

    reset() {
      faults = [];
    },

    /** Leaves the request unanswered until the client gives up (or a couple of minutes pass). */
    async hang(req: FastifyRequest, reply: FastifyReply) {
      reply.hijack();
      const socket = req.raw.socket;
      hung.add(socket);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => socket.destroy(), HANG_MAX_MS);
        socket.once('close', () => {
          clearTimeout(timer);
          hung.delete(socket);
          resolve();
        });
      });
    },

    send(fault: EmulatorFault & { kind: 'status' }, reply: FastifyReply) {
      const body = fault.body ?? JSON.stringify({ message: 'Service temporarily unavailable' });
      const type = fault.contentType ?? (fault.body === undefined ? 'application/json' : 'text/plain; charset=utf-8');
      return reply.code(fault.status).type(type).send(body);
    },

    /** Ends every request left hanging (the emulator is closing). */
    releaseHung() {
      for (const socket of hung) socket.destroy();
    },
  };
}

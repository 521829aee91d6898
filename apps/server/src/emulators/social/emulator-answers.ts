// How the platforms answer besides their data: request ids, Google's error envelope, and the fault switches that
// replace an answer (down, rate limited, slow).
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { EmulatedPlatform } from '../../integrations/social/emulator-contract.ts';
import type { SocialStore } from './emulator-store.ts';

/** A random id: etags, log ids, trace ids, codes and tokens. */
export const randomId = () => randomBytes(8).toString('hex');

export function googleError(code: number, reason: string, message: string, domain = 'global') {
  return { error: { code, message, errors: [{ message, domain, reason }] } };
}

/** Applies the fault switches to a platform's API call: true when it has answered (the route stops there). */
export async function faultGate(store: SocialStore, platform: EmulatedPlatform, reply: FastifyReply): Promise<boolean> {
  if (store.state.faults.slowMs) await new Promise((r) => setTimeout(r, store.state.faults.slowMs));
  // Read again after the wait: the switches may have changed meanwhile.
  const faults = store.state.faults;
  if (faults.unavailable.includes(platform)) {
    reply
      .code(503)
      .send(platform === 'youtube' ? googleError(503, 'backendError', 'Backend Error') : { error: 'unavailable' });
    return true;
  }
  if (faults.rateLimited.includes(platform)) {
    if (platform === 'tiktok')
      reply
        .code(429)
        .send({ data: {}, error: { code: 'rate_limit_exceeded', message: 'Too many requests', log_id: randomId() } });
    else if (platform === 'instagram')
      reply
        .code(429)
        .send({ error: { message: 'Application request limit reached', type: 'OAuthException', code: 4 } });
    else reply.code(403).send(googleError(403, 'rateLimitExceeded', 'Rate Limit Exceeded'));
    return true;
  }
  return false;
}

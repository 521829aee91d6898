import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { notFound } from './app-error.ts';

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/**
 * A request made on this machine, by a person at it: the TCP peer is loopback and nothing forwarded it. A reverse
 * proxy on the same machine also connects from loopback, so any forwarding header (which a local proxy adds and a
 * stranger's request through it carries) makes the request foreign.
 */
export function isFromThisMachine(req: FastifyRequest): boolean {
  if (req.headers['x-forwarded-for'] || req.headers.forwarded || req.headers['x-real-ip']) return false;
  return isLoopbackAddress(req.socket.remoteAddress);
}

/**
 * onRequest hook for development aids (the local mailbox, provider emulators' pages): anyone else is told the page
 * does not exist, so its presence reveals nothing.
 */
export async function thisMachineOnly(req: FastifyRequest) {
  if (!isFromThisMachine(req)) throw notFound('Page');
}

import { isIP } from 'node:net';

/**
 * Which forwarding hops the server believes (`TRUST_PROXY`). The client address is the right-most address in
 * `X-Forwarded-For` that a trusted hop wrote: anything to its left came from the client and may be invented.
 * - `none`: the TCP peer is the client (no proxy in front).
 * - `hops`: the first N hops from us are proxies (`1`: one load balancer); only safe when nothing but the proxy
 *   can reach the server's port.
 * - `addresses`: hops whose address is in these addresses or CIDR ranges are proxies; a peer outside them is the
 *   client whatever headers it sends.
 * - `all`: every hop, so the left-most address, which the client writes, wins: any per-address limit is void.
 */
export type TrustProxy =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'addresses'; list: string[] }
  | { kind: 'all' };

/** proxy-addr's named ranges, which Fastify's string form accepts beside addresses and CIDRs. */
const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validRange(entry: string): boolean {
  if (NAMED.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

/** `false`/`0`, a hop count (`1`), a comma list of addresses/CIDRs, or `true`; throws a message naming the fix. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return { kind: 'none' };
  if (value === 'true') return { kind: 'all' };
  if (/^\d+$/.test(value)) return { kind: 'hops', hops: Math.min(Number(value), 100) };
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((s) => !validRange(s));
  if (bad.length || !list.length) {
    throw new Error(
      `TRUST_PROXY: "${bad.join(', ') || value}" is not a hop count, an IP address or a CIDR range. Use a number of ` +
        'proxies (1 for one load balancer) or their addresses, e.g. TRUST_PROXY=10.0.0.0/8,192.168.1.7.',
    );
  }
  return { kind: 'addresses', list };
}

/**
 * What Fastify's `trustProxy` option takes. A hop count becomes a function: Fastify 5 (≥ 5.12) trusts nothing for
 * a plain number, because a count cannot tell the proxy from a client that reached the port directly.
 */
export function fastifyTrustProxy(tp: TrustProxy): boolean | string | ((address: string, hop: number) => boolean) {
  switch (tp.kind) {
    case 'none':
      return false;
    case 'all':
      return true;
    case 'hops':
      return (_address, hop) => hop < tp.hops;
    case 'addresses':
      return tp.list.join(',');
  }
}

export const TRUST_ALL_WARNING =
  'TRUST_PROXY=true trusts every X-Forwarded-For hop, so any client can invent its address and escape every ' +
  'per-address limit. Set the number of proxies in front of the server (TRUST_PROXY=1) or their addresses.';

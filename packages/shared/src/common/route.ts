// An endpoint described once (issue 22 §4): method, path, params, query, body and answers as zod. The server
// registers it (apps/server/src/lib/route.ts: validation, serialization, OpenAPI), the browser calls it
// (apps/web/src/lib/api-client.ts `call`: the URL built from the path, the answer parsed with the same schema).
// Nobody writes `/api/...` or a response schema a second time.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type RouteContract = {
  method: HttpMethod;
  /** Fastify's syntax: `/api/orders/:id/start`. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Status → body; the first 2xx is what `call` parses. `z.null()` for an empty answer (204). */
  response: Partial<Record<number, z.ZodType>>;
  /** OpenAPI's grouping and one line of what it does. */
  tags: string[];
  summary: string;
};

/** Keeps the literal types (the path, the schemas) so both sides infer from them. */
export const defineRoute = <const C extends RouteContract>(contract: C): C => contract;

/** The 2xx answer's schema of a contract (what a successful call returns). */
export type SuccessOf<C extends RouteContract> = {
  [S in keyof C['response']]: S extends 200 | 201 | 202 | 204 ? C['response'][S] : never;
}[keyof C['response']];

export const successStatus = (c: RouteContract): number => {
  const ok = Object.keys(c.response)
    .map(Number)
    .filter((s) => s >= 200 && s < 300)
    .sort((a, b) => a - b)[0];
  if (ok === undefined) throw new Error(`${c.method} ${c.path}: no 2xx response in its contract`);
  return ok;
};

type ParamsOf<C extends RouteContract> = C['params'] extends z.ZodType ? z.input<C['params']> : undefined;
type QueryOf<C extends RouteContract> = C['query'] extends z.ZodType ? z.input<C['query']> : undefined;

/**
 * The address of a call: each `:name` of the path replaced by its parameter (URL-encoded), then the query's defined
 * values in order. A parameter the path names but the call lacks is a programming error, not a request to send.
 */
export function routeUrl<C extends RouteContract>(
  contract: C,
  params?: ParamsOf<C>,
  query?: QueryOf<C> | Record<string, unknown>,
): string {
  const values = (params ?? {}) as Record<string, unknown>;
  const path = contract.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${contract.method} ${contract.path}: no value for :${name}`);
    }
    return encodeURIComponent(String(value));
  });
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) search.append(key, String(v));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

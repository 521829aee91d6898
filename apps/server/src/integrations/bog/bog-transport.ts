// One HTTP conversation with the bank: the client-credentials token (cached, shared by concurrent callers), a hard
// timeout per attempt, a fresh token on 401, retries with backoff on 5xx and silence, typed errors for the rest.
import type { z } from 'zod';
import {
  BogAuthError,
  type BogOperation,
  BogProtocolError,
  BogRejectedError,
  BogUnavailableError,
  jsonOrUndefined,
} from './bog-errors.ts';
import { tokenReuseUntil } from './bog-token.ts';

export type BogLogEvent = {
  operation: BogOperation;
  method: string;
  /** Path under the API base (order ids are not secret); never a token, a secret or a body. */
  path: string;
  attempt: number;
  outcome: 'ok' | 'retry' | 'token_refresh' | 'rejected' | 'unavailable' | 'auth_failed';
  status: number | null;
  durationMs: number;
  /** For retries and failures: 'status 503', 'timeout', 'network: …'. */
  reason?: string;
};

/** Where and how the client reaches the bank (the client's options, bog-client.ts). */
export type BogTransportOptions = {
  /** e.g. https://oauth2.bog.ge/auth/realms/bog/protocol/openid-connect/token */
  tokenUrl: string;
  /** e.g. https://api.bog.ge/payments/v1 */
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  /** ms since the epoch; decides token reuse. */
  clock?: () => number;
  /** Per HTTP attempt, body included. Default 20 s. */
  timeoutMs?: number;
  /** attempts: total tries per call (default 3); backoff doubles from baseDelayMs (default 500) up to maxDelayMs (8000). */
  retry?: { attempts?: number; baseDelayMs?: number; maxDelayMs?: number };
  log?: (event: BogLogEvent) => void;
};

/** One API call: the path is under the API base; a write carries its Idempotency-Key on every attempt. */
export type BogCall = {
  operation: BogOperation;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
};
/** An HTTP answer: its status and body text. */
export type BogAnswer = { status: number; text: string };

/** A failure worth another attempt (5xx, network error, timeout), carried to the retry loop. */
class Transient extends Error {
  constructor(
    readonly reason: string,
    readonly status: number | null,
    readonly text: string | null,
    readonly original?: unknown,
  ) {
    super(reason);
  }
}

export type BogTransport = ReturnType<typeof createBogTransport>;

export function createBogTransport(options: BogTransportOptions) {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.clock ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const attempts = Math.max(1, options.retry?.attempts ?? 3);
  const baseDelayMs = options.retry?.baseDelayMs ?? 500;
  const maxDelayMs = options.retry?.maxDelayMs ?? 8_000;
  const log = options.log ?? (() => {});
  const apiBase = options.apiBaseUrl.replace(/\/+$/, '');
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');

  let cached: { token: string; reuseUntil: number } | null = null;
  let pending: Promise<string> | null = null;

  /** One HTTP exchange with a hard timeout covering the body too. */
  async function exchange(url: string, init: RequestInit): Promise<BogAnswer> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await fetchImpl(url, { ...init, signal: controller.signal, redirect: 'manual' });
      return { status: res.status, text: await res.text() };
    } catch (error) {
      if (controller.signal.aborted) throw new Transient('timeout', null, null, error);
      throw new Transient(`network: ${(error as Error).message}`, null, null, error);
    } finally {
      clearTimeout(timer);
    }
  }

  async function requestToken(): Promise<string> {
    const started = now();
    const answer = await exchange(options.tokenUrl, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const event = { operation: 'token' as const, method: 'POST', path: '(token)', attempt: 1, status: answer.status };
    if (answer.status >= 500) throw new Transient(`token status ${answer.status}`, answer.status, answer.text);
    const json = jsonOrUndefined(answer.text) as { access_token?: unknown; expires_in?: unknown } | undefined;
    if (answer.status >= 400) {
      log({ ...event, outcome: 'auth_failed', durationMs: now() - started });
      throw new BogAuthError('token', `The bank refused our client credentials (HTTP ${answer.status})`, {
        status: answer.status,
        bodyText: answer.text,
        bodyJson: json,
      });
    }
    if (typeof json?.access_token !== 'string' || !json.access_token) {
      throw new BogProtocolError('token', 'The token answer has no access_token', {
        status: answer.status,
        bodyText: answer.text,
        bodyJson: json,
      });
    }
    const issuedAt = now();
    cached = { token: json.access_token, reuseUntil: tokenReuseUntil(json.expires_in, issuedAt) };
    log({ ...event, outcome: 'token_refresh', durationMs: issuedAt - started });
    return json.access_token;
  }

  /** A usable token: the cached one, or one request shared by every concurrent caller. */
  function token(): Promise<string> {
    if (cached && now() < cached.reuseUntil) return Promise.resolve(cached.token);
    if (!pending) {
      pending = requestToken().finally(() => {
        pending = null;
      });
    }
    return pending;
  }

  const backoff = (attempt: number) => {
    const ms = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
    return new Promise((resolve) => setTimeout(resolve, ms / 2 + Math.random() * (ms / 2)));
  };

  /**
   * Sends a call: a 401 refreshes the token once and repeats it; 5xx, network errors and timeouts are retried with
   * backoff; every repeat carries the same Idempotency-Key. 4xx is final.
   */
  async function call(c: BogCall): Promise<BogAnswer> {
    const headers: Record<string, string> = { Accept: 'application/json', ...c.headers };
    if (c.body !== undefined) headers['Content-Type'] = 'application/json';
    if (c.idempotencyKey !== undefined) headers['Idempotency-Key'] = c.idempotencyKey;
    const body = c.body === undefined ? undefined : JSON.stringify(c.body);
    let refreshed = false;
    let last: Transient | null = null;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      const started = now();
      const event = { operation: c.operation, method: c.method, path: c.path, attempt };
      let answer: BogAnswer;
      try {
        const bearer = await token();
        answer = await exchange(`${apiBase}${c.path}`, {
          method: c.method,
          headers: { ...headers, Authorization: `Bearer ${bearer}` },
          body,
        });
        if (answer.status === 401) {
          // A revoked or expired token is refused before anything is done: one fresh token, same key, no attempt spent.
          if (cached?.token === bearer) cached = null;
          if (!refreshed) {
            refreshed = true;
            log({ ...event, outcome: 'token_refresh', status: 401, durationMs: now() - started });
            attempt--;
            continue;
          }
          log({ ...event, outcome: 'auth_failed', status: 401, durationMs: now() - started });
          throw new BogAuthError(c.operation, 'The bank refused a freshly issued token (HTTP 401)', {
            status: 401,
            bodyText: answer.text,
            bodyJson: jsonOrUndefined(answer.text),
          });
        }
        if (answer.status >= 500) throw new Transient(`status ${answer.status}`, answer.status, answer.text);
      } catch (error) {
        if (!(error instanceof Transient)) throw error;
        last = error;
        const final = attempt === attempts;
        log({
          ...event,
          outcome: final ? 'unavailable' : 'retry',
          status: error.status,
          durationMs: now() - started,
          reason: error.reason,
        });
        if (!final) await backoff(attempt);
        continue;
      }
      if (answer.status >= 400) {
        log({ ...event, outcome: 'rejected', status: answer.status, durationMs: now() - started });
        throw new BogRejectedError(c.operation, `The bank refused ${c.method} ${c.path} (HTTP ${answer.status})`, {
          status: answer.status,
          bodyText: answer.text,
          bodyJson: jsonOrUndefined(answer.text),
        });
      }
      log({ ...event, outcome: 'ok', status: answer.status, durationMs: now() - started });
      return answer;
    }
    throw new BogUnavailableError(
      c.operation,
      `The bank did not answer ${c.method} ${c.path} after ${attempts} attempts (${last?.reason})`,
      { status: last?.status ?? null, bodyText: last?.text ?? null, bodyJson: jsonOrUndefined(last?.text ?? null) },
      attempts,
      { cause: last?.original },
    );
  }

  function parsed<T>(operation: BogOperation, answer: BogAnswer, schema: z.ZodType<T>): T {
    const json = jsonOrUndefined(answer.text);
    const result = schema.safeParse(json);
    if (!result.success) {
      throw new BogProtocolError(operation, `Unexpected answer to ${operation} (HTTP ${answer.status})`, {
        status: answer.status,
        bodyText: answer.text,
        bodyJson: json,
      });
    }
    return result.data;
  }

  return { call, parsed };
}

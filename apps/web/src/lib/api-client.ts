import { type RouteContract, routeUrl, type SuccessOf, successStatus } from '@app/shared/common/route';
import { isErrorBody } from '@app/shared/errors';
import type { z } from 'zod';
import i18n from './i18n';
import { renderingOnServer, serverAnswer } from './server-answers';

/** An API failure as the server described it: switch on `code`, show `message`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** How long the server asked us to wait before asking again (its Retry-After: a 503 or a 429). */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** An upload gives up after this long without finishing (an avatar is at most a few MB). */
export const UPLOAD_TIMEOUT_MS = 2 * 60_000;

type Options = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** An answer already under way for this GET (the entry's early bootstrap request) instead of a new fetch. */
  response?: Promise<Response>;
};

/**
 * JSON over same-origin fetch with the session cookie. A 2xx answer is returned as the server sent it: the server
 * encodes every answer through its route's shared contract (fastify-type-provider-zod's serializer refuses one that
 * breaks it), so the browser does not parse it again with zod — which keeps zod and the contracts' schemas off the
 * way to a page's first tap (issue 28 §2; the browser's build gets the contracts as method and path only,
 * apps/web/contract-routes.ts). What is checked here is what a proxy or a half-deployed server could break: a 2xx
 * that is not JSON (or is empty where an answer was due) is an ApiError with a sentence for people.
 */
export async function api(
  path: string,
  { method = 'GET', body, signal, response }: Options = {},
  expectBody = true,
): Promise<unknown> {
  // In the server's renderer a GET is answered by the server itself (serverAnswer); a write is never made there: it
  // belongs to a person's action in the browser.
  const early = response ?? (method === 'GET' ? serverAnswer(path) : undefined);
  if (!early && renderingOnServer()) throw new ApiError(0, 'NOT_ON_SERVER', `${path} is fetched in the browser`);
  let res: Response;
  try {
    res = await (early ??
      fetch(path, {
        method,
        credentials: 'same-origin',
        headers: body instanceof FormData || body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
        signal,
      }));
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', i18n.t('errors.network'));
  }
  let text: string;
  try {
    text = await res.text();
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', i18n.t('errors.network'));
  }
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) throw errorFrom(res.status, data, i18n.t('errors.generic'), res.headers.get('retry-after'));
  if (expectBody) return readable(data, path, res.status);
  return data;
}

type In<T> = T extends z.ZodType ? z.input<T> : undefined;
type CallInput<C extends RouteContract> = {
  signal?: AbortSignal;
  /** An answer already under way for this GET (the entry's early request) instead of a new fetch. */
  response?: Promise<Response>;
} & (C['params'] extends z.ZodType ? { params: In<C['params']> } : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query?: In<C['query']> } : { query?: undefined }) &
  (C['body'] extends z.ZodType ? { body: In<C['body']> } : { body?: undefined });

/**
 * Calls an endpoint through its shared contract (packages/shared/src/common/route.ts): the address from its path and
 * params, its method, and its 2xx answer as the server encoded it through the contract (an empty 204 answers null).
 */
export async function call<C extends RouteContract>(
  contract: C,
  ...[input]: C['params'] extends z.ZodType
    ? [CallInput<C>]
    : C['body'] extends z.ZodType
      ? [CallInput<C>]
      : [CallInput<C>?]
): Promise<SuccessOf<C> extends z.ZodType ? z.output<SuccessOf<C>> : unknown> {
  const status = successStatus(contract);
  const url = routeUrl(contract, input?.params as never, input?.query as never);
  const data = await api(
    url,
    { method: contract.method, body: input?.body, signal: input?.signal, response: input?.response },
    status !== 204,
  );
  return (status === 204 ? null : data) as never;
}

/**
 * Upload with progress (fetch has no upload progress): resolves with the JSON answer (as `api`: the server encoded it
 * through the route's contract), never throws. `T` is that contract's answer.
 */
export function upload<T>(path: string, form: FormData, onProgress?: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', i18n.t('errors.network')));
    xhr.ontimeout = () => reject(new ApiError(0, 'TIMEOUT', i18n.t('errors.uploadTimeout')));
    xhr.onabort = () => reject(new ApiError(0, 'ABORTED', i18n.t('errors.uploadAborted')));
    // Anything thrown in here would escape the promise and leave the caller waiting for ever.
    xhr.onload = () => {
      try {
        const data = safeJson(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) resolve(readable(data, path, xhr.status) as T);
        else reject(errorFrom(xhr.status, data, i18n.t('errors.uploadFailed')));
      } catch (error) {
        reject(
          error instanceof ApiError ? error : new ApiError(xhr.status, 'INVALID_RESPONSE', i18n.t('errors.generic')),
        );
      }
    };
    try {
      xhr.send(form);
    } catch {
      reject(new ApiError(0, 'NETWORK', i18n.t('errors.network')));
    }
  });
}

/** The server's `{ error: { code, message } }` when it sent one; otherwise `fallback` under HTTP_<status>. */
function errorFrom(status: number, data: unknown, fallback: string, retryAfter?: string | null): ApiError {
  const seconds = retryAfter ? Number(retryAfter) : Number.NaN;
  const retryAfterMs = Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
  return isErrorBody(data)
    ? new ApiError(status, data.error.code, data.error.message, data.error.details, retryAfterMs)
    : new ApiError(status, `HTTP_${status}`, fallback, undefined, retryAfterMs);
}

/**
 * A 2xx answer that is not JSON where one was due (a proxy's HTML page, an empty body) becomes an ApiError with a
 * sentence for people; what came is for the console only.
 */
function readable(data: unknown, path: string, status: number): unknown {
  if (data !== undefined) return data;
  console.warn(`Response of ${path} is not the JSON its contract describes`, data);
  throw new ApiError(status, 'INVALID_RESPONSE', i18n.t('errors.invalidResponse'));
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

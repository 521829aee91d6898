import { errorBody } from '@app/shared/errors';
import type { z } from 'zod';

/** An API failure as the server described it: switch on `code`, show `message`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type Options<S extends z.ZodType | undefined> = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  schema?: S;
  signal?: AbortSignal;
};

/** JSON over same-origin fetch with the session cookie; responses are parsed with the shared schema. */
export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  { method = 'GET', body, schema, signal }: Options<S> = {},
): Promise<S extends z.ZodType ? z.infer<S> : unknown> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body instanceof FormData || body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.');
  }
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const parsed = errorBody.safeParse(data);
    if (parsed.success)
      throw new ApiError(res.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.details);
    throw new ApiError(res.status, `HTTP_${res.status}`, 'Something went wrong. Please try again.');
  }
  return (schema ? schema.parse(data) : data) as S extends z.ZodType ? z.infer<S> : unknown;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Upload with progress (fetch has no upload progress): resolves with the parsed JSON body. */
export function upload<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
  onProgress?: (fraction: number) => void,
): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded / e.total);
    xhr.onerror = () =>
      reject(new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.'));
    xhr.onload = () => {
      const data = safeJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(schema.parse(data));
      const parsed = errorBody.safeParse(data);
      reject(
        parsed.success
          ? new ApiError(xhr.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.details)
          : new ApiError(xhr.status, `HTTP_${xhr.status}`, 'Upload failed'),
      );
    };
    xhr.send(form);
  });
}

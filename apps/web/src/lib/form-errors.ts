import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field messages next to the fields they belong to. Any error code may carry them
 * (`details.fieldErrors`): a schema failure (VALIDATION_ERROR) and business refusals such as EMAIL_TAKEN alike.
 * Returns true when at least one message found its field, so the caller can skip a generic toast.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  const fieldErrors = (error.details as { fieldErrors?: Record<string, string[] | undefined> } | undefined)
    ?.fieldErrors;
  if (!fieldErrors) return false;
  let placed = false;
  for (const field of fields) {
    const message = fieldErrors[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}

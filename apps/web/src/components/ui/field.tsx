import { isLanguage } from '@app/shared/i18n/language';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { schemaMessage } from '@/lib/i18n';
import { useTranslation } from '@/lib/use-translation';
import { Label } from './label';

/** What a control inside a Field must receive so the label, hint and error are announced with it. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  'aria-required'?: boolean;
};

type FieldProps = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shown after the label, e.g. "(optional)". */
  labelSuffix?: ReactNode;
  required?: boolean;
  className?: string;
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** Label + control + hint + error, wired with aria-describedby / aria-invalid. */
export function Field({ label, error, hint, labelSuffix, required, className, id, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? `field-${autoId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={controlId}>
        {label}
        {labelSuffix && <span className="ml-1 font-normal text-muted-foreground">{labelSuffix}</span>}
      </Label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        ...(required ? { 'aria-required': true } : {}),
      })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/**
 * A field's error. A text from the shared schemas (checked in the browser before sending, in English as the server
 * writes them) is shown in the reader's language; the server's own answers arrive translated already (decision 034).
 */
export function FieldError({ id, children, className }: { id?: string; children: ReactNode; className?: string }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <p id={id} role="alert" className={cn('text-sm font-medium text-destructive', className)}>
      {typeof children === 'string' ? schemaMessage(children, language) : children}
    </p>
  );
}

import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  /**
   * The toggle's name, saying which box it reveals: 'Show password', 'Show new password'. It stays the same when
   * pressed (aria-pressed says the state). Never exactly the field's label, so "the field labelled Password" stays
   * one element for people and for tests.
   */
  toggleLabel: string;
};

/** A password box with a show/hide toggle. */
export function PasswordInput({ className, toggleLabel, id, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const autoId = useId();
  const inputId = id ?? `password-${autoId}`;
  return (
    <div className="relative">
      <Input id={inputId} type={visible ? 'text' : 'password'} className={cn('pr-12', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={toggleLabel}
        aria-pressed={visible}
        aria-controls={inputId}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
      </button>
    </div>
  );
}

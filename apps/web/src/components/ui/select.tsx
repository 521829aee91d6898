import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { selectTriggerClasses } from './input';

export const Select = SelectPrimitive.Root;
export const SelectGroup = SelectPrimitive.Group;
export const SelectValue = SelectPrimitive.Value;

export function SelectTrigger({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger className={cn(selectTriggerClasses, className)} {...props}>
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown className="size-4 text-muted-foreground" aria-hidden="true" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectContent({
  className,
  children,
  position = 'popper',
  ...props
}: ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position={position}
        className={cn(
          'relative z-50 max-h-72 min-w-32 overflow-hidden rounded-md border border-border bg-card text-card-foreground shadow-raised',
          position === 'popper' && 'w-full min-w-[var(--radix-select-trigger-width)] translate-y-1',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        'relative flex w-full cursor-default select-none items-center rounded-sm py-2 pr-2 pl-8 text-sm outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-muted data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check className="size-4" aria-hidden="true" />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}

/** One choice of a ChoiceSelect (./choice-select.tsx). */
export type Choice = { value: string; label: ReactNode };

export type ChoiceSelectFieldProps = {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  choices: readonly Choice[];
  /** What the closed control shows for `value` (named here, so a page drawn on the server shows it too). */
  selectedLabel: ReactNode;
  placeholder?: ReactNode;
  disabled?: boolean;
  itemClassName?: string;
  /** Open at once: a tap or key reached the stand-in before this code had loaded. */
  openAtFirst?: boolean;
  /** Take the focus at once: the stand-in had it. */
  focusAtFirst?: boolean;
};

/** A Select of plain choices: what ChoiceSelect draws once Radix has loaded. */
export function ChoiceSelectField({
  id,
  value,
  onValueChange,
  choices,
  selectedLabel,
  placeholder,
  disabled,
  itemClassName,
  openAtFirst = false,
  focusAtFirst = false,
}: ChoiceSelectFieldProps) {
  const [open, setOpen] = useState(openAtFirst);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Opened, Radix moves the focus into the list itself.
    if (focusAtFirst && !openAtFirst) trigger.current?.focus();
  }, [focusAtFirst, openAtFirst]);
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled} open={open} onOpenChange={setOpen}>
      <SelectTrigger id={id} ref={trigger}>
        <SelectValue placeholder={placeholder}>{selectedLabel}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {choices.map((choice) => (
          <SelectItem key={choice.value} value={choice.value} className={itemClassName}>
            {choice.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

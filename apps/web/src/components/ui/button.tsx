import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

// A label longer than the room it has (Georgian words are long: "ყველას წაკითხულად მონიშვნა") wraps and the button
// grows taller, rather than pushing past the screen's edge or being cut: min heights, not heights.
export const buttonVariants = cva(
  'inline-flex max-w-full items-center justify-center gap-2 text-center rounded-md text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*=size-])]:size-4',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-card hover:bg-primary-hover',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-border',
        outline: 'border border-input bg-card text-foreground hover:bg-muted',
        ghost: 'text-foreground hover:bg-muted',
        destructive: 'bg-destructive text-destructive-foreground shadow-card hover:bg-destructive-hover',
        link: 'h-auto min-h-0 px-0 py-0 text-primary underline-offset-4 hover:underline',
      },
      size: {
        // Below md every size is at least 44 px tall (touch targets); from md up the denser desktop sizes.
        sm: 'min-h-11 px-3 py-1.5 text-sm md:min-h-8 md:text-xs',
        default: 'min-h-11 px-4 py-2 md:min-h-10',
        lg: 'min-h-12 px-6 py-2 text-base',
        icon: 'size-11 md:size-10',
      },
    },
    compoundVariants: [{ variant: 'link', className: 'h-auto min-h-0 px-0 py-0' }],
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (e.g. a router Link) with the button's look. */
    asChild?: boolean;
    /** Shows a spinner, disables the button and marks it busy. */
    loading?: boolean;
  };

export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) {
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner className="size-4" />}
      {children}
    </button>
  );
}

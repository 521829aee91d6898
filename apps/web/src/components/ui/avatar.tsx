import { initials } from '@app/shared/format/format';
import { cva, type VariantProps } from 'class-variance-authority';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';
import { fullName } from '@/lib/format';

const avatarVariants = cva('relative flex shrink-0 overflow-hidden rounded-full bg-primary-soft', {
  variants: {
    size: {
      sm: 'size-8 text-xs',
      default: 'size-10 text-sm',
      lg: 'size-16 text-xl',
      xl: 'size-24 text-3xl',
    },
  },
  defaultVariants: { size: 'default' },
});

type AvatarProps = VariantProps<typeof avatarVariants> & {
  src?: string | null;
  name?: string | null;
  lastname?: string | null;
  className?: string;
};

/** The person's photo, or their initials while it loads or when there is none. */
export function Avatar({ src, name, lastname, size, className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root className={cn(avatarVariants({ size }), className)}>
      {src && <AvatarPrimitive.Image src={src} alt={fullName(name, lastname)} className="size-full object-cover" />}
      {/* Without a photo the initials are there from the first paint (also on a page drawn by the server): Radix
          holds a fallback with any delay, even 0, until it has run in the browser. */}
      <AvatarPrimitive.Fallback
        delayMs={src ? 300 : undefined}
        className="flex size-full items-center justify-center font-semibold text-primary-hover"
      >
        {initials(name, lastname)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}

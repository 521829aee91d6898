import { resendVerificationInput } from '@app/shared/auth/auth.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useTranslation } from '@/lib/use-translation';
import { useResendVerification } from '../api/auth-api';

type Values = z.input<typeof resendVerificationInput>;
const FIELDS = ['email'] as const;

export function ResendVerificationForm({ defaultEmail = '', onSent }: { defaultEmail?: string; onSent?: () => void }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof resendVerificationInput>>({
    resolver: zodResolver(resendVerificationInput),
    defaultValues: { email: defaultEmail },
  });

  // The success toast is the hook's (the dialog holding this form may close before the answer comes).
  const onSubmit = handleSubmit(({ email }) =>
    resend.mutate(email, {
      onSuccess: () => onSent?.(),
      onError: (error) => {
        // A message under the field is the whole answer; a toast would say it twice.
        if (applyServerFieldErrors(error, setError, FIELDS)) return;
        toast({ title: t('common.error'), description: error.message, variant: 'destructive' });
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={t('auth.resend.formLabel')}>
      <Field label={t('auth.resend.emailLabel')} error={errors.email?.message}>
        {(p) => <Input {...p} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      <Button type="submit" loading={resend.isPending}>
        {t('auth.resend.submit')}
      </Button>
    </form>
  );
}

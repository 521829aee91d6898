import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useTranslation } from '@/lib/use-translation';
import { useChangePassword } from '../api/settings-api';
import type { passwordChangeForm } from './password-change-form';

type Values = z.input<typeof passwordChangeForm>;
const resolver = lazyZodResolver<Values>(() => import('./password-change-form').then((m) => m.passwordChangeForm));
// The fields the server's contract (changePasswordInput) can refuse.
const FIELDS = ['currentPassword', 'newPassword'] as const;

export function SecuritySection() {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  // The toasts are the hook's; the form clears itself or marks the fields the server refused.
  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => reset(),
        onError: (error) => applyServerFieldErrors(error, setError, FIELDS),
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.security.cardTitle')}</CardTitle>
        <CardDescription>{t('settings.security.cardDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          method="post"
          noValidate
          onSubmit={onSubmit}
          onFocus={resolver.preload}
          className="grid gap-5"
          aria-label={t('settings.security.cardTitle')}
        >
          <Field label={t('settings.security.current')} error={errors.currentPassword?.message} required>
            {(p) => (
              <PasswordInput
                {...p}
                toggleLabel={t('settings.security.showCurrent')}
                autoComplete="current-password"
                {...register('currentPassword')}
              />
            )}
          </Field>
          <Field
            label={t('settings.security.new')}
            error={errors.newPassword?.message}
            hint={t('auth.fields.passwordHint')}
            required
          >
            {(p) => (
              <PasswordInput
                {...p}
                toggleLabel={t('settings.security.showNew')}
                autoComplete="new-password"
                {...register('newPassword')}
              />
            )}
          </Field>
          <Field label={t('settings.security.confirm')} error={errors.confirmPassword?.message} required>
            {(p) => (
              <PasswordInput
                {...p}
                toggleLabel={t('settings.security.showConfirm')}
                autoComplete="new-password"
                {...register('confirmPassword')}
              />
            )}
          </Field>
          <div className="flex justify-end">
            <Button type="submit" loading={changePassword.isPending} className="w-full sm:w-auto">
              {t('settings.security.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

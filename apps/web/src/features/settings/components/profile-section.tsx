import type { Me } from '@app/shared/auth/auth.schemas';
import type { updateProfileInput } from '@app/shared/profiles/profile.schemas';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useTranslation } from '@/lib/use-translation';
import { useUpdateProfile } from '../api/settings-api';
import { AvatarUploader } from './avatar-uploader';
import { PendingEmailChange } from './pending-email-change';

type Values = z.input<typeof updateProfileInput>;
const FIELDS = ['name', 'lastname', 'mobile', 'email'] as const;
const resolver = lazyZodResolver<Values, z.output<typeof updateProfileInput>>(() =>
  import('@app/shared/profiles/profile.schemas').then((m) => m.updateProfileInput),
);

const valuesOf = (user: Me): Values => ({
  name: user.name,
  lastname: user.lastname,
  mobile: user.mobile ?? '',
  email: user.email,
});

export function ProfileSection({ user }: { user: Me }) {
  const { t } = useTranslation();
  const updateProfile = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<Values, unknown, z.output<typeof updateProfileInput>>({
    resolver,
    defaultValues: valuesOf(user),
  });

  // The cache update and the toasts are the hook's; this form only resets itself or marks its fields.
  const onSubmit = handleSubmit((values) =>
    updateProfile.mutate(values, {
      onSuccess: ({ user: updated }) => reset(valuesOf(updated)),
      onError: (error) => applyServerFieldErrors(error, setError, FIELDS),
    }),
  );

  return (
    <div className="grid gap-6">
      <Card>
        <CardContent>
          <AvatarUploader user={user} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('settings.profile.detailsTitle')}</CardTitle>
          <CardDescription>{t('settings.profile.detailsDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            onSubmit={onSubmit}
            onFocus={resolver.preload}
            className="grid gap-5"
            aria-label={t('settings.profile.detailsTitle')}
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label={t('auth.fields.name')} error={errors.name?.message} required>
                {(p) => <Input {...p} autoComplete="given-name" {...register('name')} />}
              </Field>
              <Field label={t('auth.fields.lastname')} error={errors.lastname?.message} required>
                {(p) => <Input {...p} autoComplete="family-name" {...register('lastname')} />}
              </Field>
            </div>
            <Field label={t('auth.fields.mobile')} labelSuffix={t('common.optional')} error={errors.mobile?.message}>
              {(p) => <Input {...p} type="tel" autoComplete="tel" {...register('mobile')} />}
            </Field>
            <Field
              label={t('auth.fields.email')}
              error={errors.email?.message}
              hint={t('settings.profile.emailHint')}
              required
            >
              {(p) => <Input {...p} type="email" autoComplete="email" {...register('email')} />}
            </Field>
            <PendingEmailChange current={user.email} />
            <div className="flex justify-end">
              <Button type="submit" loading={updateProfile.isPending} disabled={!isDirty} className="w-full sm:w-auto">
                {t('settings.profile.save')}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

import type { signInInput } from '@app/shared/auth/auth.schemas';
import { AUTH_FORM_INTENT } from '@app/shared/auth/auth-form-post';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { paths } from '@/config/paths';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useTranslation } from '@/lib/use-translation';
import { useSignIn } from '../api/auth-api';
import { useAuthFormPost } from '../api/auth-form-post';

// The resend dialog (Radix Dialog, its focus and scroll locks) is loaded when first opened, not before the sign-in
// form's first tap (issue 28 §2); once opened it stays mounted, for its closing animation.
const ResendDialog = lazy(() => import('./resend-dialog').then((m) => ({ default: m.ResendDialog })));

type Values = z.input<typeof signInInput>;
const resolver = lazyZodResolver<Values, z.output<typeof signInInput>>(() =>
  import('@app/shared/auth/auth.schemas').then((m) => m.signInInput),
);

export function LoginForm() {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [resendOpen, setResendOpen] = useState(false);
  const [resendMounted, setResendMounted] = useState(false);
  // What the server answered when the browser posted this form itself (before the app ran): drawn the same here.
  const posted = useAuthFormPost('login');
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, submitCount },
  } = useForm<Values, unknown, z.output<typeof signInInput>>({
    resolver,
    defaultValues: { email: posted?.values.email?.toString() ?? '', password: '' },
  });
  const fromServer = submitCount === 0 ? posted : null;
  // Both fields share one message ("email ... and a password"), so it is said once.
  const formError =
    errors.email?.message ??
    errors.password?.message ??
    fromServer?.fieldErrors.email ??
    fromServer?.fieldErrors.password ??
    fromServer?.message ??
    undefined;

  // Where to go next and the error toast are the hook's (they must not depend on this form still being there).
  const onSubmit = handleSubmit((values) => signIn.mutate(values));

  return (
    <>
      {/* A real form: sent by the browser itself before the app runs (or without JavaScript), the server signs in and
          redirects (apps/server/src/lib/auth-form-posts.ts). POST: the password goes in the body, never the address. */}
      <form
        method="post"
        action={paths.auth.href()}
        data-native-post
        noValidate
        onSubmit={onSubmit}
        onFocus={resolver.preload}
        className="grid gap-5"
        aria-label={t('auth.login.formLabel')}
      >
        <input type="hidden" name={AUTH_FORM_INTENT} value="login" />
        <div className="grid gap-1.5">
          <Label htmlFor="login-email">{t('auth.fields.email')}</Label>
          <Input
            id="login-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-invalid={errors.email || fromServer?.fieldErrors.email ? true : undefined}
            aria-describedby={formError ? 'login-error' : undefined}
            defaultValue={posted?.values.email?.toString() ?? ''}
            {...register('email')}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="login-password">{t('auth.fields.password')}</Label>
          <PasswordInput
            id="login-password"
            toggleLabel={t('auth.fields.showPassword')}
            autoComplete="current-password"
            aria-invalid={errors.password || fromServer?.fieldErrors.password ? true : undefined}
            aria-describedby={formError ? 'login-error' : undefined}
            {...register('password')}
          />
        </div>
        {formError && <FieldError id="login-error">{formError}</FieldError>}
        <Button type="submit" size="lg" className="w-full" loading={signIn.isPending}>
          {signIn.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          {t('auth.login.notVerified')}{' '}
          <button
            type="button"
            onClick={() => {
              setResendMounted(true);
              setResendOpen(true);
            }}
            className="font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {t('auth.resend.link')}
          </button>
        </p>
      </form>
      {resendMounted && (
        <Suspense fallback={null}>
          <ResendDialog open={resendOpen} onOpenChange={setResendOpen} defaultEmail={getValues('email')} />
        </Suspense>
      )}
    </>
  );
}

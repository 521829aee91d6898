import type { registerInput } from '@app/shared/auth/auth.schemas';
import { AUTH_FORM_INTENT } from '@app/shared/auth/auth-form-post';
import type { SignupRole } from '@app/shared/constants';
import { Briefcase, Check, CircleCheck, ExternalLink, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { Link } from '@/lib/router';
import { Trans } from '@/lib/trans';
import { useHydrated } from '@/lib/use-hydrated';
import { useTranslation } from '@/lib/use-translation';
import { useRegister } from '../api/auth-api';
import { useAuthFormPost } from '../api/auth-form-post';
import { type CategoryOptions, CategoryPicker } from './category-picker';

// The terms box holds `false` until ticked; the shared schema still insists on `true` before submitting.
type RegisterValues = Omit<z.input<typeof registerInput>, 'acceptTerms'> & { acceptTerms: boolean };
type RegisterOutput = z.output<typeof registerInput>;
const resolver = lazyZodResolver<RegisterValues, RegisterOutput>(() =>
  import('@app/shared/auth/auth.schemas').then((m) => m.registerInput),
);

const FIELDS = ['role', 'email', 'password', 'name', 'lastname', 'mobile', 'companyId', 'categoryIds'] as const;

type RegisterFormProps = {
  categories: CategoryOptions;
  /**
   * After sign-up; by default a full page load of / so the new session starts clean. Tests pass their own: jsdom
   * cannot load a page, and they check that sign-up did or did not finish.
   */
  onRegistered?: () => void;
};

export function RegisterForm({ categories, onRegistered }: RegisterFormProps) {
  const { t } = useTranslation();
  // The redirect after sign-up is the hook's, so it happens even if this form is gone by then.
  const registerMutation = useRegister({ onRegistered });
  // Signed up: the full page load of / is on its way; the button stays busy so nobody signs up twice.
  const submitting = registerMutation.isPending || registerMutation.isSuccess;
  // What the server answered when the browser posted this form itself (before the app ran): drawn the same here.
  const posted = useAuthFormPost('register');
  const hydrated = useHydrated();
  const was = (name: string) => posted?.values[name]?.toString() ?? '';
  const form = useForm<RegisterValues, unknown, RegisterOutput>({
    resolver,
    defaultValues: {
      role: was('role') === 'influencer' ? 'influencer' : 'client',
      email: was('email'),
      password: '',
      name: was('name'),
      lastname: was('lastname'),
      mobile: was('mobile'),
      companyId: was('companyId'),
      categoryIds: [posted?.values.categoryIds ?? []].flat(),
      acceptTerms: was('acceptTerms') === 'on',
    },
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors: clientErrors, submitCount },
  } = form;
  // The server's messages until the form is sent again from here; each field's own message first.
  const serverErrors = submitCount === 0 ? posted?.fieldErrors : undefined;
  const errors = Object.fromEntries(
    FIELDS.map((f) => [f, { message: clientErrors[f]?.message ?? serverErrors?.[f] }]),
  ) as Record<(typeof FIELDS)[number], { message?: string } | undefined>;
  const formMessage = submitCount === 0 ? posted?.message : null;
  const [role, acceptTerms, categoryIds] = useWatch({ control, name: ['role', 'acceptTerms', 'categoryIds'] });
  const isInfluencer = role === 'influencer';
  const missingCategory = isInfluencer && (categoryIds?.length ?? 0) === 0;
  // Why the button is disabled, said next to it rather than left as a riddle.
  const blockers = [
    !acceptTerms && t('auth.register.termsRequired'),
    missingCategory && t('auth.register.categoryRequired'),
  ].filter((m): m is string => Boolean(m));

  // The values go as the shared schema parsed them; the other role's fields were emptied when the role changed.
  const onSubmit = handleSubmit((values) =>
    registerMutation.mutate(values, {
      onError: (error) => {
        if (applyServerFieldErrors(error, setError, FIELDS)) return;
        toast({ title: t('common.error'), description: error.message, variant: 'destructive' });
      },
    }),
  );

  const chooseRole = (next: SignupRole) => {
    setValue('role', next, { shouldValidate: false });
    // Company ID is for clients, categories for influencers: what was given for the other role is not sent.
    setValue('companyId', '');
    setValue('categoryIds', []);
  };

  return (
    // A real form: sent by the browser itself before the app runs (or without JavaScript), the server registers and
    // redirects, or draws it again with its messages (apps/server/src/lib/auth-form-posts.ts).
    <form
      method="post"
      action={paths.auth.href('register')}
      data-native-post
      noValidate
      onSubmit={onSubmit}
      onFocus={resolver.preload}
      className="grid gap-5"
      aria-label={t('auth.register.formLabel')}
    >
      <input type="hidden" name={AUTH_FORM_INTENT} value="register" />
      {formMessage && <FieldError>{formMessage}</FieldError>}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('auth.register.accountType')}</legend>
        <div className="grid grid-cols-2 gap-3">
          {(
            [
              { value: 'client', icon: Briefcase },
              { value: 'influencer', icon: Sparkles },
            ] as const
          ).map(({ value, icon: Icon }) => (
            <label
              key={value}
              className={cn(
                'relative flex cursor-pointer flex-col gap-2 rounded-lg border-2 p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                role === value ? 'border-primary bg-primary-soft' : 'border-border bg-card hover:border-input',
              )}
            >
              <input
                type="radio"
                name="role"
                value={value}
                checked={role === value}
                onChange={() => chooseRole(value)}
                // Invisible but covering the card, so a click anywhere (by a person or a test) lands on the radio.
                className="absolute inset-0 z-10 cursor-pointer opacity-0"
              />
              <Icon
                className={cn('size-6', role === value ? 'text-primary' : 'text-muted-foreground')}
                aria-hidden="true"
              />
              {/* Not by colour alone: the chosen card also carries a check mark. */}
              {role === value && (
                <CircleCheck
                  className="absolute top-3 right-3 size-5 fill-primary text-primary-foreground"
                  aria-hidden="true"
                  data-testid="role-selected"
                />
              )}
              <span className="text-sm font-semibold">{t(`auth.register.roles.${value}.title`)}</span>
              <span className="text-xs text-muted-foreground">{t(`auth.register.roles.${value}.description`)}</span>
            </label>
          ))}
        </div>
        {errors.role?.message && <FieldError>{errors.role.message}</FieldError>}
      </fieldset>

      <Field label={t('auth.fields.email')} error={errors.email?.message} required>
        {(p) => (
          <Input
            {...p}
            type="email"
            autoComplete="email"
            inputMode="email"
            defaultValue={was('email')}
            {...register('email')}
          />
        )}
      </Field>
      <Field
        label={t('auth.fields.password')}
        error={errors.password?.message}
        hint={t('auth.fields.passwordHint')}
        required
      >
        {(p) => (
          <PasswordInput
            {...p}
            toggleLabel={t('auth.fields.showPassword')}
            autoComplete="new-password"
            {...register('password')}
          />
        )}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('auth.fields.name')} error={errors.name?.message} required>
          {(p) => <Input {...p} autoComplete="given-name" defaultValue={was('name')} {...register('name')} />}
        </Field>
        <Field label={t('auth.fields.lastname')} error={errors.lastname?.message} required>
          {(p) => <Input {...p} autoComplete="family-name" defaultValue={was('lastname')} {...register('lastname')} />}
        </Field>
      </div>
      <Field label={t('auth.fields.mobile')} labelSuffix={t('common.optional')} error={errors.mobile?.message}>
        {(p) => (
          <Input
            {...p}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            defaultValue={was('mobile')}
            {...register('mobile')}
          />
        )}
      </Field>
      {!isInfluencer && (
        <Field label={t('auth.fields.companyId')} labelSuffix={t('common.optional')} error={errors.companyId?.message}>
          {(p) => <Input {...p} autoComplete="off" defaultValue={was('companyId')} {...register('companyId')} />}
        </Field>
      )}
      {isInfluencer && (
        <Controller
          control={control}
          name="categoryIds"
          render={({ field, fieldState }) => (
            <CategoryPicker
              options={categories}
              value={field.value ?? []}
              onChange={field.onChange}
              error={fieldState.error?.message ?? serverErrors?.categoryIds}
            />
          )}
        />
      )}

      <div className="flex min-h-11 items-start gap-3 py-1">
        {/* A native box, so it is ticked and sent with the form before the app runs too: invisible over a 44 px hit
            area, with the 20 px box drawn beneath it. */}
        <span className="relative mt-0.5 size-5 shrink-0">
          <input
            id="accept-terms"
            type="checkbox"
            defaultChecked={was('acceptTerms') === 'on'}
            className="peer absolute -inset-3 z-10 size-11 cursor-pointer opacity-0"
            {...register('acceptTerms')}
          />
          <span
            aria-hidden="true"
            className="flex size-5 items-center justify-center rounded-sm border border-input bg-card text-transparent shadow-xs transition-colors peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring"
          >
            <Check className="size-3.5" strokeWidth={3} />
          </span>
        </span>
        <Label htmlFor="accept-terms" className="text-sm leading-snug font-normal">
          <Trans
            i18nKey="auth.register.terms"
            components={{
              terms: <NewTabLink to={paths.terms.href()} />,
              privacy: <NewTabLink to={paths.privacy.href()} />,
            }}
          />
        </Label>
        <span id={NEW_TAB_HINT_ID} hidden>
          {t('common.opensInNewTab')}
        </span>
      </div>
      {serverErrors?.acceptTerms && <FieldError>{serverErrors.acceptTerms}</FieldError>}

      <div className="grid gap-2">
        <Button
          type="submit"
          size="lg"
          className="w-full"
          // Before the app runs the browser sends the form itself and the server says what is missing.
          disabled={hydrated && blockers.length > 0}
          loading={submitting}
          aria-describedby={hydrated && blockers.length > 0 ? 'register-blockers' : undefined}
        >
          {submitting ? t('auth.register.submitting') : t('auth.register.submit')}
        </Button>
        <div
          id="register-blockers"
          aria-live="polite"
          className="grid gap-0.5 text-center text-sm text-muted-foreground"
        >
          {(hydrated ? blockers : []).map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      </div>
    </form>
  );
}

const NEW_TAB_HINT_ID = 'register-new-tab-hint';

/**
 * The terms and the policy open in a new tab, so a half-filled form is not lost. The "(opens in a new tab)" hint is
 * the link's description, not part of its name, so the checkbox's label still reads as one sentence.
 */
function NewTabLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <Link
      to={to}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby={NEW_TAB_HINT_ID}
      className="font-medium text-primary underline underline-offset-2"
    >
      {children}
      <ExternalLink className="ml-0.5 inline size-3.5 align-[-0.125em]" aria-hidden="true" />
    </Link>
  );
}

import { LIMITS } from '@app/shared/constants';
import { formatCount } from '@app/shared/format/format';
import { PRICE_RANGE, SOCIAL_PLATFORMS, type SocialPlatform } from '@app/shared/social/social.constants';
import type { PlatformSettings, SocialAccount } from '@app/shared/social/social.schemas';
import { BadgeCheck, Copy } from 'lucide-react';
import { Slider } from 'radix-ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { useCategories } from '@/features/categories/api/use-categories';
import { useCategoryName } from '@/features/categories/category-name';
import { offeredOnly } from '@/lib/categories';
import { useDates } from '@/lib/format';
import { useSearchParams } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { useFetchAccount, useSavePlatformSettings, useSocialOverview, useVerifyAccount } from '../api/use-social';

type Props = {
  /** Where TikTok's and Instagram's consent screens send the person back to. */
  returnTo: 'settings' | 'wizard';
  /** Settings shows categories and price ranges; the wizard only verification. */
  withSettings?: boolean;
};

/**
 * Settings → Social Media and wizard-1 (spec §2, §4): per platform, a handle, Fetch (the account as the platform
 * knows it and a code), the code to copy into the bio or description, Verify; in Settings also categories and a
 * price range, saved to the server.
 */
export function SocialAccounts({ returnTo, withSettings = false }: Props) {
  const { t } = useTranslation();
  const overview = useSocialOverview();
  useConsentOutcome();
  if (overview.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (overview.isError) {
    return <ErrorState title={t('social.loadFailed')} onRetry={() => void overview.refetch()} />;
  }
  return (
    <div className="grid gap-4">
      {SOCIAL_PLATFORMS.map((platform) => (
        <PlatformCard
          key={platform}
          platform={platform}
          account={overview.data.accounts.find((a) => a.platform === platform) ?? null}
          settings={withSettings ? overview.data.settings.find((s) => s.platform === platform) : undefined}
          returnTo={returnTo}
        />
      ))}
    </div>
  );
}

/** The consent screen sent the person back with ?connected= or ?socialError=: say so once, then clean the address. */
function useConsentOutcome() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const connected = params.get('connected');
  const error = params.get('socialError');
  useEffect(() => {
    if (!connected && !error) return;
    if (connected === 'tiktok' || connected === 'instagram') {
      toast({ title: t('social.connected', { platform: t(`platforms.${connected}`) }), variant: 'success' });
    } else if (error) {
      toast({ title: t('social.startFailed'), description: error, variant: 'destructive' });
    }
    setParams(
      (p) => {
        for (const k of ['connected', 'socialError', 'socialPlatform']) p.delete(k);
        return p;
      },
      { replace: true },
    );
  }, [connected, error, setParams, t]);
}

function PlatformCard({
  platform,
  account,
  settings,
  returnTo,
}: {
  platform: SocialPlatform;
  account: SocialAccount | null;
  settings?: PlatformSettings;
  returnTo: 'settings' | 'wizard';
}) {
  const { t } = useTranslation();
  const name = t(`platforms.${platform}`);
  const headingId = useId();
  const [handle, setHandle] = useState(account?.handle ?? '');
  const fetchAccount = useFetchAccount(platform, returnTo);
  const verify = useVerifyAccount(platform);
  const status = account?.status ?? 'none';
  const verifyText = verify.isPending
    ? t('social.verifying')
    : status === 'verified'
      ? t('social.status.verified')
      : t('social.verify');
  const oauth = platform !== 'youtube';

  function onFetch(e: FormEvent) {
    e.preventDefault();
    if (!handle.trim()) {
      toast({
        title: t('social.startFailed'),
        description: t('social.handleRequired', { platform: name }),
        variant: 'destructive',
      });
      return;
    }
    fetchAccount.mutate(handle);
  }

  return (
    <Card>
      <CardContent className="grid gap-4">
        <section aria-labelledby={headingId} className="grid gap-4">
          <div className="flex items-center justify-between gap-3">
            <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
              <PlatformIcon platform={platform} className="size-5" />
              {name}
            </h2>
            <StatusBadge status={status} />
          </div>

          <form onSubmit={onFetch} className="grid gap-2" noValidate>
            <Field
              label={t(platform === 'youtube' ? 'social.handleLabel' : 'social.handleLabelProfile', { platform: name })}
              hint={`${t(`social.handleHint.${platform}`)}${oauth ? ` ${t('social.connectHint', { platform: name })}` : ''}`}
            >
              {(control) => (
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Input
                    {...control}
                    value={handle}
                    onChange={(e) => setHandle(e.target.value)}
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    className="sm:flex-1"
                  />
                  <Button type="submit" variant="outline" loading={fetchAccount.isPending}>
                    {fetchAccount.isPending ? t('social.fetching') : t('social.fetch')}
                  </Button>
                </div>
              )}
            </Field>
          </form>

          {account && <AccountPreview account={account} />}

          {account?.status === 'pending' && account.code && (
            <CodeBox platform={platform} code={account.code} expiresAt={account.expiresAt} />
          )}
          {account?.status === 'pending' && oauth && !account.connected && (
            <p className="text-sm text-muted-foreground">{t('social.notConnected', { platform: name })}</p>
          )}
          {account?.status === 'verified' && account.reconnectNeeded && (
            <p className="text-sm text-destructive-hover" role="status">
              {t('social.reconnectNeeded', { platform: name })}
            </p>
          )}
          {account?.status === 'failed' && (
            <p className="text-sm text-destructive-hover" role="status">
              {t('social.expired')}
            </p>
          )}

          <Button
            type="button"
            onClick={() => verify.mutate()}
            loading={verify.isPending}
            disabled={status !== 'pending'}
            // The name begins with the words on the button (WCAG 2.5.3): "Verified YouTube", not "Verify YouTube".
            aria-label={`${verifyText} ${name}`}
          >
            {status === 'verified' && <BadgeCheck aria-hidden="true" />}
            {verifyText}
          </Button>
          {settings && <SettingsForm platform={platform} settings={settings} />}
        </section>
      </CardContent>
    </Card>
  );
}

function StatusBadge({ status }: { status: SocialAccount['status'] | 'none' }) {
  const { t } = useTranslation();
  const variant =
    status === 'verified'
      ? 'success'
      : status === 'pending'
        ? 'warning'
        : status === 'failed'
          ? 'destructive'
          : 'secondary';
  return (
    <Badge variant={variant}>
      {status === 'verified' && <BadgeCheck aria-hidden="true" />}
      {t(`social.status.${status}`)}
    </Badge>
  );
}

function AccountPreview({ account }: { account: SocialAccount }) {
  const { t } = useTranslation();
  const dates = useDates();
  if (!account.title) return null;
  const date = dates.day;
  return (
    <div className="flex items-center gap-3 rounded-lg border border-border p-3">
      <Avatar src={account.avatarUrl} name={account.title} lastname="" size="lg" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{account.title}</p>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1">
            <dt>{t('social.followers')}:</dt>
            <dd className="font-semibold text-foreground">
              {account.followerCount === null ? t('social.followersHidden') : formatCount(account.followerCount)}
            </dd>
          </div>
          {account.videoCount !== null && (
            <div className="flex gap-1">
              <dt>{account.platform === 'instagram' ? t('social.posts') : t('social.videos')}:</dt>
              <dd className="font-semibold text-foreground">{formatCount(account.videoCount)}</dd>
            </div>
          )}
        </dl>
        {account.verifiedAt && (
          <p className="text-xs text-muted-foreground">
            {t('social.verifiedOn', { date: date(account.verifiedAt) })}
            {account.countsRefreshedAt && ` · ${t('social.countsUpdated', { date: date(account.countsRefreshedAt) })}`}
          </p>
        )}
      </div>
    </div>
  );
}

function CodeBox({ platform, code, expiresAt }: { platform: SocialPlatform; code: string; expiresAt: string | null }) {
  const { t } = useTranslation();
  const dates = useDates();
  const labelId = useId();
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      toast({ title: t('social.copied'), variant: 'success' });
    } catch {
      toast({ title: t('social.copyFailed'), variant: 'destructive' });
    }
  }
  return (
    <div className="grid gap-2 rounded-lg bg-primary-soft p-4">
      <p id={labelId} className="text-sm font-semibold">
        {t('social.codeTitle')}
      </p>
      <div className="flex items-center gap-2">
        <output aria-labelledby={labelId} className="flex-1 font-mono text-lg font-bold tracking-wider select-all">
          {code}
        </output>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {t('social.copy')}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">{t(`social.codeHelp.${platform}`)}</p>
      {expiresAt && (
        <p className="text-xs text-muted-foreground">
          {t('social.codeExpires', {
            time: `${dates.day(expiresAt)}, ${dates.clock(expiresAt)}`,
          })}
        </p>
      )}
    </div>
  );
}

function SettingsForm({ platform, settings }: { platform: SocialPlatform; settings: PlatformSettings }) {
  const { t } = useTranslation();
  const categoryName = useCategoryName();
  const name = t(`platforms.${platform}`);
  const headingId = useId();
  const categoriesId = useId();
  const categories = useCategories();
  const save = useSavePlatformSettings(platform);
  const [chosen, setChosen] = useState<string[]>(settings.categoryIds);
  const [range, setRange] = useState<[number, number]>([settings.priceMin, settings.priceMax]);
  const offered = offeredOnly(categories.data ?? []);
  const full = chosen.length >= LIMITS.categoriesPerPlatformMax;

  return (
    <form
      aria-labelledby={headingId}
      className="grid gap-4 border-t border-border pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ categoryIds: chosen, priceMin: range[0], priceMax: range[1] });
      }}
    >
      <h3 id={headingId} className="font-semibold">
        {t('social.settingsTitle', { platform: name })}
      </h3>
      <fieldset className="grid gap-2">
        <legend id={categoriesId} className="mb-2 text-sm font-medium">
          {t('social.categories')}
        </legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {offered.map((c) => {
            const checked = chosen.includes(c.id);
            const id = `${platform}-cat-${c.id}`;
            return (
              <label key={c.id} htmlFor={id} className="flex items-center gap-2 text-sm">
                <Checkbox
                  id={id}
                  checked={checked}
                  disabled={!checked && full}
                  onCheckedChange={(v) =>
                    setChosen((prev) => (v === true ? [...prev, c.id] : prev.filter((x) => x !== c.id)))
                  }
                />
                {categoryName(c.name)}
              </label>
            );
          })}
        </div>
        {full && <p className="text-xs text-muted-foreground">{t('social.categoriesLimit')}</p>}
      </fieldset>
      <div className="grid gap-3">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium">{t('social.priceRange')}</span>
          <span className="font-semibold" aria-live="polite">
            {t('social.priceValue', { min: range[0], max: range[1] })}
          </span>
        </div>
        <Slider.Root
          className="relative flex h-6 w-full touch-none items-center select-none"
          min={PRICE_RANGE.min}
          max={PRICE_RANGE.max}
          step={PRICE_RANGE.step}
          value={range}
          onValueChange={(v) => setRange([v[0] ?? 0, v[1] ?? 0])}
          minStepsBetweenThumbs={0}
        >
          <Slider.Track className="relative h-1.5 grow rounded-full bg-input">
            <Slider.Range className="absolute h-full rounded-full bg-primary" />
          </Slider.Track>
          <Slider.Thumb
            aria-label={t('social.priceMin', { platform: name })}
            className="block size-6 rounded-full border-2 border-primary bg-card shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
          <Slider.Thumb
            aria-label={t('social.priceMax', { platform: name })}
            className="block size-6 rounded-full border-2 border-primary bg-card shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
        </Slider.Root>
      </div>
      <Button type="submit" variant="outline" loading={save.isPending}>
        {t('social.save', { platform: name })}
      </Button>
    </form>
  );
}

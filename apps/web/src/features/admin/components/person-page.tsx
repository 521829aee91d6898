import type { AdminPersonDetail } from '@app/shared/admin/admin.schemas';
import { SOCIAL_PLATFORMS, type SocialPlatform } from '@app/shared/social/social.constants';
import { ArrowLeft, LockOpen, MailCheck, RotateCcw, UserCheck, UserX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { StageBadge } from '@/components/stage-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Field } from '@/components/ui/field';
import { controlClasses } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useDates, useGel } from '@/lib/format';
import { Link } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { type PersonAction, usePerson, usePersonAction } from '../api/use-admin';
import { Fact } from './admin-shell';
import { PersonBadges } from './people-list';
import { ReasonDialog } from './reason-dialog';

/** /admin/people/:id */
export function PersonPage({ id }: { id: string }) {
  const { t } = useTranslation();
  const person = usePerson(id);
  return (
    <>
      <Link
        to={paths.adminPeople.href()}
        className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('admin.people.title')}
      </Link>
      {person.isPending ? (
        <Skeleton className="h-64" />
      ) : person.isError ? (
        <ErrorState
          title={t('admin.person.loadFailed')}
          description={person.error.message}
          onRetry={() => void person.refetch()}
          retrying={person.isFetching}
        />
      ) : (
        <PersonDetail person={person.data} />
      )}
    </>
  );
}

function PersonDetail({ person: p }: { person: AdminPersonDetail }) {
  const { t } = useTranslation();
  const gel = useGel();
  const dates = useDates();
  const act = usePersonAction(p.id);
  const [asking, setAsking] = useState<PersonAction | null>(null);
  const [platform, setPlatform] = useState<SocialPlatform>(p.socials[0]?.platform ?? 'youtube');
  const locked = p.signIn.lockedUntil !== null;
  const member = p.role !== 'admin';
  const ask = (a: PersonAction) => {
    act.reset();
    setAsking(a);
  };

  return (
    <>
      <PageHeader title={p.name} description={p.email} eyebrow={<PersonBadges person={p} />} />
      <div className="mb-4 flex flex-wrap gap-2">
        {member && p.active !== false && (
          <Button variant="destructive" onClick={() => ask('deactivate')}>
            <UserX aria-hidden="true" />
            {t('admin.person.actions.deactivate')}
          </Button>
        )}
        {member && p.active === false && (
          <Button onClick={() => ask('reactivate')}>
            <UserCheck aria-hidden="true" />
            {t('admin.person.actions.reactivate')}
          </Button>
        )}
        {!p.emailVerified && (
          <Button variant="outline" onClick={() => ask('resendVerification')}>
            <MailCheck aria-hidden="true" />
            {t('admin.person.actions.resendVerification')}
          </Button>
        )}
        {locked && (
          <Button variant="outline" onClick={() => ask('unlockSignIn')}>
            <LockOpen aria-hidden="true" />
            {t('admin.person.actions.unlockSignIn')}
          </Button>
        )}
        {p.socials.length > 0 && (
          <Button variant="outline" onClick={() => ask('resetSocial')}>
            <RotateCcw aria-hidden="true" />
            {t('admin.person.actions.resetSocial')}
          </Button>
        )}
      </div>
      <ReasonDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking ? t(`admin.person.confirm.${asking}.title`, { name: p.name }) : ''}
        description={asking ? t(`admin.person.confirm.${asking}.description`) : ''}
        confirmLabel={asking ? t(`admin.person.actions.${asking}`) : ''}
        destructive={asking === 'deactivate'}
        loading={act.isPending}
        error={act.error}
        onConfirm={(reason) =>
          asking && act.mutate({ action: asking, reason, platform }, { onSuccess: () => setAsking(null) })
        }
      >
        {asking === 'resetSocial' && (
          <Field label={t('admin.person.platform')}>
            {(control) => (
              <select
                {...control}
                className={cn(controlClasses, 'h-11 md:h-10')}
                value={platform}
                onChange={(e) => setPlatform(e.target.value as SocialPlatform)}
              >
                {SOCIAL_PLATFORMS.filter((s) => p.socials.some((v) => v.platform === s)).map((s) => (
                  <option key={s} value={s}>
                    {t(`platforms.${s}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </ReasonDialog>

      <div className="grid gap-4 lg:grid-cols-2">
        <Section title={t('admin.person.profile')}>
          <dl className="grid grid-cols-2 gap-3">
            <Fact label={t('admin.person.role')}>{t(`admin.roles.${p.role}`)}</Fact>
            <Fact label={t('admin.person.joined')}>{dates.day(p.createdAt)}</Fact>
            <Fact label={t('admin.person.mobile')}>{p.mobile ?? '—'}</Fact>
            {p.role === 'client' && <Fact label={t('admin.person.company')}>{p.companyId ?? '—'}</Fact>}
            <Fact label={t('admin.person.emailState')}>
              {p.emailVerified ? t('admin.person.verified') : t('admin.people.unverified')}
            </Fact>
            <Fact label={t('admin.person.signIn')}>
              {locked ? (
                <Badge variant="destructive">
                  {t('admin.person.lockedUntil', { time: dates.clock(p.signIn.lockedUntil!) })}
                </Badge>
              ) : (
                t('admin.person.notLocked', { count: p.signIn.failures })
              )}
            </Fact>
          </dl>
        </Section>

        {p.role === 'influencer' && (
          <Section title={t('admin.person.socials')}>
            {p.socials.length === 0 ? (
              <Empty>{t('admin.person.noSocials')}</Empty>
            ) : (
              <ul className="grid gap-2">
                {p.socials.map((s) => (
                  <li key={s.platform} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <span>
                      <span className="font-medium">{t(`platforms.${s.platform}`)}</span> · {s.handle}
                    </span>
                    <span className="flex items-center gap-2">
                      {s.followerCount !== null && s.status === 'verified' && (
                        <span className="tabular-nums text-muted-foreground">
                          {t('admin.person.followers', { count: s.followerCount })}
                        </span>
                      )}
                      <Badge
                        variant={
                          s.status === 'verified' ? 'success' : s.status === 'failed' ? 'destructive' : 'warning'
                        }
                      >
                        {t(`admin.person.socialStatus.${s.status}`)}
                      </Badge>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        )}

        <Section
          title={t('admin.person.orders')}
          action={
            p.orders.length > 0 && (
              <Link
                to={paths.adminOrders.href({ party: p.id })}
                className="text-sm font-semibold text-primary hover:underline"
              >
                {t('admin.person.allOrders')}
              </Link>
            )
          }
        >
          {p.orders.length === 0 ? (
            <Empty>{t('admin.person.noOrders')}</Empty>
          ) : (
            <ul className="grid gap-2">
              {p.orders.map((o) => (
                <li key={o.id}>
                  <Link
                    to={paths.adminOrder.href(o.id)}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-lg p-2 text-sm hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className="grid min-w-0">
                      <span className="truncate font-medium">{o.campaignTitle}</span>
                      <span className="text-xs text-muted-foreground">{o.counterpart}</span>
                    </span>
                    <span className="flex items-center gap-2">
                      <span className="tabular-nums">{gel(o.amountMinor)}</span>
                      <StageBadge stage={o.stage} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title={t('admin.person.payments')}>
          {p.payments.length === 0 ? (
            <Empty>{t('admin.person.noPayments')}</Empty>
          ) : (
            <ul className="grid gap-1.5 text-sm">
              {p.payments.map((pay) => (
                <li key={pay.id} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    {t(`admin.paymentKinds.${pay.kind}`, { defaultValue: pay.kind })} · {dates.day(pay.createdAt)}
                  </span>
                  <span className="flex items-center gap-2">
                    <span className="tabular-nums">{gel(pay.amountMinor)}</span>
                    <Badge variant="outline">{pay.status}</Badge>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title={t('admin.person.ratings')}>
          {p.ratings.count === 0 ? (
            <Empty>{t('admin.person.noRatings')}</Empty>
          ) : (
            <>
              <p className="mb-2 text-sm">
                {t('admin.person.ratingAverage', { average: p.ratings.average, count: p.ratings.count })}
              </p>
              <ul className="grid gap-1.5 text-sm">
                {p.ratings.received.map((r) => (
                  <li key={`${r.orderId}-${r.createdAt}`}>
                    <span className="font-medium tabular-nums">{t('admin.person.stars', { count: r.rating })}</span>
                    {r.comment && <span className="text-muted-foreground"> · {r.comment}</span>}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Section>

        <Section title={t('admin.person.support')}>
          {p.supportChats.length === 0 ? (
            <Empty>{t('admin.person.noSupport')}</Empty>
          ) : (
            <ul className="grid gap-1.5 text-sm">
              {p.supportChats.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center justify-between gap-2">
                  <Link to={paths.adminSupport.href()} className="font-medium text-primary hover:underline">
                    {t('admin.person.supportChat', { date: dates.day(c.createdAt) })}
                  </Link>
                  <Badge variant={c.status === 'active' ? 'success' : 'outline'}>
                    {t(`admin.person.chatStatus.${c.status}`, { defaultValue: c.status })}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section title={t('admin.person.history')} className="lg:col-span-2">
          {p.history.length === 0 ? (
            <Empty>{t('admin.person.noHistory')}</Empty>
          ) : (
            <ol className="grid gap-3">
              {p.history.map((h) => (
                <li key={h.id} className="grid gap-0.5 border-l-2 border-border pl-3 text-sm">
                  <span className="font-medium">
                    {t(`admin.person.historyAction.${h.action}`)}
                    {typeof h.details?.platform === 'string' && ` · ${t(`platforms.${h.details.platform}`)}`}
                  </span>
                  {(typeof h.details?.disputedOrders === 'number' || typeof h.details?.canceledOrders === 'number') && (
                    <span>
                      {[
                        typeof h.details.disputedOrders === 'number' &&
                          t('admin.person.historyDisputed', { count: h.details.disputedOrders }),
                        typeof h.details.canceledOrders === 'number' &&
                          t('admin.person.historyCanceled', { count: h.details.canceledOrders }),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  )}
                  <span className="text-muted-foreground">{h.reason}</span>
                  <span className="text-xs text-muted-foreground">
                    {t('admin.person.by', { name: h.admin.name ?? t('admin.person.formerAdmin') })} ·{' '}
                    {dates.day(h.createdAt)} {dates.clock(h.createdAt)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Section>
      </div>
    </>
  );
}

export function Section({
  title,
  action,
  className,
  children,
}: {
  title: ReactNode;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    // min-w-0: a grid item otherwise grows to its widest content (a table), pushing the page past a phone's edge.
    <Card className={cn('min-w-0', className)}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="text-base">{title}</CardTitle>
        {action}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

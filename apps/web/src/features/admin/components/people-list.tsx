import type { AdminPerson } from '@app/shared/admin/admin.schemas';
import { ROLES } from '@app/shared/constants';
import { Search, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { QueryList, RowLink } from '@/components/query-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { controlClasses, Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useDates } from '@/lib/format';
import { useSearchParams } from '@/lib/router';
import { useTranslation } from '@/lib/use-translation';
import { usePeople } from '../api/use-admin';

const FLAGS = ['active', 'verified', 'onboarded'] as const;
const flag = (v: string | null): 'true' | 'false' | undefined => (v === 'true' || v === 'false' ? v : undefined);

/** /admin/people: search by name or e-mail, filters in the address (so a filtered list can be shared and reloaded). */
export function PeopleList() {
  const { t } = useTranslation();
  const dates = useDates();
  const [params, setParams] = useSearchParams();
  const role = ROLES.find((r) => r === params.get('role'));
  const filter = {
    q: params.get('q') || undefined,
    role,
    active: flag(params.get('active')),
    verified: flag(params.get('verified')),
    onboarded: flag(params.get('onboarded')),
  };
  const [text, setText] = useState(filter.q ?? '');
  const people = usePeople(filter);
  const items = people.data?.pages.flatMap((p) => p.items) ?? [];

  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const search = (e: FormEvent) => {
    e.preventDefault();
    set('q', text.trim() || undefined);
  };

  return (
    <>
      <PageHeader title={t('admin.people.title')} description={t('admin.people.subtitle')} />
      <form onSubmit={search} className="mb-4 grid gap-3">
        <div className="flex gap-2">
          <Field label={t('admin.people.search')} className="min-w-0 flex-1">
            {(control) => (
              <Input
                {...control}
                type="search"
                value={text}
                placeholder={t('admin.people.searchPlaceholder')}
                onChange={(e) => setText(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" className="self-end" aria-label={t('admin.people.searchButton')}>
            <Search aria-hidden="true" />
            <span className="hidden sm:inline">{t('admin.people.searchButton')}</span>
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Field label={t('admin.people.role')}>
            {(control) => (
              <select
                {...control}
                className={cn(controlClasses, 'h-11 md:h-10')}
                value={role ?? ''}
                onChange={(e) => set('role', e.target.value || undefined)}
              >
                <option value="">{t('admin.filters.any')}</option>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(`admin.roles.${r}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {FLAGS.map((name) => (
            <Field key={name} label={t(`admin.people.${name}`)}>
              {(control) => (
                <select
                  {...control}
                  className={cn(controlClasses, 'h-11 md:h-10')}
                  value={filter[name] ?? ''}
                  onChange={(e) => set(name, e.target.value || undefined)}
                >
                  <option value="">{t('admin.filters.any')}</option>
                  <option value="true">{t('admin.filters.yes')}</option>
                  <option value="false">{t('admin.filters.no')}</option>
                </select>
              )}
            </Field>
          ))}
        </div>
      </form>
      <QueryList
        query={people}
        items={items}
        label={t('admin.people.title')}
        loadFailed={t('admin.people.loadFailed')}
        empty={{ icon: Users, title: t('admin.people.empty'), description: t('admin.people.emptyDescription') }}
      >
        {(p) => (
          <li key={p.id}>
            <RowLink to={paths.adminPerson.href(p.id)}>
              <div className="grid min-w-0 flex-1 gap-0.5">
                <span className="truncate font-semibold">{p.name}</span>
                <span className="truncate text-sm text-muted-foreground">{p.email}</span>
              </div>
              <PersonBadges person={p} />
              <span className="w-full text-xs text-muted-foreground sm:w-auto">
                {t('admin.people.joined', { date: dates.day(p.createdAt) })}
              </span>
            </RowLink>
          </li>
        )}
      </QueryList>
      {people.hasNextPage && (
        <Button
          variant="outline"
          className="mt-4"
          onClick={() => void people.fetchNextPage()}
          loading={people.isFetchingNextPage}
        >
          {t('admin.loadMore')}
        </Button>
      )}
    </>
  );
}

/** Role, and what is not as it should be (deactivated, unverified, not onboarded), in words as well as colour. */
export function PersonBadges({
  person,
}: {
  person: Pick<AdminPerson, 'role' | 'active' | 'emailVerified' | 'onboarded'>;
}) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1.5">
      <Badge variant="outline">{t(`admin.roles.${person.role}`)}</Badge>
      {person.active === false && <Badge variant="destructive">{t('admin.people.deactivated')}</Badge>}
      {!person.emailVerified && <Badge variant="warning">{t('admin.people.unverified')}</Badge>}
      {person.onboarded === false && <Badge variant="secondary">{t('admin.people.notOnboarded')}</Badge>}
    </span>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { UnrecognisedFiltersNotice } from '@/components/unrecognised-filters-notice';
import { paths } from '@/config/paths';
import { readCampaignFeedParams } from '@/features/campaigns/api/campaign-feed-params';
import { type CampaignFilter, campaignKeys } from '@/features/campaigns/api/campaign-keys';
import { CampaignFeedControls } from '@/features/campaigns/components/campaign-feed-controls';
import { CampaignList } from '@/features/campaigns/components/campaign-list';
import { PlatformFilter } from '@/features/campaigns/components/platform-filter';
import { ReceivedInvitations } from '@/features/invitations/components/received-invitations';
import { useNavigate, useSearchParams } from '@/lib/router';
import { usePageTitle } from '@/lib/use-page-title';
import { useTranslation } from '@/lib/use-translation';
import { AccessRestricted, useSessionUser } from '../guards';

// The create dialog (its form, react-hook-form, Radix Dialog) is loaded when first opened, not before the list's
// first tap (issue 28 §2); once opened it stays mounted (its closing animation, its state while creating).
const CreateCampaignDialog = lazy(() =>
  import('@/features/campaigns/components/create-campaign-dialog').then((m) => ({ default: m.CreateCampaignDialog })),
);

export function CampaignsRoute() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  // Search, platform, sort and budget live in the address (reload, Back and a shared link keep them); a value the
  // server would refuse is left out and the notice says so.
  const { filter, unrecognised } = useMemo(() => readCampaignFeedParams(params), [params]);
  const setFilter = (next: CampaignFilter, options?: { replace?: boolean }) =>
    void navigate(paths.campaigns.href(next), { replace: options?.replace });
  const isClient = user.role === 'client';
  const [creating, setCreating] = useState(false);
  const [createLoaded, setCreateLoaded] = useState(false);
  if (creating && !createLoaded) setCreateLoaded(true);
  const createButton = useRef<HTMLButtonElement>(null);
  usePageTitle(t('titles.campaigns'));

  // /campaigns?create=1 (Home's 'Ready to Start?', the invite dialog) opens the modal once; the parameter goes so
  // that closing the modal, a reload or Back does not open it again.
  const wantsCreate = params.has('create');
  useEffect(() => {
    if (!wantsCreate) return;
    if (isClient) setCreating(true);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('create');
        return next;
      },
      { replace: true },
    );
  }, [wantsCreate, isClient, setParams]);

  // Lists are for the two sides of the marketplace; an admin opens a campaign from its link instead.
  if (user.role !== 'client' && user.role !== 'influencer') {
    return <AccessRestricted title={t('campaigns.title')} message={t('campaigns.onlyMarketplace')} />;
  }

  return (
    <>
      <div className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader
          className="mb-0 sm:mb-0"
          title={t('campaigns.title')}
          description={isClient ? t('campaigns.subtitle.client') : t('campaigns.subtitle.influencer')}
        />
        {isClient && (
          <Button
            ref={createButton}
            className="w-full sm:w-auto"
            aria-haspopup="dialog"
            aria-expanded={creating}
            onClick={() => setCreating(true)}
          >
            <Plus aria-hidden="true" />
            {t('campaigns.create')}
          </Button>
        )}
        {isClient && createLoaded && (
          <Suspense fallback={null}>
            <CreateCampaignDialog
              open={creating}
              onOpenChange={setCreating}
              returnFocusTo={createButton}
              onCreated={(id) => void navigate(paths.campaign.href(id))}
            />
          </Suspense>
        )}
      </div>
      {user.role === 'influencer' && (
        <ReceivedInvitations
          // Applying from an invitation changes the list below (the card shows Applied) and that campaign's page.
          onApplied={(campaignId) => {
            void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
            void queryClient.invalidateQueries({ queryKey: campaignKeys.detail(campaignId) });
          }}
        />
      )}
      <CampaignFeedControls filter={filter} onChange={setFilter} className="mb-4" />
      <PlatformFilter filter={filter} />
      <UnrecognisedFiltersNotice filters={unrecognised} className="mb-6" />
      <CampaignList viewerRole={user.role} filter={filter} />
    </>
  );
}

import type { DirectoryQuery } from '@app/shared/influencers/influencer.schemas';

/** What the directory is filtered by (the URL's query parameters, already checked). */
export type DirectoryFilter = Pick<DirectoryQuery, 'category' | 'social' | 'sort'> & {
  /** At least this many verified followers (one of MIN_FOLLOWER_STEPS). */
  minFollowers?: string;
};

export const influencerKeys = {
  all: ['influencers'] as const,
  directory: (filter: DirectoryFilter) => [...influencerKeys.all, 'directory', filter] as const,
  profile: (id: string) => [...influencerKeys.all, 'profile', id] as const,
};

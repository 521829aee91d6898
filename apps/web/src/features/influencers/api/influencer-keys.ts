import type { DirectoryQuery } from '@app/shared/influencers/influencer.schemas';

/** What the directory is filtered by (the URL's query parameters, already checked). */
export type DirectoryFilter = Pick<DirectoryQuery, 'category' | 'social' | 'sort'>;

export const influencerKeys = {
  all: ['influencers'] as const,
  directory: (filter: DirectoryFilter) => [...influencerKeys.all, 'directory', filter] as const,
  profile: (id: string) => [...influencerKeys.all, 'profile', id] as const,
};

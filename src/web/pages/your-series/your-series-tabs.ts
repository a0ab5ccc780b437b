/** The tabs of /me/series (spec §2.3 /me/series[/{filterBy}]): all, drafts, public. */
export const YOUR_SERIES_TABS = [
  { filterBy: null, label: 'All', href: '/me/series' },
  { filterBy: 'drafts', label: 'Drafts', href: '/me/series/drafts' },
  { filterBy: 'public', label: 'Public', href: '/me/series/public' },
] as const;

export type YourSeriesFilter = 'drafts' | 'public';

export const isYourSeriesFilter = (f: string | undefined): f is YourSeriesFilter => f === 'drafts' || f === 'public';

/** The query's variables for a filter param (SequenceFilter DRAFTS / PUBLIC; none: all). */
export const yourSeriesVariables = (filterBy: string | undefined) => ({ filterBy: isYourSeriesFilter(filterBy) ? filterBy.toUpperCase() : null });

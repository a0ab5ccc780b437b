import { SEQUENCE_EDIT_QUERY, SEQUENCE_LIBRARY_QUERY, SERIES_CANDIDATES_QUERY, SERIES_OF_POST_QUERY, YOUR_SERIES_QUERY } from '../../graphql/series-operations.js';
import { postIdFromSlug } from '../../../shared/routing/post-id.js';
import type { PageDef } from '../../router/registry.js';
import { signInToSettingsHref } from '../settings/settings-tabs.js';
import { isYourSeriesFilter, yourSeriesVariables } from '../your-series/your-series-tabs.js';

type ViewerData = { viewer?: { id: string } | null };
type SequenceData = { sequence?: { title: string; description: string; slug: string; viewerIsOwner: boolean; creator?: { name: string } } | null };

const signedIn = (data: unknown, pathname: string) => ((data as ViewerData | undefined)?.viewer ? {} : { redirect: signInToSettingsHref(pathname), temporary: true });
const sequenceOf = (data: unknown) => (data as SequenceData | undefined)?.sequence ?? null;

/** The series pages (spec §2.1 series, sequence-library, sequence-editor, your-series), loaded with them. */
export const SERIES_PAGES: Record<string, PageDef> = {
  // /s/{sequenceSlug} (and /s/{id}): a series, its writer and its parts in order. Drafts are 404 to all but the writer.
  'sequence-library': {
    module: 'src/web/pages/sequence-library/SequenceLibraryPage.tsx',
    load: () => import('./SequenceLibraryPage.js'),
    preload: (params) => [{ query: SEQUENCE_LIBRARY_QUERY, variables: { sequenceSlug: params.sequenceSlug ?? '' } }],
    outcome: ([data], params) => {
      const sequence = sequenceOf(data);
      if (!sequence) return { notFound: true };
      // One address per series: a bare id or an old title's slug goes to the current one.
      return sequence.slug !== params.sequenceSlug ? { redirect: `/s/${sequence.slug}` } : {};
    },
    head: ([data], _params, site) => {
      const s = sequenceOf(data);
      return {
        title: `${s?.title ?? 'Series'}${s?.creator ? ` | a series by ${s.creator.name}` : ''} – ${site.siteName}`,
        description: s?.description ?? '',
        ...(s ? { canonical: `${site.origin}/s/${s.slug}` } : {}),
      };
    },
  },
  // /s/new and /s/{sequenceSlug}/edit: the writer's editor; signed out, they sign in and come back.
  'sequence-editor': {
    module: 'src/web/pages/sequence-editor/SequenceEditorPage.tsx',
    load: () => import('../sequence-editor/SequenceEditorPage.js'),
    preload: (params) => [
      { query: SERIES_CANDIDATES_QUERY },
      ...(params.sequenceSlug !== undefined ? [{ query: SEQUENCE_EDIT_QUERY, variables: { sequenceSlug: params.sequenceSlug } }] : []),
    ],
    outcome: ([viewer, edited], params, pathname) => {
      const outcome = signedIn(viewer, pathname);
      if (outcome.redirect || params.sequenceSlug === undefined) return outcome;
      return sequenceOf(edited)?.viewerIsOwner ? {} : { notFound: true };
    },
    head: (_data, params, site) => ({ title: `${params.sequenceSlug === undefined ? 'New series' : 'Edit series'} – ${site.siteName}`, robots: 'noindex' }),
  },
  // /me/series[/{filterBy}]: the writer's series, all, drafts or public.
  'your-series': {
    module: 'src/web/pages/your-series/YourSeriesPage.tsx',
    load: () => import('../your-series/YourSeriesPage.js'),
    preload: (params) => [{ query: YOUR_SERIES_QUERY, variables: yourSeriesVariables(params.filterBy) }],
    outcome: ([data], params, pathname) => (params.filterBy !== undefined && !isYourSeriesFilter(params.filterBy) ? { notFound: true } : signedIn(data, pathname)),
    head: (_data, _params, site) => ({ title: `Your series – ${site.siteName}`, robots: 'noindex' }),
  },
  // /series/{postId}: into the series holding the story, or 404.
  series: {
    module: 'src/web/pages/series/SeriesRedirectPage.tsx',
    load: () => import('../series/SeriesRedirectPage.js'),
    preload: (params) => [{ query: SERIES_OF_POST_QUERY, variables: { postId: postIdFromSlug(params.postId ?? '') ?? '' } }],
    outcome: ([data]) => {
      const post = (data as { postResult?: { __typename: string; id?: string; sequence?: { slug: string } | null } } | undefined)?.postResult;
      // Temporary: the story may move to another series.
      return post?.__typename === 'Post' && post.sequence ? { redirect: `/s/${post.sequence.slug}/${post.id}`, temporary: true } : { notFound: true };
    },
    head: (_data, _params, site) => ({ title: site.siteName, robots: 'noindex' }),
  },
};

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { anchorHighlight } from '../../../shared/highlights.js';
import type { Paragraph } from '../../../shared/paragraphs.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { useSite } from '../../app-context.js';
import { CREATE_QUOTE_MUTATION, DELETE_QUOTE_MUTATION, POST_ENGAGEMENT_QUERY, POST_VIEWER_HIGHLIGHTS_QUERY } from '../../graphql/engagement-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { createReadingCounters } from '../../lib/reading-counters.js';
import { useNavigation } from '../../router/navigation.js';
import { PostBody } from '../post-body/index.js';
import { useServerFragment } from '../../lib/server-fragments.js';
import type { BodyHighlight } from '../post-body/HighlightMarks.js';
import { ReadingNote } from '../reading/ReadingNote.js';
import { useRecordRead } from '../reading/use-record-read.js';
import { useRecordView } from '../stats/use-record-view.js';
import { ResumeReading } from '../reading/ResumeReading.js';
import { useReadingPosition } from '../reading/use-reading-position.js';
import { useSusiModal } from '../susi/SusiModalProvider.js';
import { useToast } from '../toast/index.js';
import { HighlightToolbar, QuoteMenu } from './HighlightToolbar.js';
import { readSelection, type SelectedText } from './selection.js';
import styles from './highlights.module.css';

interface Passage {
  paragraphName: string;
  startOffset: number;
  endOffset: number;
  text: string;
  readerCount: number | null;
}
interface Quote {
  id: string;
  paragraphName: string;
  startOffset: number;
  endOffset: number;
  text: string;
}
type EngagementData = { postResult?: { __typename: string; topHighlight?: Passage | null } };
type ViewerHighlightsData = { postResult?: { __typename: string; viewerQuotes?: Quote[]; highlightedPassages?: Passage[] } };

export interface StoryBodyProps {
  postId: string;
  creatorId: string;
  paragraphs: readonly Paragraph[];
  /** PostContent.version: changes whenever the paragraphs do. */
  contentVersion: string;
  isLocked: boolean;
  isLockedPreviewOnly: boolean;
}

const TRY_AGAIN = 'Please try again.';

/**
 * The story body with highlights: select text for Highlight or Respond, the viewer's own
 * highlights marked (and removable), the top highlight for every reader, and for the
 * author each highlighted passage with its count. The top highlight is the same for
 * everyone, so it is server-rendered; the viewer's own come after hydration, so a page's
 * HTML does not depend on who reads it. Also counts the view (spec §9 counters),
 * records a signed-in read and the reader's position (Resume reading).
 */
export function StoryBody({ postId, creatorId, paragraphs, contentVersion, isLocked, isLockedPreviewOnly }: StoryBodyProps) {
  const { viewer, siteName } = useSite();
  const loadData = useBrowserData();
  const toast = useToast();
  const susi = useSusiModal();
  const { pathname, search, navigate } = useNavigation();
  const bodyRef = useRef<HTMLDivElement | null>(null);
  const engagement = usePageQuery<EngagementData>(POST_ENGAGEMENT_QUERY, { postId })?.postResult;
  const topHighlight = engagement?.__typename === 'Post' ? (engagement.topHighlight ?? null) : null;
  const [quotes, setQuotes] = useState<Quote[]>([]);
  const [passages, setPassages] = useState<Passage[]>([]);
  const [selection, setSelection] = useState<SelectedText | null>(null);
  const [menu, setMenu] = useState<{ mark: HTMLElement; quoteId: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [storiesThisMonth, setStoriesThisMonth] = useState<number | null>(null);
  const isAuthor = viewer?.id === creatorId;

  useRecordRead(postId, bodyRef, viewer !== null);
  useRecordView(postId, creatorId, viewer);
  const resumeOffer = useReadingPosition(postId, bodyRef, viewer !== null && !isLockedPreviewOnly);

  useEffect(() => {
    setStoriesThisMonth(createReadingCounters().recordView(postId, { isMemberOnly: isLocked }).thisMonth);
  }, [postId, isLocked]);

  useEffect(() => {
    setQuotes([]);
    setPassages([]);
    if (!viewer) return;
    let live = true;
    loadData()
      .then(({ client }) => client.query({ query: POST_VIEWER_HIGHLIGHTS_QUERY, variables: { postId }, fetchPolicy: 'network-only' }))
      .then(({ data }) => {
        const post = (data as ViewerHighlightsData | undefined)?.postResult;
        if (!live || post?.__typename !== 'Post') return;
        setQuotes(post.viewerQuotes ?? []);
        setPassages(post.highlightedPassages ?? []);
      })
      .catch(() => {}); // The page reads fine without them.
    return () => void (live = false);
  }, [postId, viewer, loadData]);

  // A selection is read once the reader lets go (mouse, keyboard or touch), not while dragging.
  useEffect(() => {
    const body = bodyRef.current;
    if (!body) return;
    const settle = () => setTimeout(() => setSelection(readSelection(body)), 0);
    const onSelectionChange = () => {
      if (window.getSelection()?.isCollapsed) setSelection(null);
    };
    const onClick = (e: MouseEvent) => {
      const mark = (e.target as Element | null)?.closest?.<HTMLElement>('mark[data-quote-id]');
      if (mark?.dataset.quoteId && window.getSelection()?.isCollapsed !== false) setMenu({ mark, quoteId: mark.dataset.quoteId });
    };
    body.addEventListener('mouseup', settle);
    body.addEventListener('keyup', settle);
    body.addEventListener('touchend', settle);
    body.addEventListener('click', onClick);
    document.addEventListener('selectionchange', onSelectionChange);
    return () => {
      body.removeEventListener('mouseup', settle);
      body.removeEventListener('keyup', settle);
      body.removeEventListener('touchend', settle);
      body.removeEventListener('click', onClick);
      document.removeEventListener('selectionchange', onSelectionChange);
    };
  }, []);

  const highlights = useMemo(() => {
    const byName = new Map(paragraphs.map((p) => [p.name, p]));
    const out = new Map<string, BodyHighlight[]>();
    const add = (name: string, range: { start: number; end: number }, text: string, h: Omit<BodyHighlight, 'start' | 'end'>) => {
      const at = anchorHighlight(byName.get(name)?.text ?? '', range, text);
      if (at) out.set(name, [...(out.get(name) ?? []), { ...h, ...at }]);
    };
    const same = (a: Passage, b: Passage | null) => !!b && a.paragraphName === b.paragraphName && a.startOffset === b.startOffset && a.endOffset === b.endOffset;
    if (topHighlight) add(topHighlight.paragraphName, { start: topHighlight.startOffset, end: topHighlight.endOffset }, topHighlight.text, { kind: 'top', readerCount: topHighlight.readerCount });
    for (const p of passages) if (!same(p, topHighlight)) add(p.paragraphName, { start: p.startOffset, end: p.endOffset }, p.text, { kind: 'passage', readerCount: p.readerCount });
    for (const q of quotes) add(q.paragraphName, { start: q.startOffset, end: q.endOffset }, q.text, { kind: 'viewer', quoteId: q.id });
    return out;
  }, [paragraphs, topHighlight, passages, quotes]);

  // On the server the body is the same HTML for every reader of this revision with this
  // top highlight (the reader's own highlights come after hydration): rendered once.
  const serverHtml = useServerFragment(
    () => ['story-body', contentVersion, topHighlight],
    () => <PostBody paragraphs={paragraphs} highlights={highlights} eagerLeadImage />,
  );

  const signUpRedirect = `${pathname}${search}${search ? '&' : '?'}skipOnboarding=1`;

  const saveSelection = useCallback(
    async (then?: (quoteId: string) => void) => {
      if (!selection) return;
      if (!viewer) return susi.open({ operation: 'register', redirect: signUpRedirect });
      setBusy(true);
      const r = await mutateField(loadData, CREATE_QUOTE_MUTATION, { postId, paragraphName: selection.paragraphName, startOffset: selection.start, endOffset: selection.end }, 'createQuote');
      setBusy(false);
      if (r?.__typename !== 'Quote') return void toast.show({ message: r?.message ?? TRY_AGAIN });
      const quote = r as unknown as Quote;
      setQuotes((qs) => (qs.some((q) => q.id === quote.id) ? qs : [...qs, quote]));
      window.getSelection()?.removeAllRanges();
      setSelection(null);
      then?.(quote.id);
    },
    [selection, viewer, susi, signUpRedirect, loadData, postId, toast],
  );

  const removeQuote = async (quoteId: string) => {
    setBusy(true);
    const r = await mutateField(loadData, DELETE_QUOTE_MUTATION, { quoteId }, 'deleteQuote');
    setBusy(false);
    // NotFound: already gone (removed in another tab).
    if (!r) return void toast.show({ message: TRY_AGAIN });
    setQuotes((qs) => qs.filter((q) => q.id !== quoteId));
    setMenu(null);
  };

  return (
    <>
      <div
        ref={bodyRef}
        className={styles.body}
        data-testid="story-body"
        data-author-view={isAuthor ? '' : undefined}
        dangerouslySetInnerHTML={serverHtml === null ? undefined : { __html: serverHtml }}
      >
        {serverHtml === null ? <PostBody paragraphs={paragraphs} highlights={highlights} eagerLeadImage /> : undefined}
      </div>
      {selection && (
        <HighlightToolbar
          key={`${selection.paragraphName}:${selection.start}:${selection.end}`}
          selection={selection}
          busy={busy}
          onHighlight={() => void saveSelection()}
          onRespond={() => void saveSelection((id) => navigate(`/p/${postId}/responses/new?quote=${id}`))}
          onHide={() => setSelection(null)}
        />
      )}
      {menu && <QuoteMenu mark={menu.mark} busy={busy} onRemove={() => void removeQuote(menu.quoteId)} onHide={() => setMenu(null)} />}
      {resumeOffer && <ResumeReading offer={resumeOffer} />}
      {!viewer && !isLockedPreviewOnly && storiesThisMonth !== null && <ReadingNote storiesThisMonth={storiesThisMonth} siteName={siteName} />}
    </>
  );
}

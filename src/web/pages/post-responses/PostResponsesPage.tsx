import { useEffect, useState } from 'react';
import { postIdFromSlug } from '../../../shared/routing/post-id.js';
import { POST_RESPONSES_PAGE_QUERY } from '../../graphql/responses-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { ResponsesSection } from '../post/responses/ResponsesSection.js';
import { useResponsesApi } from '../post/responses/responses-api.js';
import styles from './PostResponsesPage.module.css';

export interface PostResponsesPageData {
  postResult: {
    __typename: 'Post' | 'NotFound';
    id: string;
    title: string;
    mediumUrl: string;
    allowResponses: boolean;
    creator: { id: string; name: string; username: string | null };
  };
}

/** The highlighted passage of ?quote={quoteId}, fetched once the page runs in the browser. */
function useQuote(postId: string) {
  const { search } = useNavigation();
  const api = useResponsesApi();
  const quoteId = new URLSearchParams(search).get('quote');
  const [quote, setQuote] = useState<{ id: string; text: string } | null>(null);
  useEffect(() => {
    if (!quoteId) return;
    let live = true;
    api.quote(postId, quoteId).then(
      (q) => live && setQuote(q),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [api, postId, quoteId]);
  return quote;
}

/**
 * /p/{postId}/responses (page id post-responses): a story's whole discussion on its own
 * page; /p/{postId}/responses/new (compose=true) opens the editor with the caret in it.
 */
export default function PostResponsesPage({ params }: PageProps) {
  const postId = postIdFromSlug(params.postId ?? '') ?? '';
  const post = usePageQuery<PostResponsesPageData>(POST_RESPONSES_PAGE_QUERY, { postId })?.postResult;
  const quote = useQuote(postId);
  if (!post || post.__typename !== 'Post') return null;
  return (
    <div className={styles.page}>
      {/* The page's heading: which story these responses answer (drawn as the small line it was). */}
      <h1 className={styles.story}>
        <Link href={new URL(post.mediumUrl).pathname} className={styles.storyLink}>
          {post.title || 'Untitled story'}
        </Link>
        <span className={styles.author}> by {post.creator.name}</span>
      </h1>
      <ResponsesSection postId={post.id} postCreatorId={post.creator.id} allowResponses={post.allowResponses} compose={params.compose === 'true'} quote={quote} />
    </div>
  );
}

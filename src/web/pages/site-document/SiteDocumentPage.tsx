import { useMemo } from 'react';
import { parseMarkdown } from '../../../shared/markdown.js';
import { Markdown } from '../../components/markdown/Markdown.js';
import { SITE_DOCUMENT_QUERY } from '../../graphql/site-document-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import type { PageProps } from '../../router/registry.js';
import { SITE_DOCUMENT_PAGES, type SiteDocumentData } from './site-documents.js';
import styles from './SiteDocumentPage.module.css';

/** /terms and /privacy: the site's Markdown document, rendered as text (never as HTML). */
export default function SiteDocumentPage({ pageId }: PageProps) {
  const page = SITE_DOCUMENT_PAGES[pageId as keyof typeof SITE_DOCUMENT_PAGES];
  const markdown = usePageQuery<SiteDocumentData>(SITE_DOCUMENT_QUERY, { name: page.name })?.siteDocument?.markdown ?? '';
  const blocks = useMemo(() => parseMarkdown(markdown), [markdown]);
  const hasTitle = blocks[0]?.kind === 'heading' && blocks[0].level === 1;
  return (
    <article className={styles.page} data-testid="site-document">
      {!hasTitle && <h1 className={styles.title}>{page.title}</h1>}
      <Markdown blocks={blocks} />
    </article>
  );
}

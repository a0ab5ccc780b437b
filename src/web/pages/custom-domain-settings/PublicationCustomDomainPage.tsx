import { PUBLICATION_CUSTOM_DOMAIN_QUERY, type CustomDomainLiveData } from '../../graphql/custom-domain-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { publicationVariables } from '../../components/publication/publication-key.js';
import type { PageProps } from '../../router/registry.js';
import { CustomDomainSettings } from './CustomDomainSettings.js';
import styles from './CustomDomainSettings.module.css';

interface Data {
  collection: { id: string; slug: string; name: string; viewerEdge: { role: string | null }; customDomainState: { live: CustomDomainLiveData | null } | null } | null;
}

/**
 * /{slug}/settings/custom-domain (publication-custom-domain-settings, top-nav): the publication on a
 * domain of its own. Editors may check and activate it; connecting and removing are the owner's.
 */
export default function PublicationCustomDomainPage({ params }: PageProps) {
  const publication = usePageQuery<Data>(PUBLICATION_CUSTOM_DOMAIN_QUERY, publicationVariables(params))?.collection;
  if (!publication) return null;
  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>Custom domain</h1>
      <p className={styles.intro}>Serve {publication.name} on a domain you own. Readers there are signed out; editing happens on this site.</p>
      <CustomDomainSettings collectionId={publication.id} initial={publication.customDomainState?.live ?? null} canConnect={publication.viewerEdge.role === 'OWNER'} />
    </main>
  );
}

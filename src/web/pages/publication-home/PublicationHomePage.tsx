import { formatFollowers } from '../../../shared/format.js';
import { Avatar } from '../../components/avatar/index.js';
import { PublicationActions } from '../../components/publication/PublicationActions.js';
import { PublicationMasthead } from '../../components/publication/PublicationMasthead.js';
import { publicationBaseHere, publicationVariables, type PublicationFrameData } from '../../components/publication/publication-key.js';
import { PUBLICATION_HOMEPAGE_QUERY } from '../../graphql/publication-design-operations.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { imageUrl } from '../../lib/image-url.js';
import { profileHref } from '../../lib/profile-href.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { PublicationSections, type SectionData } from './PublicationSections.js';
import styles from './PublicationHomePage.module.css';

export interface HomepageData {
  collection:
    | (PublicationFrameData & {
        homepage: PublicationFrameData['homepage'] & { sections: SectionData[] };
        editors: { id: string; name: string; username: string | null; imageId: string | null }[];
      })
    | null;
}

const useHomepage = (params: Record<string, string>) => usePageQuery<HomepageData>(PUBLICATION_HOMEPAGE_QUERY, publicationVariables(params))?.collection ?? null;

/**
 * A publication's homepage (page ids publication-profile and community-publication-profile;
 * spec §2.2 /{collectionSlug}): the masthead, then the published design's sections.
 */
export default function PublicationHomePage({ params }: PageProps) {
  const publication = useHomepage(params);
  const base = publicationBaseHere(publication ?? { id: '', slug: '' }, useNavigation().pathname);
  if (!publication) return null;
  return (
    <div className={styles.main}>
      {/* The masthead shows the name (or the logo); the page's heading names it for screen readers. */}
      <h1 className="visually-hidden">{publication.name}</h1>
      <PublicationMasthead publication={publication} actions={<PublicationActions publication={publication} />} />
      {publication.homepage.sections.length === 0 ? (
        <p className={styles.empty}>{publication.name} has no stories to show yet.</p>
      ) : (
        <PublicationSections sections={publication.homepage.sections} base={base} />
      )}
    </div>
  );
}

/** The sidebar names the owner first and at most this many people in all. */
const SIDEBAR_EDITORS = 10;

/** About the publication: its description, followers and editors. */
export function Sidebar({ params }: PageProps) {
  const publication = useHomepage(params);
  const base = publicationBaseHere(publication ?? { id: '', slug: '' }, useNavigation().pathname);
  if (!publication) return null;
  const editors = publication.editors.slice(0, SIDEBAR_EDITORS);
  return (
    <aside className={styles.sidebar} aria-label={`About ${publication.name}`}>
      <h2 className={styles.sideTitle}>About {publication.name}</h2>
      {publication.description && <p className={styles.description}>{publication.description}</p>}
      <p className={styles.followers}>{formatFollowers(publication.subscriberCount)}</p>
      {editors.length > 0 && (
        <>
          <h3 className={styles.sideSubtitle}>Editors</h3>
          <ul className={styles.editors}>
            {editors.map((u) => (
              <li key={u.id}>
                <Link href={profileHref(u)} className={styles.editor}>
                  <Avatar username={u.username} name={u.name} imageUrl={u.imageId ? imageUrl(u.imageId, 32) : null} size="XS" alt="" />
                  <span>{u.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <Link href={`${base}/about`} className={styles.more}>
        More about {publication.name}
      </Link>
    </aside>
  );
}

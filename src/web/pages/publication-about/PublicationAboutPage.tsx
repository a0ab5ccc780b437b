import { formatDate, formatFollowers } from '../../../shared/format.js';
import { imageUrl } from '../../lib/image-url.js';
import { PersonRow, type PersonRowUser } from '../../components/follow-button/PersonRow.js';
import { publicationBaseHere, type PublicationFrameData } from '../../components/publication/publication-key.js';
import { usePageQuery } from '../../graphql/use-page-query.js';
import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import type { PageProps } from '../../router/registry.js';
import { PublicationFrame } from '../publication-latest/PublicationFrame.js';
import styles from './publication-about.module.css';
import { publicationSameAs } from './publication-head.js';
import { readerQuery, readerView } from './reader-pages.js';

type About = PublicationFrameData & { createdAt: number; twitterUsername: string | null; facebookPageId: string | null; editors: PersonRowUser[]; writers: PersonRowUser[] };

function People({ title, people }: { title: string; people: PersonRowUser[] }) {
  if (people.length === 0) return null;
  return (
    <section className={styles.section}>
      <h2 className={styles.heading}>{title}</h2>
      <ul className={styles.people}>
        {people.map((u) => (
          <PersonRow key={u.id} user={u} action={null} />
        ))}
      </ul>
    </section>
  );
}

/** /{slug}/about (publication-about, community-publication-about): who the publication is. */
export default function PublicationAboutPage({ pageId, params }: PageProps) {
  const { query, variables } = readerQuery(readerView(pageId, params), params);
  const p = usePageQuery<{ collection: About | null }>(query, variables)?.collection;
  const base = publicationBaseHere(p ?? { id: '', slug: '' }, useNavigation().pathname);
  if (!p) return null;
  const links = publicationSameAs(p);
  return (
    <PublicationFrame publication={p}>
      <div className={styles.identity}>
        {p.avatar && <img className={styles.avatar} src={imageUrl(p.avatar.id, 96)} alt="" width={96} height={96} />}
        <h1 className={styles.name}>{p.name}</h1>
      </div>
      {p.description && <p className={styles.description}>{p.description}</p>}
      <p className={styles.meta}>
        {formatFollowers(p.subscriberCount)} · Since {formatDate(p.createdAt)}
      </p>
      {p.tags.length > 0 && (
        <ul className={styles.tags} aria-label="Tags">
          {p.tags.map((t) => (
            <li key={t}>
              <Link href={`${base}/tagged/${encodeURIComponent(t.toLowerCase())}`} className={styles.tag}>
                {t}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {links.length > 0 && (
        <p className={styles.links}>
          {links.map((href) => (
            <a key={href} href={href} rel="ugc nofollow noopener" target="_blank">
              {href.includes('twitter.com') ? `@${p.twitterUsername}` : 'Facebook'}
            </a>
          ))}
        </p>
      )}
      <People title="Editors" people={p.editors} />
      <People title="Writers" people={p.writers} />
    </PublicationFrame>
  );
}

import { Link } from '../../router/Link.js';
import { useNavigation } from '../../router/navigation.js';
import { PublicationFollowButton, PublicationFollowerCount, PublicationMoreMenu } from './PublicationFollow.js';
import { publicationBaseHere, type PublicationFrameData } from './publication-key.js';
import styles from './publication-masthead.module.css';

/**
 * What the viewer can do from a publication's masthead: see its followers, follow it and mute it
 * (readers), and for its editors the way to its stories, design and settings.
 */
export function PublicationActions({ publication }: { publication: PublicationFrameData }) {
  const base = publicationBaseHere(publication, useNavigation().pathname);
  return (
    <>
      {publication.viewerEdge.isEditor && (
        <span className={styles.editorLinks}>
          <Link href={`${base}/stories/submissions`}>Stories</Link>
          <Link href={`${base}/design`}>Design</Link>
          <Link href={`${base}/stats`}>Stats</Link>
          <Link href={`${base}/settings`}>Settings</Link>
        </span>
      )}
      <PublicationFollowerCount publication={publication} base={base} />
      <PublicationFollowButton publication={publication} />
      <PublicationMoreMenu publication={publication} />
    </>
  );
}

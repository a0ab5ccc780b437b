import { useState, type FormEvent } from 'react';
import { slugify } from '../../../shared/slug.js';
import { mutateField } from '../../apollo/mutate.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { CREATE_PUBLICATION } from '../../graphql/publication-admin-operations.js';
import { useNavigation } from '../../router/navigation.js';
import { ImageUploadField } from './ImageUploadField.js';
import { PublicationBasicsFields, tagList, type Basics } from './PublicationBasicsFields.js';
import { FormError } from './FormError.js';
import styles from './PublicationAdmin.module.css';

const TRY_AGAIN = 'Something went wrong. Please try again.';

/**
 * /new-publication (page id new-publication, top-nav layout): name, address (filled from the
 * name until edited), description, avatar, logo and tags. Creating makes the viewer its owner
 * and opens the publication's home.
 */
export default function NewPublicationPage() {
  const loadData = useBrowserData();
  const nav = useNavigation();
  const [basics, setBasics] = useState<Basics>({ name: '', slug: '', description: '', tags: '' });
  const [slugEdited, setSlugEdited] = useState(false);
  const [avatarImageId, setAvatar] = useState<string | null>(null);
  const [logoImageId, setLogo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [slugError, setSlugError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (next: Basics) => {
    if (next.slug !== basics.slug) setSlugEdited(true);
    setBasics(next);
  };
  const rename = (name: string) => setBasics({ ...basics, name, slug: slugEdited ? basics.slug : slugify(name).slice(0, 40).replace(/-+$/, '') });

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const input = { name: basics.name, slug: basics.slug, description: basics.description, tags: tagList(basics.tags), avatarImageId, logoImageId };
    const r = await mutateField(loadData, CREATE_PUBLICATION, { input }, 'createCollection');
    setBusy(false);
    if (r?.__typename === 'CollectionSuccess') {
      nav.navigate(`/${(r as unknown as { collection: { slug: string } }).collection.slug}`);
      return;
    }
    const message = r?.message ?? TRY_AGAIN;
    // Problems with the address are shown under it; the rest under the form.
    const aboutSlug = r?.__typename === 'AlreadyExists' || /publication URL/.test(message);
    setSlugError(aboutSlug ? message : null);
    setError(aboutSlug ? null : message);
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>New publication</h1>
      <form className={styles.form} onSubmit={(e) => void create(e)} noValidate>
        <PublicationBasicsFields value={basics} onChange={change} onNameChange={rename} slugError={slugError} />
        <span className={styles.label}>Avatar</span>
        <ImageUploadField label="Avatar" imageId={avatarImageId} width={64} height={64} onChange={setAvatar} onError={setError} />
        <span className={styles.label}>Logo</span>
        <ImageUploadField label="Logo" imageId={logoImageId} width={128} height={64} onChange={setLogo} onError={setError} />
        <FormError message={error} />
        <div className={styles.actions}>
          <LoadingButton type="submit" variant="accent" loading={busy} loadingLabel="Creating">
            Create publication
          </LoadingButton>
        </div>
      </form>
    </div>
  );
}

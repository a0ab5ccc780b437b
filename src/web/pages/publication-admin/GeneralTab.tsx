import { useState, type FormEvent } from 'react';
import { mutateField } from '../../apollo/mutate.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { useToast } from '../../components/toast/index.js';
import { UPDATE_PUBLICATION_SETTINGS } from '../../graphql/publication-admin-operations.js';
import { useNavigation } from '../../router/navigation.js';
import { ImageUploadField } from './ImageUploadField.js';
import { PublicationBasicsFields, tagList, type Basics } from './PublicationBasicsFields.js';
import { TRY_AGAIN, type Saved, type SettingsCollection } from './settings-types.js';
import { FormError } from './FormError.js';
import styles from './PublicationAdmin.module.css';

const POLICIES = [
  { value: 'WRITERS', label: 'Its writers and editors' },
  { value: 'ANYONE', label: 'Anyone signed in' },
  { value: 'CLOSED', label: 'Nobody (submissions closed)' },
] as const;

/**
 * The general tab (name, address, description, tags, images, social links, analytics, who may
 * submit) or, with `about`, the about tab (the longer about text). A new address releases the
 * old one at once: links to the old address stop working.
 */
export function GeneralTab({ collection: c, about, onSaved }: { collection: SettingsCollection; about: boolean; onSaved(next: SettingsCollection): void }) {
  const loadData = useBrowserData();
  const toast = useToast();
  const nav = useNavigation();
  const [basics, setBasics] = useState<Basics>({ name: c.name, slug: c.slug, description: c.description, tags: c.tags.join(', ') });
  const [images, setImages] = useState({ avatarImageId: c.avatar?.id ?? null, logoImageId: c.logo?.id ?? null, faviconImageId: c.favicon?.id ?? null });
  const [social, setSocial] = useState({ twitterUsername: c.twitterUsername ?? '', facebookPageId: c.facebookPageId ?? '', googleAnalyticsId: c.googleAnalyticsId ?? '' });
  const [submissionPolicy, setPolicy] = useState(c.submissionPolicy);
  const [aboutText, setAbout] = useState(c.about);
  const [error, setError] = useState<string | null>(null);
  const [slugError, setSlugError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const input = about ? { about: aboutText } : { ...basics, tags: tagList(basics.tags), ...images, ...social, submissionPolicy };
    const r = (await mutateField(loadData, UPDATE_PUBLICATION_SETTINGS, { collectionId: c.id, input }, 'updateCollectionSettings')) as Saved | null;
    setBusy(false);
    if (r?.collection) {
      setError(null);
      setSlugError(null);
      onSaved(r.collection);
      toast.show({ message: 'Settings saved.' });
      if (r.collection.slug !== c.slug) nav.navigate(`/${r.collection.slug}/settings`, { replace: true });
      return;
    }
    const message = r?.message ?? TRY_AGAIN;
    const aboutSlug = r?.__typename === 'AlreadyExists' || /publication URL/.test(message);
    setSlugError(aboutSlug ? message : null);
    setError(aboutSlug ? null : message);
  };

  const text = (key: keyof typeof social, label: string, hint: string) => (
    <>
      <label className={styles.label} htmlFor={`publication-${key}`}>
        {label}
      </label>
      <input id={`publication-${key}`} className={styles.input} value={social[key]} placeholder={hint} onChange={(e) => setSocial({ ...social, [key]: e.target.value })} />
    </>
  );

  return (
    <form className={styles.form} onSubmit={(e) => void save(e)} noValidate aria-label={about ? 'About' : 'General settings'}>
      {about ? (
        <>
          <label className={styles.label} htmlFor="publication-about">
            About this publication
          </label>
          <textarea id="publication-about" className={styles.textarea} rows={10} maxLength={5000} value={aboutText} onChange={(e) => setAbout(e.target.value)} />
          <p className={styles.hint}>{aboutText.length}/5000 · shown on the publication’s about page.</p>
        </>
      ) : (
        <>
          <PublicationBasicsFields value={basics} onChange={setBasics} slugError={slugError} />
          <span className={styles.label}>Avatar</span>
          <ImageUploadField label="Avatar" imageId={images.avatarImageId} width={64} height={64} onChange={(id) => setImages({ ...images, avatarImageId: id })} onError={setError} />
          <span className={styles.label}>Logo</span>
          <ImageUploadField label="Logo" imageId={images.logoImageId} width={128} height={64} onChange={(id) => setImages({ ...images, logoImageId: id })} onError={setError} />
          <span className={styles.label}>Favicon</span>
          <ImageUploadField label="Favicon" imageId={images.faviconImageId} width={128} height={128} onChange={(id) => setImages({ ...images, faviconImageId: id })} onError={setError} />
          <p className={styles.hint}>Cropped to 128×128.</p>
          {text('twitterUsername', 'Twitter username', '@publication')}
          {text('facebookPageId', 'Facebook page', 'page id')}
          {text('googleAnalyticsId', 'Google Analytics id', 'G-XXXXXXX')}
          <label className={styles.label} htmlFor="publication-policy">
            Who may submit stories
          </label>
          <select id="publication-policy" className={styles.select} value={submissionPolicy} onChange={(e) => setPolicy(e.target.value)}>
            {POLICIES.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </>
      )}
      <FormError message={error} />
      <div className={styles.actions}>
        <LoadingButton type="submit" variant="accent" loading={busy} loadingLabel="Saving">
          Save
        </LoadingButton>
      </div>
    </form>
  );
}

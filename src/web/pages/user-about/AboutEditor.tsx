import { useState } from 'react';
import { charCount, PROFILE_LIMITS } from '../../../shared/profile-rules.js';
import { useBrowserData } from '../../apollo/browser-data-context.js';
import { mutateField } from '../../apollo/mutate.js';
import { CharacterCounter } from '../../components/character-counter/index.js';
import { LoadingButton } from '../../components/loading-button/index.js';
import { bioStore, useBio } from '../../components/profile/bio-store.js';
import type { ProfileUser } from '../../components/profile/profile-types.js';
import { useToast } from '../../components/toast/index.js';
import { UPDATE_PROFILE } from '../../graphql/operations.js';
import styles from './UserAboutPage.module.css';

export const ABOUT_SAVED = 'Your About page was saved.';

/**
 * /me/about: the viewer writes their About text. It is the profile's bio (the same
 * updateProfile command as Settings → Profile information, name and pronouns sent as
 * they are), so the sidebar, cards and this page always agree.
 */
export function AboutEditor({ user }: { user: ProfileUser }) {
  const loadData = useBrowserData();
  const toast = useToast();
  const bio = useBio(user.id, user.bio);
  const [text, setText] = useState(bio);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const length = charCount(text.trim());
  const changed = text.trim() !== bio;

  const save = async () => {
    setSaving(true);
    setError(null);
    const result = await mutateField(loadData, UPDATE_PROFILE, { name: user.name, pronouns: user.pronouns, bio: text }, 'updateProfile');
    setSaving(false);
    if (result?.__typename === 'User') {
      const savedBio = String(result.bio ?? '');
      bioStore.set(user.id, savedBio);
      setText(savedBio);
      toast.show({ message: ABOUT_SAVED });
    } else {
      setError(result?.message ?? 'Your About page could not be saved. Please try again.');
    }
  };

  return (
    <form
      className={styles.editor}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor="about-text" className={styles.label}>
        About you
      </label>
      <textarea id="about-text" className={styles.textarea} rows={5} value={text} placeholder="Tell readers who you are and what you write about." onChange={(e) => setText(e.target.value)} aria-describedby="about-hint" />
      <div className={styles.editorFoot}>
        <span id="about-hint" className={styles.hint}>
          Shown on your About page and beside your profile.
        </span>
        <CharacterCounter count={length} limit={PROFILE_LIMITS.bioMaxLength} />
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.editorActions}>
        <LoadingButton type="submit" loading={saving} disabled={!changed || length > PROFILE_LIMITS.bioMaxLength}>
          Save
        </LoadingButton>
        <button type="button" className={styles.cancel} disabled={!changed || saving} onClick={() => setText(bio)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

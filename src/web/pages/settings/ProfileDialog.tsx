import { useState } from 'react';
import { CharacterCounter } from '../../components/character-counter/index.js';
import { UPDATE_PROFILE, UPDATE_PROFILE_IMAGE } from '../../graphql/operations.js';
import { charCount, joinPronouns, PROFILE_LIMITS, splitPronouns } from '../../../shared/profile-rules.js';
import { ProfilePhotoField } from './ProfilePhotoField.js';
import { Field, SettingsDialog } from './SettingsDialog.js';
import type { SettingsViewer } from './settings-types.js';
import { useSettingsMutation } from './use-settings-mutation.js';
import styles from './SettingsDialog.module.css';

type Saved = Pick<SettingsViewer, 'name' | 'pronouns' | 'bio' | 'imageId'>;
type UpdateProfileData = { updateProfile: ({ __typename: 'User' } & Omit<Saved, 'imageId'>) | { __typename: 'BadRequest'; message: string } };
type UpdateProfileImageData = { updateProfileImage: { __typename: 'User'; imageId: string | null } | { __typename: 'BadRequest'; message: string } };

export interface ProfileDialogProps {
  viewer: SettingsViewer;
  onClose(): void;
  onSaved(profile: Saved): void;
}

/** Photo, name, pronouns and short bio (spec §3 User), saved together; the server has the last word. */
export function ProfileDialog({ viewer, onClose, onSaved }: ProfileDialogProps) {
  const [name, setName] = useState(viewer.name);
  const [pronouns, setPronouns] = useState(joinPronouns(viewer.pronouns));
  const [bio, setBio] = useState(viewer.bio);
  const [photo, setPhoto] = useState(viewer.imageId);
  const [error, setError] = useState<string | null>(null);
  const { run, busy } = useSettingsMutation();

  const pronounList = splitPronouns(pronouns);
  const nameLength = charCount(name.trim());
  const bioLength = charCount(bio.trim());
  const canSubmit =
    nameLength > 0 && nameLength <= PROFILE_LIMITS.nameMaxLength && bioLength <= PROFILE_LIMITS.bioMaxLength && pronounList.length <= PROFILE_LIMITS.pronounsMax;

  async function save() {
    setError(null);
    let imageId = viewer.imageId;
    if (photo !== viewer.imageId) {
      const saved = await run<UpdateProfileImageData>(UPDATE_PROFILE_IMAGE, { imageId: photo });
      if (!saved.ok) return setError(saved.message);
      if (saved.data.updateProfileImage.__typename === 'BadRequest') return setError(saved.data.updateProfileImage.message);
      imageId = saved.data.updateProfileImage.imageId;
    }
    const result = await run<UpdateProfileData>(UPDATE_PROFILE, { name, pronouns: pronounList, bio });
    if (!result.ok) return setError(result.message);
    const answer = result.data.updateProfile;
    if (answer.__typename === 'BadRequest') return setError(answer.message);
    onSaved({ name: answer.name, pronouns: answer.pronouns, bio: answer.bio, imageId });
  }

  return (
    <SettingsDialog title="Profile information" isVisible onClose={onClose} onSubmit={() => void save()} busy={busy} canSubmit={canSubmit} error={error}>
      <ProfilePhotoField name={name} username={viewer.username} imageId={photo} onChange={setPhoto} onError={setError} />
      <Field label="Name" hint="Appears on your profile page, as your byline, and in your responses." aside={<CharacterCounter count={nameLength} limit={PROFILE_LIMITS.nameMaxLength} />}>
        {(ids) => <input {...ids} className={styles.input} name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <Field
        label="Pronouns"
        hint={`Up to ${PROFILE_LIMITS.pronounsMax}, separated by slashes, e.g. she/her.`}
        aside={pronounList.length > PROFILE_LIMITS.pronounsMax ? <span className={styles.over}>{pronounList.length}/{PROFILE_LIMITS.pronounsMax}</span> : null}
      >
        {(ids) => <input {...ids} className={styles.input} name="pronouns" value={pronouns} onChange={(e) => setPronouns(e.target.value)} />}
      </Field>
      <Field label="Short bio" hint="Appears on your profile and next to your stories." aside={<CharacterCounter count={bioLength} limit={PROFILE_LIMITS.bioMaxLength} />}>
        {(ids) => <textarea {...ids} className={styles.textarea} name="bio" rows={3} value={bio} onChange={(e) => setBio(e.target.value)} />}
      </Field>
    </SettingsDialog>
  );
}

import { useId } from 'react';
import { LICENSE_LABELS, LICENSE_TYPES, type LicenseType } from '../../../shared/licenses.js';
import type { Audience, StorySettings } from '../editable-post.js';
import { TagInput } from './TagInput.js';
import styles from './publish.module.css';

const AUDIENCES: { value: Audience; label: string; help: string }[] = [
  { value: 'PUBLIC', label: 'Public', help: 'Anyone can find and read it.' },
  { value: 'UNLISTED', label: 'Unlisted', help: 'Only people with the link can read it.' },
  { value: 'MEMBER_ONLY', label: 'Member-only', help: 'Members read it in full; others see a preview.' },
];

export interface StorySettingsFormProps {
  value: StorySettings;
  onChange(value: StorySettings): void;
  tagDraft: string;
  onTagDraftChange(draft: string): void;
}

/** Tags, who can read the story, responses and license: the publish dialog and the settings page. */
export function StorySettingsForm({ value, onChange, tagDraft, onTagDraftChange }: StorySettingsFormProps) {
  const set = (patch: Partial<StorySettings>) => onChange({ ...value, ...patch });
  const audienceName = useId();
  const licenseId = useId();
  return (
    <div className={styles.settings}>
      <TagInput tags={value.tags} onChange={(tags) => set({ tags })} draft={tagDraft} onDraftChange={onTagDraftChange} />
      <fieldset className={styles.fieldset}>
        <legend className={styles.label}>Visibility</legend>
        {AUDIENCES.map((a) => (
          <label key={a.value} className={styles.radio}>
            <input type="radio" name={audienceName} value={a.value} checked={value.audience === a.value} onChange={() => set({ audience: a.value })} />
            <span>
              <span className={styles.radioLabel}>{a.label}</span>
              <span className={styles.radioHelp}>{a.help}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={value.allowResponses} onChange={(e) => set({ allowResponses: e.target.checked })} />
        <span>Allow responses</span>
      </label>
      <div>
        <label className={styles.label} htmlFor={licenseId}>
          License
        </label>
        <select id={licenseId} className={styles.select} value={value.license} onChange={(e) => set({ license: e.target.value as LicenseType })}>
          {LICENSE_TYPES.map((l) => (
            <option key={l} value={l}>
              {LICENSE_LABELS[l]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

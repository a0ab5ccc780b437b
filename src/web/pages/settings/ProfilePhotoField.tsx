import { useId } from 'react';
import { Avatar } from '../../components/avatar/index.js';
import { buttonClassName } from '../../components/button/Button.js';
import { imageSrcSet, imageUrl } from '../../lib/image-url.js';
import { ACCEPTED_IMAGE_TYPES, useImageUpload } from '../../lib/use-image-upload.js';
import styles from './SettingsDialog.module.css';

export interface ProfilePhotoFieldProps {
  name: string;
  username: string | null;
  /** The photo chosen so far: uploaded at once, saved with the dialog. */
  imageId: string | null;
  onChange(imageId: string | null): void;
  onError(message: string | null): void;
}

/**
 * Choose, preview and remove the profile photo. The chosen image is uploaded at once and
 * previewed as every avatar shows it (cropped square from the middle, round); the dialog's
 * Save makes it the photo.
 */
export function ProfilePhotoField({ name, username, imageId, onChange, onError }: ProfilePhotoFieldProps) {
  const { uploading, choose } = useImageUpload({ onChange, onError });
  const hintId = useId();

  return (
    <div className={styles.photo} role="group" aria-label="Photo" aria-describedby={hintId}>
      <Avatar username={username} name={name} imageUrl={imageId ? imageUrl(imageId, 80) : null} imageSrcSet={imageId ? imageSrcSet(imageId, 80) : undefined} size="XL" alt={imageId ? 'Your photo' : ''} />
      <div className={styles.photoControls}>
        <div className={styles.photoButtons}>
          <label className={buttonClassName({ variant: 'outline', size: 'small' }, uploading ? styles.photoBusy : undefined)}>
            {uploading ? 'Uploading…' : imageId ? 'Change photo' : 'Upload a photo'}
            <input type="file" accept={ACCEPTED_IMAGE_TYPES} className="visually-hidden" disabled={uploading} onChange={choose} />
          </label>
          {imageId && (
            <button type="button" className={styles.photoRemove} disabled={uploading} onClick={() => onChange(null)}>
              Remove
            </button>
          )}
        </div>
        <span id={hintId} className={styles.fieldFoot}>
          Shown round, cropped to a square from the middle. JPEG, PNG, WebP or GIF.
        </span>
      </div>
    </div>
  );
}

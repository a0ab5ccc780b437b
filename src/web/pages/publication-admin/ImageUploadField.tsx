import { buttonClassName } from '../../components/button/Button.js';
import { imageUrl } from '../../lib/image-url.js';
import { ACCEPTED_IMAGE_TYPES, useImageUpload } from '../../lib/use-image-upload.js';
import styles from './PublicationAdmin.module.css';

/**
 * A publication image (avatar, logo, favicon): uploaded as soon as it is chosen through
 * POST /_/upload, previewed at `width`×`height` (the favicon's 128×128 crop, spec §9), kept on Save.
 */
export function ImageUploadField(props: { label: string; imageId: string | null; width: number; height: number; onChange(id: string | null): void; onError(message: string | null): void }) {
  const { uploading, choose } = useImageUpload({ onChange: props.onChange, onError: props.onError });

  return (
    <div className={styles.image} role="group" aria-label={props.label}>
      {props.imageId && <img className={styles.imagePreview} src={imageUrl(props.imageId, props.width, props.height)} alt={`${props.label} preview`} />}
      <label className={buttonClassName({ variant: 'outline', size: 'small' })} aria-disabled={uploading || undefined}>
        {uploading ? 'Uploading…' : `${props.imageId ? 'Change' : 'Add'} ${props.label.toLowerCase()}`}
        <input type="file" accept={ACCEPTED_IMAGE_TYPES} className="visually-hidden" disabled={uploading} onChange={choose} />
      </label>
      {props.imageId && (
        <button type="button" className={styles.textButton} disabled={uploading} onClick={() => props.onChange(null)}>
          Remove
        </button>
      )}
    </div>
  );
}

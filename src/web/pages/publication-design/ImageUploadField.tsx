import { buttonClassName } from '../../components/button/Button.js';
import { imageUrl } from '../../lib/image-url.js';
import { ACCEPTED_IMAGE_TYPES, useImageUpload } from '../../lib/use-image-upload.js';
import styles from './PublicationDesignPage.module.css';

/** An image of the design, uploaded when chosen and previewed at the crop the page shows it in. */
export function ImageUploadField({ label, imageId, width, height, onChange, onError }: { label: string; imageId: string | null; width: number; height: number; onChange(id: string | null): void; onError(m: string | null): void }) {
  const { uploading, choose } = useImageUpload({ onChange, onError });
  return (
    <div className={styles.imageField} role="group" aria-label={label}>
      <span className={styles.label}>{label}</span>
      {imageId && <img className={styles.imagePreview} src={imageUrl(imageId, width, height)} alt="" />}
      <span className={styles.row}>
        <label className={buttonClassName({ variant: 'outline', size: 'small' })} aria-disabled={uploading || undefined}>
          {uploading ? 'Uploading…' : imageId ? `Change ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
          <input type="file" accept={ACCEPTED_IMAGE_TYPES} className="visually-hidden" disabled={uploading} onChange={choose} />
        </label>
        {imageId && (
          <button type="button" className={styles.textButton} onClick={() => onChange(null)}>
            Remove
          </button>
        )}
      </span>
    </div>
  );
}

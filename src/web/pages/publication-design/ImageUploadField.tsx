import { useState, type ChangeEvent } from 'react';
import { useSite } from '../../app-context.js';
import { buttonClassName } from '../../components/button/Button.js';
import { imageUrl } from '../../lib/image-url.js';
import { uploadImage } from '../../lib/upload-image.js';
import styles from './PublicationDesignPage.module.css';

/** The types POST /_/upload takes (src/modules/media/sniff.ts). */
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif';

/** An image of the design, uploaded when chosen and previewed at the crop the page shows it in. */
export function ImageUploadField({ label, imageId, width, height, onChange, onError }: { label: string; imageId: string | null; width: number; height: number; onChange(id: string | null): void; onError(m: string | null): void }) {
  const { viewer } = useSite();
  const [uploading, setUploading] = useState(false);
  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || !viewer) return;
    onError(null);
    setUploading(true);
    try {
      onChange((await uploadImage(file, viewer.xsrf)).id);
    } catch (err) {
      onError(err instanceof Error ? err.message : 'The image could not be uploaded.');
    } finally {
      setUploading(false);
    }
  }
  return (
    <div className={styles.imageField} role="group" aria-label={label}>
      <span className={styles.label}>{label}</span>
      {imageId && <img className={styles.imagePreview} src={imageUrl(imageId, width, height)} alt="" />}
      <span className={styles.row}>
        <label className={buttonClassName({ variant: 'outline', size: 'small' })} aria-disabled={uploading || undefined}>
          {uploading ? 'Uploading…' : imageId ? `Change ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
          <input type="file" accept={ACCEPTED} className="visually-hidden" disabled={uploading} onChange={(e) => void choose(e)} />
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

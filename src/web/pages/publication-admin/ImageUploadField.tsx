import { useState, type ChangeEvent } from 'react';
import { useSite } from '../../app-context.js';
import { buttonClassName } from '../../components/button/Button.js';
import { imageUrl } from '../../lib/image-url.js';
import { uploadImage } from '../../lib/upload-image.js';
import styles from './PublicationAdmin.module.css';

/** The types POST /_/upload takes (src/modules/media/sniff.ts). */
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * A publication image (avatar, logo, favicon): uploaded as soon as it is chosen through
 * POST /_/upload, previewed at `width`×`height` (the favicon's 128×128 crop, spec §9), kept on Save.
 */
export function ImageUploadField(props: { label: string; imageId: string | null; width: number; height: number; onChange(id: string | null): void; onError(message: string | null): void }) {
  const { viewer } = useSite();
  const [uploading, setUploading] = useState(false);

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || !viewer) return;
    props.onError(null);
    setUploading(true);
    try {
      props.onChange((await uploadImage(file, viewer.xsrf)).id);
    } catch (err) {
      props.onError(err instanceof Error ? err.message : 'The image could not be uploaded.');
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className={styles.image} role="group" aria-label={props.label}>
      {props.imageId && <img className={styles.imagePreview} src={imageUrl(props.imageId, props.width, props.height)} alt={`${props.label} preview`} />}
      <label className={buttonClassName({ variant: 'outline', size: 'small' })} aria-disabled={uploading || undefined}>
        {uploading ? 'Uploading…' : `${props.imageId ? 'Change' : 'Add'} ${props.label.toLowerCase()}`}
        <input type="file" accept={ACCEPTED} className="visually-hidden" disabled={uploading} onChange={(e) => void choose(e)} />
      </label>
      {props.imageId && (
        <button type="button" className={styles.textButton} disabled={uploading} onClick={() => props.onChange(null)}>
          Remove
        </button>
      )}
    </div>
  );
}

import { useState, type ChangeEvent } from 'react';
import { useSite } from '../../app-context.js';
import { buttonClassName } from '../../components/button/Button.js';
import { imageSrcSet, imageUrl } from '../../lib/image-url.js';
import { uploadImage } from '../../lib/upload-image.js';
import styles from './SequenceEditorPage.module.css';

/** The types POST /_/upload takes (src/modules/media/sniff.ts). */
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * The series' optional cover: uploaded as soon as it is chosen, previewed as the series page
 * shows it (2:1, cropped), kept with the editor's Save.
 */
export function CoverImageField({ imageId, onChange, onError }: { imageId: string | null; onChange(id: string | null): void; onError(message: string | null): void }) {
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
    <div className={styles.cover} role="group" aria-label="Cover image">
      {imageId && <img className={styles.coverPreview} src={imageUrl(imageId, 680, 340)} srcSet={imageSrcSet(imageId, 680, 340)} alt="The series' cover" />}
      <div className={styles.coverButtons}>
        <label className={buttonClassName({ variant: 'outline', size: 'small' })} aria-disabled={uploading || undefined}>
          {uploading ? 'Uploading…' : imageId ? 'Change cover' : 'Add a cover image'}
          <input type="file" accept={ACCEPTED} className="visually-hidden" disabled={uploading} onChange={(e) => void choose(e)} />
        </label>
        {imageId && (
          <button type="button" className={styles.textButton} disabled={uploading} onClick={() => onChange(null)}>
            Remove cover
          </button>
        )}
      </div>
    </div>
  );
}

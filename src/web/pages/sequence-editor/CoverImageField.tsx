import { buttonClassName } from '../../components/button/Button.js';
import { imageSrcSet, imageUrl } from '../../lib/image-url.js';
import { ACCEPTED_IMAGE_TYPES, useImageUpload } from '../../lib/use-image-upload.js';
import styles from './SequenceEditorPage.module.css';

/**
 * The series' optional cover: uploaded as soon as it is chosen, previewed as the series page
 * shows it (2:1, cropped), kept with the editor's Save.
 */
export function CoverImageField({ imageId, onChange, onError }: { imageId: string | null; onChange(id: string | null): void; onError(message: string | null): void }) {
  const { uploading, choose } = useImageUpload({ onChange, onError });

  return (
    <div className={styles.cover} role="group" aria-label="Cover image">
      {imageId && <img className={styles.coverPreview} src={imageUrl(imageId, 680, 340)} srcSet={imageSrcSet(imageId, 680, 340)} alt="The series' cover" />}
      <div className={styles.coverButtons}>
        <label className={buttonClassName({ variant: 'outline', size: 'small' })} aria-disabled={uploading || undefined}>
          {uploading ? 'Uploading…' : imageId ? 'Change cover' : 'Add a cover image'}
          <input type="file" accept={ACCEPTED_IMAGE_TYPES} className="visually-hidden" disabled={uploading} onChange={choose} />
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

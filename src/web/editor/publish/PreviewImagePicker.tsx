import { imageUrl } from '../../../shared/images.js';
import type { ImageMetadata } from '../../../shared/paragraphs.js';
import styles from './publish.module.css';

export interface PreviewImagePickerProps {
  images: ImageMetadata[];
  /** The chosen image; null means the story's first. */
  value: string | null;
  onChange(id: string): void;
}

/** Which of the story's images shows with it in lists and when shared. */
export function PreviewImagePicker({ images, value, onChange }: PreviewImagePickerProps) {
  const chosen = value ?? images[0]?.id;
  return (
    <div className={styles.thumbs} role="group" aria-label="Preview image">
      {images.map((img, i) => (
        <button
          key={img.id}
          type="button"
          className={img.id === chosen ? styles.thumbActive : styles.thumb}
          aria-pressed={img.id === chosen}
          aria-label={`Use image ${i + 1} as the preview image`}
          onClick={() => onChange(img.id)}
        >
          <img src={imageUrl(img.id, 160)} alt="" />
        </button>
      ))}
    </div>
  );
}

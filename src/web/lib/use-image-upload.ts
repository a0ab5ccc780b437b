import { useState, type ChangeEvent } from 'react';
import { useSite } from '../app-context.js';
import { uploadImage } from './upload-image.js';

/** The types POST /_/upload takes (src/modules/media/sniff.ts): the file input's accept. */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

/**
 * The state of an image field that uploads the file as soon as it is chosen (the form's own Save
 * keeps the id): `choose` is the file input's onChange; `uploading` while the upload runs. The
 * input is cleared so choosing the same file again uploads it again.
 */
export function useImageUpload({ onChange, onError }: { onChange(imageId: string): void; onError(message: string | null): void }) {
  const { viewer } = useSite();
  const [uploading, setUploading] = useState(false);

  async function upload(file: File) {
    if (!viewer) return;
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

  function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void upload(file);
  }

  return { uploading, choose };
}

/** The image upload endpoint (src/modules/media/upload-http.ts), for the editor and the profile photo. */

export interface UploadedImage {
  id: string;
  width: number;
  height: number;
  mimeType: string;
}

export const UPLOAD_PATH = '/_/upload';

/** POST /_/upload: one image as multipart `file`, with the session's xsrf token. */
export async function uploadImage(file: File, xsrf: string): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  let res: Response;
  try {
    res = await fetch(UPLOAD_PATH, { method: 'POST', body, headers: { 'x-xsrf-token': xsrf }, credentials: 'same-origin' });
  } catch {
    throw new Error('The image could not be uploaded: you appear to be offline.');
  }
  const json = (await res.json().catch(() => null)) as (Partial<UploadedImage> & { message?: string }) | null;
  if (!res.ok || !json?.id) throw new Error(json?.message || `The image could not be uploaded (${res.status}).`);
  return { id: json.id, width: Number(json.width) || 0, height: Number(json.height) || 0, mimeType: json.mimeType ?? '' };
}

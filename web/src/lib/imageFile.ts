// Image uploads (logo, property photos): PNG or JPEG by their first bytes, whatever the name,
// and at most 50 MB (spec 1 §5, spec 3 §5); the server checks both again.

export const MSG_UNSUPPORTED_FILE = 'Unsupported file type';
/** The spec words the limit this way for every image. */
export const MSG_IMAGE_SIZE = 'Max logo size is 50mb';
export const IMAGE_MAX_BYTES = 50 * 1024 * 1024;

// Upload statuses (spelling as the product shows it).
export const UPLOADING = 'Uploading';
export const UPLOADED = 'Sucessfully Uploaded';
export const UPLOAD_FAILED = 'Uploading Failed';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

/** Why an image cannot be uploaded (size, then content: PNG or JPEG by its bytes), or null. */
export async function imageProblem(file: Blob): Promise<string | null> {
  if (file.size > IMAGE_MAX_BYTES) return MSG_IMAGE_SIZE;
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const starts = (magic: number[]) => magic.every((b, i) => head[i] === b);
  return starts(PNG) || starts(JPEG) ? null : MSG_UNSUPPORTED_FILE;
}

// Uploaded images made safe and small (§4.18): decoded and re-encoded as WebP of a fixed width, which also strips
// whatever else the file carried. GIFs are kept as they are, animation included, unless WebP is demanded.
import sharp from 'sharp';
import { HttpError } from '../http/http-error.ts';

export interface EncodedImage {
  data: Buffer;
  /** `webp`, or `gif` when a GIF was kept. */
  format: 'webp' | 'gif';
}

export const encodeImage = async (
  input: Buffer,
  width: number,
  { keepGif = true }: { keepGif?: boolean } = {},
): Promise<EncodedImage> => {
  try {
    const { format } = await sharp(input).metadata();
    if (format === 'gif' && keepGif) return { data: input, format: 'gif' };
    const data = await sharp(input).resize({ width }).webp().toBuffer();
    return { data, format: 'webp' };
  } catch {
    throw new HttpError(400, 'The file is not an image that can be read');
  }
};

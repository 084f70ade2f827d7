// Uploaded images made safe and small (§4.18): decoded and re-encoded as WebP, which also strips whatever else the
// file carried, so no uploaded byte sequence is ever served as an image. Animated GIFs become animated WebP. Only
// raster formats are read: an SVG (which can carry scripts) is refused, never rendered.
import sharp from 'sharp';
import { HttpError } from '../http/http-error.ts';

const rasterFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export interface EncodeOptions {
  /** Resized to this width, keeping the aspect ratio; its own size without. */
  width?: number;
  /** Keep every frame of an animation (otherwise the first). */
  animated?: boolean;
}

export const encodeImage = async (
  input: Buffer,
  { width, animated = true }: EncodeOptions = {},
): Promise<Buffer> => {
  try {
    const { format } = await sharp(input).metadata();
    if (!format || !rasterFormats.has(format)) throw new Error(`${format} is not a raster format`);
    return await sharp(input, { animated }).resize({ width }).webp().toBuffer();
  } catch {
    throw new HttpError(400, 'The file is not an image that can be read');
  }
};

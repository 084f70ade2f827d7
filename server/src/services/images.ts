// Uploaded images made safe and small (§4.18): decoded and re-encoded as WebP, which also strips whatever else the
// file carried, so no uploaded byte sequence is ever served as an image. Animated GIFs become animated WebP. Only
// raster formats are read: an SVG (which can carry scripts) is refused, never rendered.
import sharp from 'sharp';
import { DomainError } from '../errors/domain-error.ts';

const rasterFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/**
 * Pixels over all frames up to which an animation keeps them all. Decoding and re-encoding cost grows with them, and
 * a few kilobytes of GIF can hold gigapixels; past this, the first frame alone is re-encoded.
 */
const animationPixels = 16_000_000;

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
    const {
      format,
      width: frameWidth = 0,
      height: frameHeight = 0,
      pages = 1,
    } = await sharp(input).metadata();
    if (!format || !rasterFormats.has(format)) throw new Error(`${format} is not a raster format`);
    const allFrames = animated && frameWidth * frameHeight * pages <= animationPixels;
    return await sharp(input, { animated: allFrames }).resize({ width }).webp().toBuffer();
  } catch {
    throw new DomainError(400, 'The file is not an image that can be read');
  }
};

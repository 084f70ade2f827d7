// Uploaded images made safe and small (§4.18): decoded and re-encoded as WebP, which also strips whatever else the
// file carried, so no uploaded byte sequence is ever served as an image. Animated GIFs become animated WebP. Only
// raster formats are read: an SVG (which can carry scripts) is refused, never rendered.
// Decoding is what costs: a GIF of a hundred bytes can declare 16000×16000 pixels, which took 1 GiB to decode.
// So the header alone (sharp's metadata, which decodes no pixel) decides whether an image is decoded at all, the
// decoder holds to the same bound by itself, one image decodes at a time per process, and none for long.
import pLimit from 'p-limit';
import sharp from 'sharp';
import { BusyError } from '../errors/busy-error.ts';
import { DomainError } from '../errors/domain-error.ts';
import { msg } from '../i18n/message.ts';

const rasterFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/**
 * Pixels decoded of one image, over all the frames kept (24 MP: a 4900×4900 photo, or 150 frames of 400×400): an
 * avatar, a poster or a logo never needs more, and decoding them takes about 100 MiB.
 */
export const imagePixelLimit = 24_000_000;
/** Images waiting for their turn before more are turned away: each holds its upload (≤ 3 MiB) meanwhile. */
export const imageQueueLimit = 32;
/** How long decoding and encoding one image may take. */
const timeoutSeconds = 20;
/** What a refused image is told to wait: about a queue's worth of ordinary images. */
const retryAfterSeconds = 10;

const oneAtATime = pLimit(1);

export interface EncodeOptions {
  /** Resized to this width, keeping the aspect ratio; its own size without. */
  width?: number;
  /** Keep every frame of an animation (otherwise the first). */
  animated?: boolean;
}

const unreadable = () => new DomainError(400, 'The file is not an image that can be read');

/**
 * Whether every frame of the image is decoded, from its header alone: all of them when they fit the limit
 * together, else the first alone. 400 when it is not a raster image, or its first frame does not fit either.
 */
const allFramesFit = async (input: Buffer, animated: boolean): Promise<boolean> => {
  const header = await sharp(input)
    .metadata()
    .catch(() => undefined);
  if (!header?.format || !rasterFormats.has(header.format)) throw unreadable();
  const { width = 0, height = 0, pages = 1 } = header;
  if (width * height > imagePixelLimit)
    throw new DomainError(400, msg`The image has more than ${imagePixelLimit / 1_000_000} megapixels`);
  return animated && width * height * pages <= imagePixelLimit;
};

export const encodeImage = async (
  input: Buffer,
  { width, animated = true }: EncodeOptions = {},
): Promise<Buffer> => {
  if (oneAtATime.pendingCount >= imageQueueLimit)
    throw new BusyError(msg`Too many images are being processed; try again shortly`, retryAfterSeconds);
  return oneAtATime(async () => {
    const allFrames = await allFramesFit(input, animated);
    try {
      // limitInputPixels counts every frame decoded: the decoder's own guard, should a header lie.
      return await sharp(input, { animated: allFrames, limitInputPixels: imagePixelLimit })
        .resize({ width })
        .webp()
        .timeout({ seconds: timeoutSeconds })
        .toBuffer();
    } catch (error) {
      // libvips names a run stopped by .timeout() `timeout: N% complete`.
      if (error instanceof Error && error.message.startsWith('timeout'))
        throw new DomainError(400, 'The image took too long to process');
      throw unreadable();
    }
  });
};

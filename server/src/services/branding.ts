// The platform logo and the favicon made from it (§2.2, §1.10). Both are files the configuration holds a reference
// to; without a custom one, the favicon is Pennon's own logo, rendered once from its SVG.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { FileStore } from '../storage/file-store.ts';
import type { ConfigStore } from './config-store.ts';
import { encodeImage } from './images.ts';

const logoWidth = 640;
const faviconWidth = 256;
const builtInLogo = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../static/brand/logo.svg',
);

export interface Favicon {
  /** Tells custom favicons apart from each other and from the built-in one. */
  tag: string;
  /** Opened only when sent, so a 304 leaves no file open. */
  body(): Promise<Readable | Buffer | undefined>;
}

export class BrandingService {
  private builtIn: Promise<Buffer> | undefined;

  constructor(
    private readonly config: ConfigStore,
    private readonly files: FileStore,
  ) {}

  async setLogo(image: Buffer): Promise<void> {
    const logo = await encodeImage(image, { width: logoWidth });
    const favicon = await encodeImage(image, { width: faviconWidth, animated: false });
    const logoFile = await this.files.put(logo, 'logo.webp', { reencoded: true });
    const faviconFile = await this.files.put(favicon, 'favicon.webp', { reencoded: true });
    await this.replace({ logoHash: logoFile?.hash ?? null, faviconHash: faviconFile?.hash ?? null });
  }

  resetLogo(): Promise<void> {
    return this.replace({ logoHash: null, faviconHash: null });
  }

  async favicon(): Promise<Favicon> {
    const { faviconHash } = (await this.config.read()).globalConfig;
    if (faviconHash) return { tag: faviconHash.slice(0, 8), body: () => this.files.open(faviconHash) };
    this.builtIn ??= readFile(builtInLogo).then((svg) =>
      sharp(svg).resize({ width: faviconWidth }).webp().toBuffer(),
    );
    const builtIn = this.builtIn;
    return { tag: 'default', body: () => builtIn };
  }

  private async replace(branding: { logoHash: string | null; faviconHash: string | null }): Promise<void> {
    const { globalConfig: old } = await this.config.read();
    await this.config.setBranding(branding);
    for (const hash of [old.logoHash, old.faviconHash]) if (hash) await this.files.release(hash);
  }
}

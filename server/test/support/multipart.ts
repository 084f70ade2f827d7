// multipart/form-data bodies for `inject`, built by hand so tests control names, sizes and bytes exactly.
import { randomBytes } from 'node:crypto';

export interface FormFile {
  field: string;
  name: string;
  data: Buffer | string;
  type?: string;
}

/** A form of `files`, then the text `fields` (name → value). */
export const multipart = (files: FormFile[], fields: Record<string, string> = {}) => {
  const boundary = `----pennon${randomBytes(8).toString('hex')}`;
  const parts = files.flatMap(({ field, name, data, type = 'application/octet-stream' }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    Buffer.from(data),
    Buffer.from('\r\n'),
  ]);
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      ...parts,
      ...Object.entries(fields).map(([name, value]) =>
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
  };
};

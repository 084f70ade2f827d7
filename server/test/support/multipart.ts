// multipart/form-data bodies for `inject`, built by hand so tests control names, sizes and bytes exactly.
import { randomBytes } from 'node:crypto';

export interface FormFile {
  field: string;
  name: string;
  data: Buffer | string;
  type?: string;
}

export const multipart = (files: FormFile[]) => {
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
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
  };
};

// What the upload methods accept: a Blob or File (browsers, Node), or raw bytes (a Node Buffer).

/** A file to upload. Pass a `File` to choose the name and type the server sees; bytes go as a nameless Blob. */
export type Upload = Blob | Uint8Array;

/** The multipart part for `upload`: Blobs (and Files) as they are, bytes copied into a Blob. */
export const toBlob = (upload: Upload): Blob =>
  upload instanceof Blob ? upload : new Blob([Uint8Array.from(upload)]);

// An attachment as the editor holds it, and the wire model it is saved as (AttachmentCreateModel, FlagCreateModel).
import type { Attachment, AttachmentCreateModel, FileType } from '@pennon/sdk';

export interface AttachmentDraft {
  type: FileType;
  /** Local: the uploaded file's hash and name. */
  fileHash: string | null;
  fileName: string | null;
  /** Remote: the link. */
  remoteUrl: string;
}

export const noAttachment: AttachmentDraft = { type: 'None', fileHash: null, fileName: null, remoteUrl: '' };

/** A saved attachment as a draft; a local one's hash and name come from its `/assets/{hash}/{name}` URL. */
export const draftOf = (attachment: Attachment | null): AttachmentDraft => {
  if (!attachment?.url || attachment.type === 'None') return noAttachment;
  if (attachment.type === 'Remote') return { ...noAttachment, type: 'Remote', remoteUrl: attachment.url };
  const [, hash = null, name = null] = /\/assets\/([0-9a-f]{64})\/([^/]+)$/.exec(attachment.url) ?? [];
  return { ...noAttachment, type: 'Local', fileHash: hash, fileName: name && decodeURIComponent(name) };
};

/** Whether the draft can be saved: a file chosen for Local, an http(s) link for Remote. */
export const isComplete = (draft: AttachmentDraft): boolean => {
  if (draft.type === 'Local') return draft.fileHash !== null;
  if (draft.type === 'Remote') return /^https?:\/\/\S+$/i.test(draft.remoteUrl.trim());
  return true;
};

export const toAttachmentModel = (draft: AttachmentDraft): AttachmentCreateModel => ({
  attachmentType: draft.type,
  fileHash: draft.type === 'Local' ? draft.fileHash : null,
  remoteUrl: draft.type === 'Remote' ? draft.remoteUrl.trim() : null,
});

// The name a team's own attachment (DynamicAttachment, §4.6) is saved under: the challenge's file name, so the
// download doesn't tell whose file it is, completed into a real file name. A new challenge's file name is the
// placeholder `attachment` (GZ::CTF's default) and organisers often give it no extension; saved as is, players
// got a file called `attachment` that nothing opens.

/** The file name a challenge starts with until its organiser names the file. */
export const placeholderFileName = 'attachment';

const extensionOf = (name: string): string => /\.[A-Za-z0-9]{1,10}$/.exec(name)?.[0] ?? '';

/** Characters no file system takes in a name. */
const unsafe = /[\\/:*?"<>|\p{Cc}]+/gu;

/**
 * The download name: the challenge's file name (its title while that is the placeholder or blank), with the
 * extension of the team's stored file when the name has none.
 */
export const teamFileName = (fileName: string | null, title: string, storedName: string | null): string => {
  const chosen = fileName?.trim() ?? '';
  const named = chosen !== '' && chosen !== placeholderFileName ? chosen : title;
  const base = named.replace(unsafe, '_').trim() || placeholderFileName;
  return extensionOf(base) ? base : `${base}${extensionOf(storedName ?? '')}`;
};

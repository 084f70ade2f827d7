// Saving a file the API hands back as bytes (exports, writeups, captures), with the started / finished /
// failed notifications of client-spec §4.
import { notifications } from '@mantine/notifications';
import { errorMessage } from '@pennon/sdk';
import type { TFunction } from 'i18next';

/** Has the browser save `data` as `fileName`. */
export const saveBlob = (data: Blob, fileName: string) => {
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click only starts the download: the URL must outlive it a little.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

/** Fetches a file and saves it; resolves to whether it worked (the outcome is notified either way). */
export const downloadWithNotice = async (
  fetchFile: () => Promise<{ data: Blob; fileName: string }>,
  fallbackName: string,
  t: TFunction,
): Promise<boolean> => {
  const id = notifications.show({
    color: 'orange',
    loading: true,
    message: t('common.download.started'),
    autoClose: false,
  });
  try {
    const { data, fileName } = await fetchFile();
    saveBlob(data, fileName || fallbackName);
    notifications.update({
      id,
      color: 'teal',
      loading: false,
      message: t('common.download.success'),
      autoClose: 4000,
    });
    return true;
  } catch (err) {
    notifications.update({
      id,
      color: 'red',
      loading: false,
      title: t('common.download.failed'),
      message: errorMessage(err, t),
      autoClose: 4000,
    });
    return false;
  }
};

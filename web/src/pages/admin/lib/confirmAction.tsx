import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';

export interface ConfirmActionOptions {
  title: string;
  message: string;
  /** The confirm button's label. */
  label: string;
  run: () => Promise<unknown>;
  done: string;
  failed: string;
  /** After the action, whether it worked or not (e.g. to reload the list). */
  after?: () => unknown;
}

/** Asks before a destructive action (red confirm button), runs it, and tells how it went. */
export const confirmAction = (t: TFunction, options: ConfirmActionOptions) =>
  modals.openConfirmModal({
    title: options.title,
    centered: true,
    children: <Text size="sm">{options.message}</Text>,
    labels: { confirm: options.label, cancel: t('common.button.cancel') },
    confirmProps: { color: 'red' },
    onConfirm: async () => {
      try {
        await options.run();
        notifySuccess(options.done);
      } catch (err) {
        notifyError(err, t, options.failed);
      }
      await options.after?.();
    },
  });

import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFunction } from 'i18next';
import { ConfirmSubject, type ConfirmSubjectProps } from '../../../components/ConfirmSubject/index.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';

export interface ConfirmActionOptions {
  title: string;
  message: string;
  /** Which one it acts on, where two may share a name. */
  subject?: ConfirmSubjectProps;
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
    children: (
      <Stack gap="xs">
        <Text size="sm">{options.message}</Text>
        {options.subject && <ConfirmSubject {...options.subject} />}
      </Stack>
    ),
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

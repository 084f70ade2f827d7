// Notifications for the outcome of an action (client-spec §8): errors red, 429 titled "try later".
import { notifications } from '@mantine/notifications';
import { errorMessage, isRateLimited } from '@pennon/sdk';
import type { TFunction } from 'i18next';

/** The title for a failure: "try later" when rate-limited, else the given one. */
export const errorTitle = (err: unknown, t: TFunction, fallback = 'common.error.encountered'): string =>
  t(isRateLimited(err) ? 'common.error.try_later' : fallback);

export const notifyError = (err: unknown, t: TFunction, title?: string) => {
  notifications.show({
    color: 'red',
    title: isRateLimited(err) ? t('common.error.try_later') : (title ?? t('common.error.encountered')),
    message: errorMessage(err, t),
  });
};

export const notifySuccess = (message: string, title?: string) => {
  notifications.show({ color: 'teal', title, message });
};

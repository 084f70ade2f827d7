import { Box, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { errorMessage } from '@pennon/sdk';
import { IconAlertCircle, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CaptchaControl } from './useCaptcha.ts';

/**
 * The form's captcha: the proof of work's progress, or the Turnstile widget; on failure, why and a retry.
 * Nothing when the server asks for none.
 */
export function Captcha({ captcha }: { captcha: CaptchaControl }) {
  const { t } = useTranslation();
  const { provider, solver } = captcha;
  if (!solver) return null;

  const failure = solver.status === 'failed' && (
    <Group gap="xs" wrap="nowrap" align="flex-start" role="alert">
      <IconAlertCircle size={18} color="var(--mantine-color-red-6)" aria-hidden style={{ flexShrink: 0 }} />
      <Stack gap={4} align="flex-start">
        <Text size="sm" c="red">
          {t('captcha.failed')} {errorMessage(solver.error, t)}
        </Text>
        <Button size="compact-xs" variant="default" onClick={captcha.renew}>
          {t('error_page.try_again')}
        </Button>
      </Stack>
    </Group>
  );

  if (provider === 'CloudflareTurnstile') {
    return (
      <Stack gap="xs">
        <Box ref={captcha.container} aria-label={t('captcha.label')} role="group" mih={65} />
        {failure}
      </Stack>
    );
  }

  const percent = Math.floor(solver.progress * 100);
  return (
    <Stack gap={6} data-testid="captcha" data-status={solver.status}>
      {failure || (
        <Group gap="xs" wrap="nowrap" role="status">
          <IconShieldCheck
            size={18}
            aria-hidden
            color={solver.status === 'ready' ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-dimmed)'}
            style={{ flexShrink: 0 }}
          />
          <Text size="sm" c={solver.status === 'ready' ? 'teal' : 'dimmed'}>
            {solver.status === 'ready' ? t('captcha.pow.ready') : t('captcha.pow.solving', { percent })}
          </Text>
        </Group>
      )}
      {solver.status === 'solving' && (
        <Progress value={percent} size={4} aria-label={t('captcha.label')} animated striped />
      )}
    </Stack>
  );
}

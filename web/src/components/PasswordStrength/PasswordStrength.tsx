import { Box, List, Progress, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES } from '../../utils/password.ts';

export interface PasswordStrengthProps {
  password: string;
  /** The id the password field points at with `aria-describedby`. */
  id: string;
}

/** The server's password rules, each marked met or not as the password is typed. */
export function PasswordStrength({ password, id }: PasswordStrengthProps) {
  const { t } = useTranslation();
  const met = PASSWORD_RULES.filter((rule) => rule.test(password)).length;
  const strength = (met / PASSWORD_RULES.length) * 100;
  const color = strength === 100 ? 'teal' : strength > 50 ? 'yellow' : 'red';
  return (
    <Box id={id}>
      <Progress value={strength} color={color} size={4} mb="xs" aria-hidden />
      <Text size="xs" c="dimmed" mb={4}>
        {t('account.password.rules_title')}
      </Text>
      <List size="xs" spacing={2} center>
        {PASSWORD_RULES.map((rule) => {
          const ok = rule.test(password);
          return (
            <List.Item
              key={rule.key}
              c={ok ? 'teal' : 'dimmed'}
              icon={
                <ThemeIcon size={14} radius="xl" color={ok ? 'teal' : 'gray'} variant="light">
                  {ok ? <IconCheck size={10} /> : <IconX size={10} />}
                </ThemeIcon>
              }
            >
              {t(rule.key)}
              <VisuallyHidden>
                {` (${t(ok ? 'account.password.rule_met' : 'account.password.rule_unmet')})`}
              </VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </Box>
  );
}

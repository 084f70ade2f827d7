import { ActionIcon, TextInput, type TextInputProps, Tooltip } from '@mantine/core';
import { INVITE_CODE_MAX } from '@pennon/sdk';
import { IconDice5 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { randomInviteCode } from '../../lib/inviteCode.ts';

export interface InviteCodeInputProps extends Omit<TextInputProps, 'onChange'> {
  /** Takes the typed or the generated code (a form field's `onChange` takes either an event or a value). */
  onChange: (value: string | React.ChangeEvent<HTMLInputElement>) => void;
}

/** An invite code (a game's or a division's), typed or generated at random with the dice button. */
export function InviteCodeInput({ onChange, ...props }: InviteCodeInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      maxLength={INVITE_CODE_MAX}
      rightSection={
        <Tooltip label={t('admin.game.info.generate_code')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('admin.game.info.generate_code')}
            onClick={() => onChange(randomInviteCode())}
          >
            <IconDice5 size={16} />
          </ActionIcon>
        </Tooltip>
      }
      onChange={onChange}
      {...props}
    />
  );
}

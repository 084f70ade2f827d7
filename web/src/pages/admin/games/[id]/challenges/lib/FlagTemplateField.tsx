import { ActionIcon, Code, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { FLAG_TEMPLATE_MAX } from '@pennon/sdk';
import { IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { monospaceInput } from '../../../../../../theme';
import { previewTemplate, sampleTeamHash } from './templatePreview.ts';

/** The longest template the server keeps (ChallengeUpdateModel). */

/**
 * A DynamicContainer's flag template, with one sample team's flag made from it as typed. Rolling again picks
 * another team hash, GUID and leet.
 */
export function FlagTemplateField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const [teamHash, setTeamHash] = useState(sampleTeamHash);
  const [roll, setRoll] = useState(0);
  // `roll` only forces a new random draw.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above.
  const preview = useMemo(() => previewTemplate(value, teamHash), [value, teamHash, roll]);
  return (
    <Stack gap="xs">
      <TextInput
        label={t('admin.challenge.template.label')}
        description={t('admin.challenge.template.rules')}
        placeholder="flag{[TEAM_HASH]}"
        maxLength={FLAG_TEMPLATE_MAX}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        styles={monospaceInput}
      />
      <Stack gap={4} aria-live="polite">
        <Text size="sm" fw={500} id="template-preview-label">
          {t('admin.challenge.template.preview', { hash: teamHash })}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Code
            block
            style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
            aria-labelledby="template-preview-label"
            data-testid="template-preview"
          >
            {preview.flag}
          </Code>
          <Tooltip label={t('admin.challenge.template.reroll')} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={t('admin.challenge.template.reroll')}
              onClick={() => {
                setTeamHash(sampleTeamHash());
                setRoll((n) => n + 1);
              }}
            >
              <IconRefresh size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {!value.trim() && (
          <Text size="xs" c="dimmed">
            {t('admin.challenge.template.default')}
          </Text>
        )}
        {!preview.strong && (
          <Text size="sm" c="red" data-testid="template-weak">
            {t('admin.challenge.template.weak')}
          </Text>
        )}
        {preview.tooLong && (
          <Text size="sm" c="orange" data-testid="template-long">
            {t('admin.challenge.template.too_long')}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

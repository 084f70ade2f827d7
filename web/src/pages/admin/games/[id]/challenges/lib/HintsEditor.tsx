import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The hints players see, one field each; a change during the game sends them a "new hint" notice. */
export function HintsEditor({ value, onChange }: { value: string[]; onChange: (value: string[]) => void }) {
  const { t } = useTranslation();
  const set = (index: number, hint: string) => onChange(value.map((old, i) => (i === index ? hint : old)));
  return (
    <Stack gap="xs" role="group" aria-label={t('admin.challenge.hints.label')}>
      <Text size="sm" fw={500}>
        {t('admin.challenge.hints.label')}
      </Text>
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('admin.challenge.hints.empty')}
        </Text>
      )}
      {value.map((hint, index) => (
        // Hints have no ids; their place in the list is what identifies them while editing.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            style={{ flex: 1 }}
            label={t('admin.challenge.hints.item', { n: index + 1 })}
            value={hint}
            onChange={(event) => set(index, event.currentTarget.value)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('admin.challenge.hints.remove', { n: index + 1 })}
            onClick={() => onChange(value.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} />}
        onClick={() => onChange([...value, ''])}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('admin.challenge.hints.add')}
      </Button>
    </Stack>
  );
}

import {
  ActionIcon,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { RegistrationField, RegistrationFieldType } from '@pennon/sdk';
import { LOCALE_NAMES, SUPPORTED_LOCALES } from '@pennon/sdk/locales';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { useRegistrationFields } from '../../../components/RegistrationFields/index.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';

const TYPES: RegistrationFieldType[] = [
  'text',
  'longText',
  'number',
  'email',
  'url',
  'date',
  'choice',
  'checkbox',
];
const TEXT_KINDS: RegistrationFieldType[] = ['text', 'longText', 'email', 'url'];

/** A field being edited, with an id of its own that stays while its key is edited or it moves. */
type Draft = RegistrationField & { draftId: number };
let drafted = 0;
const draft = (field: RegistrationField): Draft => ({ ...field, draftId: ++drafted });

const blank = (index: number): Draft =>
  draft({
    key: `field${index + 1}`,
    label: '',
    type: 'text',
    required: false,
    public: false,
    locked: false,
  });

/** A number input's value as an optional limit. */
const limit = (value: string | number): number | undefined => (typeof value === 'number' ? value : undefined);

/** Only the limits and options the type uses, and no empty ones, are saved. */
const cleaned = (field: Draft): RegistrationField => {
  const { draftId: _, options, minLength, maxLength, min, max, pattern, labels, ...rest } = field;
  const text = TEXT_KINDS.includes(field.type);
  const named = Object.entries(labels ?? {}).filter(([, label]) => label.trim());
  return {
    ...rest,
    ...(field.type === 'choice' && { options }),
    ...(text && minLength !== undefined && { minLength }),
    ...(text && maxLength !== undefined && { maxLength }),
    ...(text && pattern && { pattern }),
    ...(field.type === 'number' && min !== undefined && { min }),
    ...(field.type === 'number' && max !== undefined && { max }),
    ...(named.length > 0 && { labels: Object.fromEntries(named) }),
  };
};

/** The settings' Fields tab: the extra account fields registration and the profile ask for. */
export function FieldsPanel() {
  const { fields, reload } = useRegistrationFields();
  if (!fields) return <Skeleton height={240} radius="md" />;
  return <FieldsEditor key={JSON.stringify(fields)} saved={fields} onSaved={reload} />;
}

function FieldsEditor({ saved, onSaved }: { saved: RegistrationField[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState(() => saved.map(draft));
  const [saving, setSaving] = useState(false);
  const change = (index: number, patch: Partial<RegistrationField>) =>
    setDrafts((all) => all.map((field, at) => (at === index ? { ...field, ...patch } : field)));
  const move = (index: number, by: number) =>
    setDrafts((all) => {
      const next = [...all];
      const [field] = next.splice(index, 1);
      if (field) next.splice(index + by, 0, field);
      return next;
    });

  const save = async () => {
    setSaving(true);
    try {
      await client.registrationFields.update(drafts.map(cleaned));
      notifySuccess(t('admin.fields.saved'));
      onSaved();
    } catch (err) {
      notifyError(err, t, t('admin.fields.save_failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('admin.fields.hint')}
      </Text>
      {drafts.length === 0 && <Text>{t('admin.fields.empty')}</Text>}
      {drafts.map((field, index) => {
        const name = field.label || field.key;
        return (
          <Card
            key={field.draftId}
            withBorder
            radius="md"
            padding="lg"
            component="section"
            aria-label={t('admin.fields.field', { name })}
          >
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={2} size="h5">
                  {name}
                </Title>
                <Group gap={4}>
                  <Tooltip label={t('admin.fields.move_up')}>
                    <ActionIcon
                      variant="subtle"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                      aria-label={t('admin.fields.move_up')}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('admin.fields.move_down')}>
                    <ActionIcon
                      variant="subtle"
                      disabled={index === drafts.length - 1}
                      onClick={() => move(index, 1)}
                      aria-label={t('admin.fields.move_down')}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('admin.fields.remove')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => setDrafts((all) => all.filter((_, at) => at !== index))}
                      aria-label={t('admin.fields.remove_label', { name })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput
                  label={t('admin.fields.key')}
                  description={t('admin.fields.key_hint')}
                  required
                  value={field.key}
                  onChange={(event) => change(index, { key: event.currentTarget.value })}
                />
                <TextInput
                  label={t('admin.fields.label')}
                  required
                  value={field.label}
                  onChange={(event) => change(index, { label: event.currentTarget.value })}
                />
                <Select
                  label={t('admin.fields.type')}
                  data={TYPES.map((type) => ({ value: type, label: t(`admin.fields.types.${type}`) }))}
                  value={field.type}
                  allowDeselect={false}
                  onChange={(type) => type && change(index, { type: type as RegistrationFieldType })}
                />
              </SimpleGrid>
              <Group gap="lg">
                <Switch
                  label={t('admin.fields.required')}
                  checked={field.required}
                  onChange={(event) => change(index, { required: event.currentTarget.checked })}
                />
                <Switch
                  label={t('admin.fields.public')}
                  checked={field.public}
                  onChange={(event) => change(index, { public: event.currentTarget.checked })}
                />
                <Switch
                  label={t('admin.fields.locked')}
                  checked={field.locked}
                  onChange={(event) => change(index, { locked: event.currentTarget.checked })}
                />
              </Group>
              {field.type === 'choice' && (
                <TagsInput
                  label={t('admin.fields.options')}
                  description={t('admin.fields.options_hint')}
                  value={field.options ?? []}
                  onChange={(options) => change(index, { options })}
                />
              )}
              {TEXT_KINDS.includes(field.type) && (
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <NumberInput
                    label={t('admin.fields.min_length')}
                    min={0}
                    allowDecimal={false}
                    value={field.minLength ?? ''}
                    onChange={(value) => change(index, { minLength: limit(value) })}
                  />
                  <NumberInput
                    label={t('admin.fields.max_length')}
                    min={1}
                    allowDecimal={false}
                    value={field.maxLength ?? ''}
                    onChange={(value) => change(index, { maxLength: limit(value) })}
                  />
                  <TextInput
                    label={t('admin.fields.pattern')}
                    description={t('admin.fields.pattern_hint')}
                    ff="monospace"
                    value={field.pattern ?? ''}
                    onChange={(event) => change(index, { pattern: event.currentTarget.value })}
                  />
                </SimpleGrid>
              )}
              {field.type === 'number' && (
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <NumberInput
                    label={t('admin.fields.min')}
                    value={field.min ?? ''}
                    onChange={(value) => change(index, { min: limit(value) })}
                  />
                  <NumberInput
                    label={t('admin.fields.max')}
                    value={field.max ?? ''}
                    onChange={(value) => change(index, { max: limit(value) })}
                  />
                </SimpleGrid>
              )}
              <Text size="sm" fw={500}>
                {t('admin.fields.labels')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                {SUPPORTED_LOCALES.map((locale) => (
                  <TextInput
                    key={locale}
                    size="xs"
                    label={LOCALE_NAMES[locale]}
                    lang={locale}
                    placeholder={field.label}
                    value={field.labels?.[locale] ?? ''}
                    onChange={(event) =>
                      change(index, { labels: { ...field.labels, [locale]: event.currentTarget.value } })
                    }
                  />
                ))}
              </SimpleGrid>
            </Stack>
          </Card>
        );
      })}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => setDrafts((all) => [...all, blank(all.length)])}
        >
          {t('admin.fields.add')}
        </Button>
        <Button onClick={save} loading={saving}>
          {t('admin.fields.save')}
        </Button>
      </Group>
    </Stack>
  );
}

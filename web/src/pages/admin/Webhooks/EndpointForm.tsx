import { Checkbox, Group, PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookFormat,
  webhookEventTypes,
  webhookFormats,
} from '@pennon/sdk';
import { LOCALE_NAMES, SUPPORTED_LOCALES } from '@pennon/sdk/locales';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../api/client.ts';
import { FormActions } from '../../../components/FormActions/index.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';

interface EndpointValues {
  name: string;
  url: string;
  secret: string;
  format: WebhookFormat;
  locale: string;
  events: WebhookEventType[];
  gameId: string | null;
  enabled: boolean;
}

/** Events an admin picks from: `ping` is only sent by "send a test event". */
const choosable = webhookEventTypes.filter((type) => type !== 'ping');

/** Adds an endpoint (`endpoint` undefined) or changes one. */
export function EndpointForm({
  endpoint,
  onDone,
}: {
  endpoint?: WebhookEndpoint;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const games = useSWR(['/api/edit/games', 'webhooks'], () => client.edit.games({ count: 100 }));
  const form = useForm<EndpointValues>({
    initialValues: {
      name: endpoint?.name ?? '',
      url: endpoint?.url ?? '',
      secret: '',
      format: endpoint?.format ?? 'json',
      locale: endpoint?.locale ?? 'en-US',
      events: endpoint?.events ?? ['blood.first', 'notice.published'],
      gameId: endpoint?.gameId == null ? null : String(endpoint.gameId),
      enabled: endpoint?.enabled ?? true,
    },
    validate: {
      name: (value) => (value.trim() ? null : t('admin.webhooks.form.name_required')),
      url: (value) => (/^https?:\/\/\S+$/i.test(value.trim()) ? null : t('admin.webhooks.form.url_invalid')),
      secret: (value) => (value === '' || value.length >= 16 ? null : t('admin.webhooks.form.secret_short')),
      events: (value) => (value.length > 0 ? null : t('admin.webhooks.form.events_required')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    const body = {
      name: values.name.trim(),
      url: values.url.trim(),
      format: values.format,
      locale: values.locale as WebhookEndpoint['locale'],
      events: values.events,
      gameId: values.gameId === null ? null : Number(values.gameId),
      enabled: values.enabled,
      ...(values.secret && { secret: values.secret }),
    };
    try {
      if (endpoint) await client.webhooks.update(endpoint.id, body);
      else await client.webhooks.create(body);
      notifySuccess(t('admin.webhooks.form.saved'));
      onDone(true);
    } catch (err) {
      notifyError(err, t, t('admin.webhooks.form.save_failed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('admin.webhooks.form.name')}
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('admin.webhooks.form.url')}
          description={t(`admin.webhooks.format_hint.${form.values.format}`)}
          required
          type="url"
          {...form.getInputProps('url')}
        />
        <Group grow align="flex-start">
          <Select
            label={t('admin.webhooks.form.format')}
            data={webhookFormats.map((value) => ({ value, label: t(`admin.webhooks.format.${value}`) }))}
            allowDeselect={false}
            {...form.getInputProps('format')}
          />
          <Select
            label={t('admin.webhooks.form.locale')}
            description={t('admin.webhooks.form.locale_hint')}
            data={SUPPORTED_LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }))}
            allowDeselect={false}
            disabled={form.values.format === 'json'}
            {...form.getInputProps('locale')}
          />
        </Group>
        <Select
          label={t('admin.webhooks.form.game')}
          placeholder={t('admin.webhooks.form.every_game')}
          clearable
          data={(games.data?.data ?? []).map((g) => ({ value: String(g.id), label: g.title }))}
          {...form.getInputProps('gameId')}
        />
        <Checkbox.Group label={t('admin.webhooks.form.events')} required {...form.getInputProps('events')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
            {choosable.map((type) => (
              <Checkbox key={type} value={type} label={t(`admin.webhooks.event.${type}`)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <PasswordInput
          label={t('admin.webhooks.form.secret')}
          description={t(endpoint ? 'admin.webhooks.form.secret_keep' : 'admin.webhooks.form.secret_hint')}
          autoComplete="new-password"
          {...form.getInputProps('secret')}
        />
        <Switch
          label={t('admin.webhooks.form.enabled')}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <FormActions
          submitLabel={t('admin.webhooks.form.save')}
          onCancel={() => onDone(false)}
          busy={form.submitting}
        />
      </Stack>
    </form>
  );
}

import { Button, Code, Group, Modal, PasswordInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { OidcProviderInfo, OidcProviderModel } from '@pennon/sdk';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';

/** The provider ids the server takes: the slug in its paths. */
const PROVIDER_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;

export interface ProviderModalProps {
  /** The provider to edit, or null to add one. */
  provider: OidcProviderInfo | null;
  opened: boolean;
  onClose: () => void;
  onSaved: () => unknown;
}

const valuesOf = (provider: OidcProviderInfo | null): OidcProviderModel => ({
  id: provider?.id ?? '',
  name: provider?.name ?? '',
  issuer: provider?.issuer ?? '',
  clientId: provider?.clientId ?? '',
  clientSecret: '',
  iconUrl: provider?.iconUrl ?? null,
  allowedDomains: provider?.allowedDomains ?? '',
  createAccounts: provider?.createAccounts ?? true,
  linkByEmail: provider?.linkByEmail ?? false,
  enabled: provider?.enabled ?? true,
});

/** Adds an OpenID Connect provider, or edits one (an empty secret keeps the stored one). */
export function ProviderModal({ provider, opened, onClose, onSaved }: ProviderModalProps) {
  const { t } = useTranslation();
  const form = useForm<OidcProviderModel>({
    initialValues: valuesOf(provider),
    validate: {
      id: (value) => (PROVIDER_ID.test(value) ? null : t('admin.signin.validation.id')),
      name: (value) => (value.trim() ? null : t('admin.signin.validation.required')),
      issuer: (value) => (URL.canParse(value.trim()) ? null : t('admin.signin.validation.issuer')),
      clientId: (value) => (value.trim() ? null : t('admin.signin.validation.required')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    const body = {
      ...values,
      name: values.name.trim(),
      issuer: values.issuer.trim(),
      clientId: values.clientId.trim(),
      iconUrl: values.iconUrl?.trim() || null,
    };
    try {
      if (provider) await client.signInAdmin.updateProvider(provider.id, body);
      else await client.signInAdmin.addProvider(body);
      notifySuccess(t('admin.signin.provider_saved', { name: body.name }));
      await onSaved();
      onClose();
    } catch (err) {
      notifyError(err, t, t('admin.signin.provider_save_failed'));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      size="lg"
      title={provider ? t('admin.signin.edit_title', { name: provider.name }) : t('admin.signin.add_title')}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('admin.signin.field.id')}
            description={t('admin.signin.field.id_hint')}
            disabled={provider !== null}
            required
            {...form.getInputProps('id')}
          />
          <TextInput label={t('admin.signin.field.name')} required {...form.getInputProps('name')} />
          <TextInput
            label={t('admin.signin.field.issuer')}
            description={t('admin.signin.field.issuer_hint')}
            placeholder="https://accounts.example.edu"
            required
            {...form.getInputProps('issuer')}
          />
          <TextInput label={t('admin.signin.field.client_id')} required {...form.getInputProps('clientId')} />
          <PasswordInput
            label={t('admin.signin.field.client_secret')}
            description={provider ? t('admin.signin.field.client_secret_keep') : undefined}
            autoComplete="new-password"
            {...form.getInputProps('clientSecret')}
          />
          <TextInput
            label={t('admin.signin.field.icon')}
            description={t('admin.signin.field.icon_hint')}
            {...form.getInputProps('iconUrl')}
            value={form.values.iconUrl ?? ''}
          />
          <TextInput
            label={t('admin.signin.field.domains')}
            description={t('admin.signin.field.domains_hint')}
            {...form.getInputProps('allowedDomains')}
          />
          <Switch
            label={t('admin.signin.field.create_accounts')}
            description={t('admin.signin.field.create_accounts_hint')}
            {...form.getInputProps('createAccounts', { type: 'checkbox' })}
          />
          <Switch
            label={t('admin.signin.field.link_by_email')}
            description={t('admin.signin.field.link_by_email_hint')}
            {...form.getInputProps('linkByEmail', { type: 'checkbox' })}
          />
          <Switch
            label={t('admin.signin.field.enabled')}
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          {provider?.redirectUri && (
            <Text size="sm">
              {t('admin.signin.redirect_uri')} <Code>{provider.redirectUri}</Code>
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.button.cancel')}
            </Button>
            <Button type="submit" loading={form.submitting}>
              {t('admin.signin.save_provider')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

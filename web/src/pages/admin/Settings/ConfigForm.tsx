import {
  Alert,
  Button,
  Card,
  ColorInput,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ClientCaptchaInfoModel, ClientConfig } from '@pennon/sdk';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { BRAND_COLORS } from '../../../theme.ts';
import { notifyError, notifySuccess } from '../../../utils/notify.ts';
import { CONTAINER_LIMITS, type ConfigValues, configRules, toModel } from './configForm.ts';

export interface ConfigFormProps {
  initial: ConfigValues;
  /** Read-only facts set by the server's environment, not by this form. */
  portMapping: ClientConfig['portMapping'];
  captcha: ClientCaptchaInfoModel | undefined;
  /** Whether mailed links can reach the platform from here: e-mail confirmation needs them. */
  mailLinks: boolean;
  onSaved: () => unknown;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="fieldset" style={{ minWidth: 0 }}>
      <Title order={2} size="h4" mb="md" component="legend" style={{ float: 'left', width: '100%' }}>
        {title}
      </Title>
      <Stack gap="md" style={{ clear: 'both' }}>
        {children}
      </Stack>
    </Card>
  );
}

/** Every section of the platform configuration in one form, saved together. */
export function ConfigForm({ initial, portMapping, captcha, mailLinks, onSaved }: ConfigFormProps) {
  const { t } = useTranslation();
  const form = useForm<ConfigValues>({
    initialValues: initial,
    validateInputOnBlur: true,
    validate: configRules(t, mailLinks),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await client.admin.updateConfig(toModel(values));
      form.setInitialValues(values);
      form.resetDirty(values);
      notifySuccess(t('admin.settings.saved'));
      await onSaved();
    } catch (err) {
      notifyError(err, t, t('admin.settings.save_failed'));
    }
  });

  const { accountPolicy } = form.values;

  const numberField = (field: keyof typeof CONTAINER_LIMITS, label: string, unit: boolean) => (
    <NumberInput
      label={t(label)}
      min={CONTAINER_LIMITS[field].min}
      max={CONTAINER_LIMITS[field].max}
      allowDecimal={false}
      allowNegative={false}
      suffix={unit ? ` ${t('admin.settings.minutes')}` : undefined}
      {...form.getInputProps(`containerPolicy.${field}`)}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Section title={t('admin.settings.section.platform')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('admin.settings.field.title')}
              withAsterisk
              {...form.getInputProps('globalConfig.title')}
            />
            <TextInput
              label={t('admin.settings.field.slogan')}
              {...form.getInputProps('globalConfig.slogan')}
            />
          </SimpleGrid>
          <Textarea
            label={t('admin.settings.field.description')}
            autosize
            minRows={2}
            {...form.getInputProps('globalConfig.description')}
          />
          <Textarea
            label={t('admin.settings.field.footer')}
            description={t('admin.settings.field.footer_hint')}
            autosize
            minRows={2}
            {...form.getInputProps('globalConfig.footerInfo')}
          />
          <ColorInput
            label={t('admin.settings.field.theme')}
            description={t('admin.settings.field.theme_hint')}
            placeholder={BRAND_COLORS[6]}
            format="hex"
            swatches={[BRAND_COLORS[6], '#228be6', '#7048e8', '#e64980', '#f76707', '#2f9e44']}
            withEyeDropper={false}
            {...form.getInputProps('globalConfig.customTheme')}
          />
          <Switch
            label={t('admin.settings.field.api_encryption')}
            description={t('admin.settings.field.api_encryption_hint')}
            {...form.getInputProps('globalConfig.apiEncryption', { type: 'checkbox' })}
          />
        </Section>

        <Section title={t('admin.settings.section.accounts')}>
          <Switch
            label={t('admin.settings.field.allow_register')}
            {...form.getInputProps('accountPolicy.allowRegister', { type: 'checkbox' })}
          />
          <Switch
            label={t('admin.settings.field.active_on_register')}
            description={t('admin.settings.field.active_on_register_hint')}
            {...form.getInputProps('accountPolicy.activeOnRegister', { type: 'checkbox' })}
          />
          <Switch
            label={t('admin.settings.field.use_captcha')}
            description={t('admin.settings.field.captcha_provider', { provider: captcha?.type ?? '…' })}
            {...form.getInputProps('accountPolicy.useCaptcha', { type: 'checkbox' })}
          />
          {accountPolicy.useCaptcha && captcha?.type === 'None' && (
            <Alert color="yellow" variant="light">
              {t('admin.settings.captcha_none')}
            </Alert>
          )}
          <Switch
            label={t('admin.settings.field.email_confirmation')}
            description={t('admin.settings.field.email_confirmation_hint')}
            // The server refuses it without links; one already on stays clickable, to be turned off.
            disabled={!mailLinks && !accountPolicy.emailConfirmationRequired}
            {...form.getInputProps('accountPolicy.emailConfirmationRequired', { type: 'checkbox' })}
            error={mailLinks ? undefined : t('admin.settings.field.email_confirmation_no_links')}
          />
          {accountPolicy.activeOnRegister && accountPolicy.emailConfirmationRequired && (
            <Alert color="blue" variant="light">
              {t('admin.settings.active_with_mail')}
            </Alert>
          )}
          <TextInput
            label={t('admin.settings.field.email_domains')}
            description={t('admin.settings.field.email_domains_hint')}
            placeholder="example.edu, example.org"
            {...form.getInputProps('accountPolicy.emailDomainList')}
          />
        </Section>

        <Section title={t('admin.settings.section.containers')}>
          <Text size="sm">
            {t('admin.settings.port_mapping', {
              mode: t(`admin.settings.port_mapping_mode.${portMapping.toLowerCase()}`),
            })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {numberField('defaultLifetime', 'admin.settings.field.default_lifetime', true)}
            {numberField('extensionDuration', 'admin.settings.field.extension_duration', true)}
            {numberField('renewalWindow', 'admin.settings.field.renewal_window', true)}
            {numberField(
              'maxExerciseContainerCountPerUser',
              'admin.settings.field.max_exercise_containers',
              false,
            )}
          </SimpleGrid>
          <Switch
            label={t('admin.settings.field.auto_destroy')}
            description={t('admin.settings.field.auto_destroy_hint')}
            {...form.getInputProps('containerPolicy.autoDestroyOnLimitReached', { type: 'checkbox' })}
          />
        </Section>

        <Group
          justify="flex-end"
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 1 }}
        >
          <Button
            variant="default"
            onClick={() => form.reset()}
            disabled={!form.isDirty() || form.submitting}
          >
            {t('admin.settings.discard')}
          </Button>
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={form.submitting}>
            {t('admin.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

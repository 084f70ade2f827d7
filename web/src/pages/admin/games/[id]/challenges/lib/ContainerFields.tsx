import { NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NetworkModeValues } from '@pennon/sdk';
import { useTranslation } from 'react-i18next';
import type { ChallengeFormValues } from './challengeForm.ts';

/** Image, port, limits and network of a container challenge (ranges as the server checks them). */
export function ContainerFields({ form }: { form: UseFormReturnType<ChallengeFormValues> }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('admin.challenge.container.image')}
          placeholder="localhost/my-challenge:1"
          {...form.getInputProps('containerImage')}
        />
        <NumberInput
          label={t('admin.challenge.container.port')}
          min={1}
          max={65535}
          allowDecimal={false}
          {...form.getInputProps('exposePort')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <NumberInput
          label={t('admin.challenge.container.memory')}
          min={32}
          max={1048576}
          allowDecimal={false}
          {...form.getInputProps('memoryLimit')}
        />
        <NumberInput
          label={t('admin.challenge.container.cpu')}
          min={0.1}
          max={102.4}
          step={0.1}
          decimalScale={1}
          {...form.getInputProps('cpu')}
        />
        <NumberInput
          label={t('admin.challenge.container.storage')}
          min={0}
          max={1048576}
          allowDecimal={false}
          {...form.getInputProps('storageLimit')}
        />
      </SimpleGrid>
      <Select
        label={t('admin.challenge.container.network')}
        data={NetworkModeValues.map((value) => ({
          value,
          label: t(`admin.challenge.container.network_mode.${value}`),
        }))}
        allowDeselect={false}
        w={{ base: '100%', xs: 240 }}
        {...form.getInputProps('networkMode')}
      />
      <Switch
        label={t('admin.challenge.container.capture')}
        description={t('admin.challenge.container.capture_hint')}
        {...form.getInputProps('enableTrafficCapture', { type: 'checkbox' })}
      />
    </Stack>
  );
}

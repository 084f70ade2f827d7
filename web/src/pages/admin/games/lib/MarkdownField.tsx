import { Card, Tabs, Text, Textarea, type TextareaProps } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../../components/Markdown/index.tsx';
import { monospaceInput } from '../../../../theme';

export interface MarkdownFieldProps extends Omit<TextareaProps, 'value' | 'onChange'> {
  label: string;
  value?: string;
  onChange: (value: string) => void;
}

/** A Markdown text with a Write tab (the labelled text area) and a Preview tab rendering it as players will see it. */
export function MarkdownField({ label, value = '', onChange, minRows = 8, ...props }: MarkdownFieldProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('write');
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List aria-label={label}>
        <Tabs.Tab value="write" leftSection={<IconPencil size={14} />}>
          {t('admin.game.markdown.write')}
        </Tabs.Tab>
        <Tabs.Tab value="preview" leftSection={<IconEye size={14} />}>
          {t('admin.game.markdown.preview')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="write" pt="sm">
        <Textarea
          label={label}
          autosize
          minRows={minRows}
          maxRows={30}
          styles={monospaceInput}
          {...props}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      </Tabs.Panel>
      <Tabs.Panel value="preview" pt="sm">
        <Card withBorder radius="sm" padding="md" mih={120} aria-label={t('admin.game.markdown.preview')}>
          {value.trim() ? (
            <Markdown source={value} />
          ) : (
            <Text c="dimmed" size="sm">
              {t('admin.game.markdown.empty')}
            </Text>
          )}
        </Card>
      </Tabs.Panel>
    </Tabs>
  );
}

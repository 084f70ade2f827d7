// Options: the daemon address and LAN access (the SDK's `wsrx-options`), which notifications to raise,
// and the platforms to watch. Adding a platform asks the browser for access to that one site.
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Container,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { readWsrxOptions, WSRX_OPTIONS_KEY, type WsrxOptions, wsrxDefaultOptions } from '@pennon/sdk/wsrx';
import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { t } from '../../lib/i18n.ts';
import {
  NOTICE_KINDS,
  normalizeOrigin,
  originPattern,
  PREFS_KEY,
  type Prefs,
  readPrefs,
} from '../../lib/prefs.ts';
import { saveOptions, savePrefs } from '../../lib/storage.ts';
import { useStored } from '../../lib/ui.tsx';

const readOptions = (value: unknown): WsrxOptions => ({ ...wsrxDefaultOptions, ...readWsrxOptions(value) });

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

export const Options = () => {
  const options = useStored(WSRX_OPTIONS_KEY, readOptions);
  const prefs = useStored(PREFS_KEY, readPrefs);
  if (!options || !prefs) return null;
  return (
    <Container size="sm" py="lg">
      <Stack>
        <Title order={2}>{t('options.title')}</Title>
        <Daemon options={options} />
        <Notifications prefs={prefs} />
        <Platforms prefs={prefs} />
      </Stack>
    </Container>
  );
};

const Daemon = ({ options }: { options: WsrxOptions }) => {
  const [api, setApi] = useState(options.api);
  const [saved, setSaved] = useState(false);
  useEffect(() => setApi(options.api), [options.api]);
  const valid = isHttpUrl(api.trim());
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>{t('options.daemon')}</Title>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!valid) return;
            void saveOptions({ api: api.trim().replace(/\/+$/, '') }).then(() => setSaved(true));
          }}
        >
          <Group align="flex-end">
            <TextInput
              flex={1}
              label={t('options.api')}
              description={t('options.api.hint')}
              value={api}
              name="api"
              error={valid ? undefined : t('options.api.invalid')}
              onChange={(event) => {
                setApi(event.currentTarget.value);
                setSaved(false);
              }}
            />
            <Button type="submit" data-testid="save-api" disabled={!valid}>
              {saved ? t('options.saved') : t('options.save')}
            </Button>
          </Group>
        </form>
        <Switch
          label={t('options.lan')}
          description={t('options.lan.hint')}
          checked={options.allowLan}
          onChange={(event) => void saveOptions({ allowLan: event.currentTarget.checked })}
        />
      </Stack>
    </Paper>
  );
};

const Notifications = ({ prefs }: { prefs: Prefs }) => (
  <Paper withBorder p="md">
    <Stack gap="xs">
      <Title order={4}>{t('options.notifications')}</Title>
      {NOTICE_KINDS.map((kind) => (
        <Checkbox
          key={kind}
          label={t(`notify.${kind}`)}
          checked={prefs.notify[kind]}
          onChange={(event) =>
            void savePrefs({ ...prefs, notify: { ...prefs.notify, [kind]: event.currentTarget.checked } })
          }
        />
      ))}
    </Stack>
  </Paper>
);

const Platforms = ({ prefs }: { prefs: Prefs }) => {
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = async () => {
    const origin = normalizeOrigin(input);
    if (!origin) {
      setError(t('options.platform.invalid'));
      return;
    }
    // Must run in the click's user gesture: request first, then store.
    const granted = await browser.permissions.request({ origins: [originPattern(origin)] });
    if (!granted) {
      setError(t('options.platform.denied', { origin }));
      return;
    }
    setError(null);
    setInput('');
    if (!prefs.platforms.includes(origin))
      await savePrefs({ ...prefs, platforms: [...prefs.platforms, origin] });
  };

  const remove = async (origin: string) => {
    const platforms = prefs.platforms.filter((item) => item !== origin);
    await savePrefs({ ...prefs, platforms });
    // Give the permission back unless another watched origin on that host still needs it.
    const pattern = originPattern(origin);
    if (!platforms.some((item) => originPattern(item) === pattern)) {
      await browser.permissions.remove({ origins: [pattern] }).catch(() => false);
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>{t('options.platforms')}</Title>
        <Text size="sm" c="dimmed">
          {t('options.platforms.hint')}
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <Group align="flex-start">
            <TextInput
              flex={1}
              name="platform"
              placeholder={t('options.platform.placeholder')}
              value={input}
              onChange={(event) => setInput(event.currentTarget.value)}
              aria-label={t('options.platforms')}
            />
            <Button type="submit" data-testid="add-platform">
              {t('options.platform.add')}
            </Button>
          </Group>
        </form>
        {error && (
          <Alert color="red" data-testid="platform-error">
            {error}
          </Alert>
        )}
        {prefs.platforms.map((origin) => (
          <Group key={origin} justify="space-between" data-testid="platform">
            <Text size="sm">{origin}</Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('options.platform.remove')}
              title={t('options.platform.remove')}
              onClick={() => void remove(origin)}
            >
              ✕
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
};

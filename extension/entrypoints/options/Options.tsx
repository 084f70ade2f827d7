// Options: the daemon address and LAN access (the SDK's `wsrx-options`), the pairing with pennon-wsrx's
// control API (approvals from the popup), which notifications to raise, and the platforms to watch. Adding
// a platform asks the browser for access to that one site.
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Container,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  readWsrxOptions,
  readWsrxPairingCode,
  WSRX_OPTIONS_KEY,
  WsrxControlError,
  type WsrxControlLink,
  type WsrxOptions,
  wsrxControlLink,
  wsrxDefaultOptions,
} from '@pennon/sdk/wsrx';
import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { CONTROL_KEY, readControlLink, readDaemonSites } from '../../lib/control.ts';
import { t } from '../../lib/i18n.ts';
import {
  NOTICE_KINDS,
  normalizeOrigin,
  originPattern,
  PREFS_KEY,
  type Prefs,
  readPrefs,
} from '../../lib/prefs.ts';
import { saveControl, saveOptions, savePrefs } from '../../lib/storage.ts';
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
  const control = useStored(CONTROL_KEY, readControlLink);
  if (!options || !prefs || control === undefined) return null;
  return (
    <Container size="sm" py="lg">
      <Stack>
        <Title order={2}>{t('options.title')}</Title>
        <Daemon options={options} />
        <Control link={control} api={options.api} />
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

type Feedback = { ok: boolean; text: string } | null;

/** Pairing: a code from `pennon-wsrx pair`, or the address and token; checked against the daemon before it is kept. */
const Control = ({ link, api }: { link: WsrxControlLink | null; api: string }) => {
  const [code, setCode] = useState('');
  const [url, setUrl] = useState(link?.url ?? api);
  const [token, setToken] = useState(link?.token ?? '');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (link) {
      setUrl(link.url);
      setToken(link.token);
    }
  }, [link]);

  const pair = async (
    candidate: WsrxControlLink | null,
    invalid: 'options.control.invalid' | 'options.control.invalidFields',
  ) => {
    if (!candidate) {
      setFeedback({ ok: false, text: t(invalid) });
      return;
    }
    setBusy(true);
    try {
      const sites = await readDaemonSites(candidate);
      await saveControl(candidate);
      setCode('');
      setFeedback({ ok: true, text: t('options.control.paired', { count: Object.keys(sites).length }) });
    } catch (error) {
      const problem = error instanceof WsrxControlError ? error.problem : 'failed';
      setFeedback({
        ok: false,
        text: t(`options.control.${problem}`, { url: candidate.url, error: String(error) }),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={4}>{t('options.control')}</Title>
        <Text size="sm" c="dimmed">
          {t('options.control.hint')}
        </Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void pair(readWsrxPairingCode(code), 'options.control.invalid');
          }}
        >
          <Group align="flex-end">
            <TextInput
              flex={1}
              name="pairing"
              label={t('options.control.code')}
              placeholder="http://127.0.0.1:3307#…"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
            />
            <Button type="submit" data-testid="pair" loading={busy}>
              {t('options.control.pair')}
            </Button>
          </Group>
        </form>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void pair(wsrxControlLink(url, token), 'options.control.invalidFields');
          }}
        >
          <Group align="flex-end">
            <TextInput
              flex={1}
              name="control-url"
              label={t('options.control.url')}
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
            />
            <PasswordInput
              flex={1}
              name="control-token"
              label={t('options.control.token')}
              value={token}
              onChange={(event) => setToken(event.currentTarget.value)}
            />
            <Button type="submit" variant="default" data-testid="save-control" loading={busy}>
              {t('options.save')}
            </Button>
            {link && (
              <Button
                variant="subtle"
                color="red"
                data-testid="forget-control"
                onClick={() => {
                  setToken('');
                  setFeedback(null);
                  void saveControl(null);
                }}
              >
                {t('options.control.forget')}
              </Button>
            )}
          </Group>
        </form>
        {feedback && (
          <Alert
            color={feedback.ok ? 'green' : 'red'}
            data-testid="control-result"
            data-ok={String(feedback.ok)}
          >
            {feedback.text}
          </Alert>
        )}
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
  const [feedback, setFeedback] = useState<Feedback>(null);

  const add = async () => {
    const origin = normalizeOrigin(input);
    if (!origin) {
      setFeedback({ ok: false, text: t('options.platform.invalid') });
      return;
    }
    // Must run in the click's user gesture: request first, then store.
    const granted = await browser.permissions.request({ origins: [originPattern(origin)] });
    if (!granted) {
      setFeedback({ ok: false, text: t('options.platform.denied', { origin }) });
      return;
    }
    setInput('');
    if (prefs.platforms.includes(origin)) {
      setFeedback({ ok: true, text: t('options.platform.already', { origin }) });
      return;
    }
    await savePrefs({ ...prefs, platforms: [...prefs.platforms, origin] });
    setFeedback({ ok: true, text: t('options.platform.added', { origin }) });
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
        {feedback && (
          <Alert
            color={feedback.ok ? 'green' : 'red'}
            data-testid={feedback.ok ? 'platform-added' : 'platform-error'}
          >
            {feedback.text}
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

import {
  Alert,
  Button,
  Code,
  FileButton,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { errorMessage, type SheetFormat, type UserImportResult, userSheetColumns } from '@pennon/sdk';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../api/client.ts';
import { downloadWithNotice, saveBlob } from '../../../utils/download.ts';

export interface UserSheetsModalProps {
  opened: boolean;
  onClose: () => void;
  /** After an import wrote users. */
  onImported: () => void;
}

/** A CSV cell, quoted when it must be (RFC 4180). */
const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The generated passwords as the CSV the admin hands out: they are shown this once. */
const passwordsCsv = (passwords: UserImportResult['passwords']) =>
  new Blob(
    [
      [
        'userName,email,password',
        ...passwords.map((p) => [p.userName, p.email, p.password].map(csvCell).join(',')),
      ]
        .join('\r\n')
        .concat('\r\n'),
    ],
    { type: 'text/csv;charset=utf-8' },
  );

/**
 * Users (and teams) imported from a CSV or XLSX sheet: a chosen file is checked at once (a dry run listing each
 * row's problems), and imported, all or nothing, only when it has none. Users and teams are exported here too.
 */
export function UserSheetsModal({ opened, onClose, onImported }: UserSheetsModalProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<UserImportResult | null>(null);
  const [done, setDone] = useState<UserImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [format, setFormat] = useState<SheetFormat>('csv');

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorMessage(err, t));
    } finally {
      setBusy(false);
    }
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setCheck(null);
    setDone(null);
    if (chosen) void run(async () => setCheck(await client.userSheets.importUsers(chosen, { dryRun: true })));
  };

  const importFile = () =>
    run(async () => {
      if (!file) return;
      setDone(await client.userSheets.importUsers(file));
      setCheck(null);
      onImported();
    });

  const close = () => {
    choose(null);
    setError(null);
    onClose();
  };

  const counts = (result: UserImportResult) =>
    t('admin.users.sheets.counts', {
      rows: result.rows,
      created: result.created,
      updated: result.updated,
      teams: result.teamsCreated,
    });

  return (
    <Modal opened={opened} onClose={close} title={t('admin.users.sheets.title')} size="xl" centered>
      <Stack gap="md">
        <Text size="sm">{t('admin.users.sheets.columns')}</Text>
        <Code block>{userSheetColumns.join(',')}</Code>
        <Group gap="sm">
          <FileButton onChange={choose} accept=".csv,.xlsx,text/csv">
            {(props) => (
              <Button
                {...props}
                variant="light"
                leftSection={<IconFileSpreadsheet size={16} />}
                loading={busy}
              >
                {t('admin.users.sheets.choose')}
              </Button>
            )}
          </FileButton>
          {file && (
            <Text size="sm" c="dimmed" data-testid="sheet-name">
              {file.name}
            </Text>
          )}
        </Group>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        {check && (
          <Stack gap="xs" data-testid="sheet-check">
            <Text size="sm">{counts(check)}</Text>
            {check.problems.length > 0 ? (
              <>
                <Alert color="red" variant="light">
                  {t('admin.users.sheets.problems', { n: check.problems.length })}
                </Alert>
                <Table striped withTableBorder aria-label={t('admin.users.sheets.problems_label')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('admin.users.sheets.row')}</Table.Th>
                      <Table.Th>{t('admin.users.sheets.column')}</Table.Th>
                      <Table.Th>{t('admin.users.sheets.problem')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {check.problems.map((problem) => (
                      <Table.Tr key={`${problem.row}-${problem.column}`}>
                        <Table.Td>{problem.row}</Table.Td>
                        <Table.Td>{problem.column}</Table.Td>
                        <Table.Td>{problem.message}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </>
            ) : (
              <Group justify="flex-end">
                <Button
                  leftSection={<IconUpload size={16} />}
                  onClick={() => void importFile()}
                  loading={busy}
                >
                  {t('admin.users.sheets.import')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
        {done && (
          <Stack gap="xs" data-testid="sheet-done">
            <Alert color="teal" variant="light">
              {t('admin.users.sheets.imported')} {counts(done)}
            </Alert>
            {done.passwords.length > 0 && (
              <Group justify="space-between">
                <Text size="sm">{t('admin.users.sheets.passwords_once', { n: done.passwords.length })}</Text>
                <Button
                  leftSection={<IconDownload size={16} />}
                  onClick={() => saveBlob(passwordsCsv(done.passwords), 'passwords.csv')}
                >
                  {t('admin.users.sheets.passwords')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
        <Group gap="sm" justify="flex-end">
          <SegmentedControl
            value={format}
            onChange={(value) => setFormat(value as SheetFormat)}
            data={[
              { value: 'csv', label: 'CSV' },
              { value: 'xlsx', label: 'XLSX' },
            ]}
            aria-label={t('admin.users.sheets.format')}
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              void downloadWithNotice(() => client.userSheets.exportUsers(format), `users.${format}`, t)
            }
          >
            {t('admin.users.sheets.export_users')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              void downloadWithNotice(() => client.userSheets.exportTeams(format), `teams.${format}`, t)
            }
          >
            {t('admin.users.sheets.export_teams')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

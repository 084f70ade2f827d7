import { Table } from '@mantine/core';
import type { ScoreAdjustmentModel } from '@pennon/sdk';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../../../../api/client.ts';
import { adjustmentReason, signedPoints } from '../../../../../components/ScoreboardTable/adjustments.ts';
import { dateTimeFormat } from '../../../../../i18n/formats.ts';
import { useNumberFormat } from '../../../../../i18n/useNumberFormat.ts';
import { confirmAction } from '../../../lib/confirmAction.tsx';
import { EditableList } from '../../../lib/EditableList.tsx';
import { RowAction, RowActions } from '../../../lib/RowParts.tsx';
import { GameAdminPage } from '../../lib/GameAdminPage.tsx';
import { AdjustmentForm } from './AdjustmentForm.tsx';

/** /admin/games/{id}/Awards: the game's awards and penalties, and giving, changing or deleting one. */
export default function AdminGameAwardsPage() {
  const { t } = useTranslation();
  return (
    <GameAdminPage title={t('page.admin.game.awards')}>
      {(gameId) => <Adjustments gameId={gameId} />}
    </GameAdminPage>
  );
}

function Adjustments({ gameId }: { gameId: number }) {
  const { t, i18n } = useTranslation();
  const format = useNumberFormat();
  const time = dateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const list = useSWR(['/api/edit/games', gameId, 'adjustments'], () => client.edit.adjustments(gameId));
  const participations = useSWR(['/api/game', gameId, 'participations'], () =>
    client.game.participations(gameId),
  );
  // Read here, in this component's render: SWR re-renders only for what its owner read, and the form reads it later.
  const teams = participations.data ?? [];

  const remove = (a: ScoreAdjustmentModel) =>
    confirmAction(t, {
      title: t('admin.game.adjustment.delete_title'),
      message: t('admin.game.adjustment.delete_message', {
        points: signedPoints(format, a.points),
        team: a.teamName,
        reason: adjustmentReason(t, a),
      }),
      subject: { id: a.id, time: a.time },
      label: t('admin.game.adjustment.delete'),
      run: () => client.edit.deleteAdjustment(gameId, a.id),
      done: t('admin.game.adjustment.deleted'),
      failed: t('admin.game.adjustment.delete_failed'),
      after: () => list.mutate(),
    });

  return (
    <EditableList
      keys="admin.game.adjustment"
      list={list}
      columns={[
        t('admin.game.adjustment.team'),
        t('admin.game.adjustment.points'),
        t('admin.game.adjustment.reason'),
        t('admin.game.adjustment.time'),
        t('admin.game.adjustment.given_by'),
        '',
      ]}
      row={(a, edit) => (
        <Table.Tr key={a.id} data-testid="adjustment-row">
          <Table.Td>{a.teamName}</Table.Td>
          <Table.Td ff="monospace" fw={700} c={a.points < 0 ? 'red' : 'teal'}>
            {signedPoints(format, a.points)}
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{adjustmentReason(t, a)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{time.format(a.time)}</Table.Td>
          <Table.Td>{a.adminName ?? '–'}</Table.Td>
          <RowActions>
            {/* A hint's cost is what the team paid: deleting it refunds the team, nothing rewrites it. */}
            {a.hintId === undefined && (
              <RowAction
                icon={IconPencil}
                tip={t('admin.game.adjustment.edit')}
                label={`${t('admin.game.adjustment.edit')}: ${a.teamName} ${signedPoints(format, a.points)}`}
                onClick={edit}
              />
            )}
            <RowAction
              icon={IconTrash}
              color="red"
              tip={t('admin.game.adjustment.delete')}
              label={`${t('admin.game.adjustment.delete')}: ${a.teamName} ${signedPoints(format, a.points)}`}
              onClick={() => remove(a)}
            />
          </RowActions>
        </Table.Tr>
      )}
      form={(adjustment, done) => (
        <AdjustmentForm gameId={gameId} adjustment={adjustment} participations={teams} onDone={done} />
      )}
    />
  );
}

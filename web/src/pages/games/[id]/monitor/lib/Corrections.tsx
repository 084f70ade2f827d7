// Admins' corrections from the monitor pages (issue #44): a verdict set right with a reason, or a team's solves
// removed for cheating. The server recomputes scores and bloods and tells the players; these only ask and report.
import { ActionIcon, Button, Modal, SegmentedControl, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { type GetInputPropsReturnType, useForm } from '@mantine/form';
import { ADJUSTMENT_REASON_MAX, type Submission } from '@pennon/sdk';
import { IconGavel, IconUserX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../../../api/client.ts';
import { FormActions } from '../../../../../components/FormActions/index.ts';
import { notifyError, notifySuccess } from '../../../../../utils/notify.ts';
import { OUTCOMES } from './outcome.ts';

type Corrected = 'Accepted' | 'WrongAnswer';

/** The reason's rule, shared by both dialogs: the server shows it to players in a notice. */
const reasonRequired = (t: TFunction) => (value: string) =>
  value.trim() ? null : t('monitor.correction.reason_required');

function ReasonInput(props: GetInputPropsReturnType) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('monitor.correction.reason')}
      description={t('monitor.correction.reason_hint')}
      required
      maxLength={ADJUSTMENT_REASON_MAX}
      data-autofocus
      data-testid="correction-reason"
      {...props}
    />
  );
}

/** The row action opening the "Correct verdict" dialog for one judged submission. */
export function CorrectVerdictAction({
  gameId,
  submission,
  onDone,
}: {
  gameId: number;
  submission: Submission;
  onDone: () => unknown;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const label = t('monitor.correction.action_label', {
    team: submission.team,
    challenge: submission.challenge,
  });
  return (
    <>
      <Tooltip label={t('monitor.correction.action')} withArrow>
        <ActionIcon
          variant="subtle"
          aria-label={label}
          onClick={() => setOpen(true)}
          data-testid="correct-verdict"
        >
          <IconGavel size={16} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('monitor.correction.title')} centered>
        {open && (
          <CorrectVerdictForm
            gameId={gameId}
            submission={submission as Submission & { id: number }}
            onClose={async (saved) => {
              setOpen(false);
              if (saved) await onDone();
            }}
          />
        )}
      </Modal>
    </>
  );
}

function CorrectVerdictForm({
  gameId,
  submission,
  onClose,
}: {
  gameId: number;
  submission: Submission & { id: number };
  onClose: (saved: boolean) => unknown;
}) {
  const { t } = useTranslation();
  const form = useForm<{ status: Corrected; reason: string }>({
    initialValues: { status: submission.status === 'Accepted' ? 'WrongAnswer' : 'Accepted', reason: '' },
    validate: { reason: reasonRequired(t) },
  });
  const submit = form.onSubmit(async ({ status, reason }) => {
    try {
      const result = await client.edit.correctVerdict(gameId, submission.id, {
        status,
        reason: reason.trim(),
      });
      notifySuccess(t(result.changed ? 'monitor.correction.saved' : 'monitor.correction.unchanged'));
      await onClose(true);
    } catch (err) {
      notifyError(err, t, t('monitor.correction.failed'));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {t('monitor.correction.summary', {
            team: submission.team,
            challenge: submission.challenge,
            answer: submission.answer,
            verdict: t(OUTCOMES[submission.status].label),
          })}
        </Text>
        <SegmentedControl
          aria-label={t('monitor.correction.new_verdict')}
          data={(['Accepted', 'WrongAnswer'] as const).map((value) => ({
            value,
            label: t(OUTCOMES[value].label),
          }))}
          {...form.getInputProps('status')}
        />
        <ReasonInput {...form.getInputProps('reason')} />
        <FormActions
          submitLabel={t('monitor.correction.save')}
          onCancel={() => onClose(false)}
          busy={form.submitting}
        />
      </Stack>
    </form>
  );
}

/** "Remove this team's solves": reads how many it holds, then asks, naming the team and the count. */
export function RemoveSolvesButton({
  gameId,
  teamId,
  onDone,
}: {
  gameId: number;
  teamId: number;
  onDone: () => unknown;
}) {
  const { t } = useTranslation();
  const [held, setHeld] = useState<{ teamName: string; solves: number } | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const ask = async () => {
    setLoading(true);
    try {
      setHeld(await client.edit.teamSolves(gameId, teamId));
    } catch (err) {
      notifyError(err, t, t('monitor.correction.remove_failed'));
    }
    setLoading(false);
  };
  return (
    <>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconUserX size={14} />}
        loading={loading}
        onClick={() => void ask()}
        data-testid="remove-solves"
      >
        {t('monitor.correction.remove')}
      </Button>
      <Modal
        opened={held !== undefined}
        onClose={() => setHeld(undefined)}
        title={t('monitor.correction.remove')}
        centered
      >
        {held && (
          <RemoveSolvesForm
            gameId={gameId}
            teamId={teamId}
            held={held}
            onClose={async (removed) => {
              setHeld(undefined);
              if (removed) await onDone();
            }}
          />
        )}
      </Modal>
    </>
  );
}

function RemoveSolvesForm({
  gameId,
  teamId,
  held,
  onClose,
}: {
  gameId: number;
  teamId: number;
  held: { teamName: string; solves: number };
  onClose: (removed: boolean) => unknown;
}) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { reason: t('monitor.correction.remove_reason') },
    validate: { reason: reasonRequired(t) },
  });
  const submit = form.onSubmit(async ({ reason }) => {
    try {
      const { solves } = await client.edit.removeTeamSolves(gameId, teamId, { reason: reason.trim() });
      notifySuccess(t('monitor.correction.removed', { team: held.teamName, solves }));
      await onClose(true);
    } catch (err) {
      notifyError(err, t, t('monitor.correction.remove_failed'));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" data-testid="remove-solves-message">
          {held.solves === 0
            ? t('monitor.correction.remove_none', { team: held.teamName })
            : t('monitor.correction.remove_message', { team: held.teamName, solves: held.solves })}
        </Text>
        <ReasonInput {...form.getInputProps('reason')} />
        <FormActions
          submitLabel={t('monitor.correction.remove_confirm')}
          color="red"
          disabled={held.solves === 0}
          onCancel={() => onClose(false)}
          busy={form.submitting}
        />
      </Stack>
    </form>
  );
}

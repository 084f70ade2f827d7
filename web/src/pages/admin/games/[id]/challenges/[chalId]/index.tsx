import {
  Anchor,
  Button,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { client } from '../../../../../../api/client.ts';
import { notifyError, notifySuccess } from '../../../../../../utils/notify.ts';
import { DateTimeField } from '../../../lib/DateTimeField.tsx';
import { MarkdownField } from '../../../lib/MarkdownField.tsx';
import { AttachmentEditor } from '../lib/AttachmentEditor.tsx';
import { draftOf, isComplete, toAttachmentModel } from '../lib/attachmentDraft.ts';
import { CategorySelect } from '../lib/CategorySelect.tsx';
import { type ChallengeEditContext, ChallengeEditPage } from '../lib/ChallengeEditPage.tsx';
import { ContainerFields } from '../lib/ContainerFields.tsx';
import { CostedHintsSection } from '../lib/CostedHintsSection.tsx';
import { type ChallengeFormValues, updateOf, valuesOf } from '../lib/challengeForm.ts';
import { hasContainer } from '../lib/challengeType.ts';
import { EditSection } from '../lib/EditSection.tsx';
import { HintsEditor } from '../lib/HintsEditor.tsx';
import { ReleaseFields } from '../lib/ReleaseFields.tsx';
import { ScoreCurveChart } from '../lib/ScoreCurveChart.tsx';
import { TestContainerCard } from '../lib/TestContainerCard.tsx';
import { challengesKey } from '../lib/useAdminChallenges.ts';

/** /admin/games/{id}/challenges/{chalId}: everything about a challenge but its flags. */
export default function AdminChallengePage() {
  return <ChallengeEditPage tab="detail">{(context) => <ChallengeDetail {...context} />}</ChallengeEditPage>;
}

function ChallengeDetail({ gameId, challenge, mutate }: ChallengeEditContext) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const { mutate: globalMutate } = useSWRConfig();
  const form = useForm<ChallengeFormValues>({
    initialValues: valuesOf(challenge),
    validate: {
      title: (title) => (title.trim() ? null : t('admin.challenge.create.title_required')),
      fileName: (name) =>
        challenge.type === 'DynamicAttachment' && !name.trim()
          ? t('admin.challenge.attachment.file_name_required')
          : null,
    },
  });
  const { values } = form;

  const save = form.onSubmit(async (next) => {
    setSaving(true);
    try {
      const saved = await client.edit.updateChallenge(gameId, challenge.id, updateOf(next, challenge));
      await mutate(saved, { revalidate: false });
      // The list holds the release graph the prerequisites field checks cycles against.
      await globalMutate(challengesKey(gameId));
      form.setInitialValues(valuesOf(saved));
      form.setValues(valuesOf(saved));
      notifySuccess(t('admin.challenge.save.done'));
    } catch (err) {
      notifyError(err, t, t('admin.challenge.save.failed'));
    } finally {
      setSaving(false);
    }
  });

  const container = hasContainer(challenge.type);
  return (
    <Stack gap="md">
      <form onSubmit={save} noValidate>
        <Stack gap="md">
          <EditSection title={t('admin.challenge.section.general')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t('admin.challenge.field.title')} required {...form.getInputProps('title')} />
              <CategorySelect {...form.getInputProps('category')} />
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              {t('admin.challenge.type_fixed', { type: t(`admin.challenge.type.${challenge.type}`) })}
            </Text>
            <Switch
              label={t('admin.challenge.field.enabled')}
              description={t('admin.challenge.field.enabled_hint')}
              {...form.getInputProps('isEnabled', { type: 'checkbox' })}
            />
            <MarkdownField
              label={t('admin.challenge.field.content')}
              value={values.content}
              onChange={(content) => form.setFieldValue('content', content)}
            />
            <HintsEditor value={values.hints} onChange={(hints) => form.setFieldValue('hints', hints)} />
            {challenge.type === 'DynamicAttachment' && (
              <TextInput
                label={t('admin.challenge.attachment.file_name')}
                description={t('admin.challenge.attachment.file_name_hint')}
                {...form.getInputProps('fileName')}
              />
            )}
          </EditSection>

          <EditSection title={t('admin.challenge.section.scoring')}>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <NumberInput
                label={t('admin.challenge.scoring.original')}
                min={1}
                allowDecimal={false}
                {...form.getInputProps('originalScore')}
              />
              <NumberInput
                label={t('admin.challenge.scoring.min_rate')}
                min={0}
                max={1}
                step={0.05}
                decimalScale={3}
                {...form.getInputProps('minScoreRate')}
              />
              <NumberInput
                label={t('admin.challenge.scoring.difficulty')}
                description={t('admin.challenge.scoring.difficulty_hint')}
                min={0.1}
                step={0.5}
                decimalScale={2}
                {...form.getInputProps('difficulty')}
              />
            </SimpleGrid>
            <ScoreCurveChart
              scoring={{
                originalScore: Number(values.originalScore),
                minScoreRate: Number(values.minScoreRate),
                difficulty: Number(values.difficulty),
              }}
              solved={challenge.acceptedCount}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NumberInput
                label={t('admin.challenge.field.submission_limit')}
                description={t('admin.challenge.field.submission_limit_hint')}
                min={0}
                max={10000}
                allowDecimal={false}
                {...form.getInputProps('submissionLimit')}
              />
              <Stack gap={6}>
                <Switch
                  label={t('admin.challenge.field.deadline_on')}
                  {...form.getInputProps('hasDeadline', { type: 'checkbox' })}
                />
                {values.hasDeadline && (
                  <DateTimeField
                    label={t('admin.challenge.field.deadline')}
                    value={values.deadline}
                    onChange={(deadline) => form.setFieldValue('deadline', deadline)}
                  />
                )}
              </Stack>
            </SimpleGrid>
            <Switch
              label={t('admin.challenge.field.no_blood_bonus')}
              {...form.getInputProps('disableBloodBonus', { type: 'checkbox' })}
            />
          </EditSection>

          <EditSection title={t('admin.challenge.section.release')}>
            <ReleaseFields gameId={gameId} challengeId={challenge.id} form={form} />
          </EditSection>

          {container && (
            <EditSection title={t('admin.challenge.section.container')}>
              <ContainerFields form={form} />
              {challenge.type === 'DynamicContainer' && (
                <Text size="sm" c="dimmed">
                  {t('admin.challenge.container.template_where')}{' '}
                  <Anchor component={Link} to={`/admin/games/${gameId}/challenges/${challenge.id}/Flags`}>
                    {t('page.admin.challenge.flags')}
                  </Anchor>
                </Text>
              )}
            </EditSection>
          )}

          <Group justify="flex-end">
            <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={16} />}>
              {t('admin.challenge.save.action')}
            </Button>
          </Group>
        </Stack>
      </form>

      <CostedHintsSection gameId={gameId} challengeId={challenge.id} />
      {challenge.type === 'DynamicAttachment' ? (
        <EditSection title={t('admin.challenge.section.attachment')}>
          <Text size="sm" c="dimmed">
            {t('admin.challenge.attachment.per_flag')}{' '}
            <Anchor component={Link} to={`/admin/games/${gameId}/challenges/${challenge.id}/Flags`}>
              {t('page.admin.challenge.flags')}
            </Anchor>
          </Text>
        </EditSection>
      ) : (
        <AttachmentSection gameId={gameId} challenge={challenge} mutate={mutate} />
      )}

      {container && (
        <TestContainerCard
          gameId={gameId}
          challengeId={challenge.id}
          container={challenge.testContainer}
          refresh={() => mutate()}
        />
      )}
    </Stack>
  );
}

/** The challenge's own attachment, saved on its own (a separate call from the other settings). */
function AttachmentSection({ gameId, challenge, mutate }: ChallengeEditContext) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => draftOf(challenge.attachment));
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await client.edit.updateAttachment(gameId, challenge.id, toAttachmentModel(draft));
      notifySuccess(t('admin.challenge.attachment.saved'));
      await mutate();
    } catch (err) {
      notifyError(err, t, t('admin.challenge.attachment.save_failed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <EditSection title={t('admin.challenge.section.attachment')}>
      <AttachmentEditor label={t('admin.challenge.section.attachment')} value={draft} onChange={setDraft} />
      <Group justify="flex-end">
        <Button variant="light" loading={saving} disabled={!isComplete(draft)} onClick={() => void save()}>
          {t('admin.challenge.attachment.save')}
        </Button>
      </Group>
    </EditSection>
  );
}

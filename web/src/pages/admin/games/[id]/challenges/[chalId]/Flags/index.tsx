import { Button, Group } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { client } from '../../../../../../../api/client.ts';
import { notifyError, notifySuccess } from '../../../../../../../utils/notify.ts';
import { type ChallengeEditContext, ChallengeEditPage } from '../../lib/ChallengeEditPage.tsx';
import { EditSection } from '../../lib/EditSection.tsx';
import { FlagsEditor } from '../../lib/FlagsEditor.tsx';
import { FlagTemplateField } from '../../lib/FlagTemplateField.tsx';

/** /admin/games/{id}/challenges/{chalId}/Flags: the flags, or for a DynamicContainer the template of each team's. */
export default function AdminChallengeFlagsPage() {
  return (
    <ChallengeEditPage tab="flags">
      {({ gameId, challenge, mutate }) =>
        challenge.type === 'DynamicContainer' ? (
          <TemplateSection gameId={gameId} challenge={challenge} mutate={mutate} />
        ) : (
          <FlagsEditor gameId={gameId} challenge={challenge} refresh={() => mutate()} />
        )
      }
    </ChallengeEditPage>
  );
}

function TemplateSection({ gameId, challenge, mutate }: ChallengeEditContext) {
  const { t } = useTranslation();
  const [template, setTemplate] = useState(challenge.flagTemplate ?? '');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await mutate(await client.edit.updateChallenge(gameId, challenge.id, { flagTemplate: template }), {
        revalidate: false,
      });
      notifySuccess(t('admin.challenge.template.saved'));
    } catch (err) {
      notifyError(err, t, t('admin.challenge.template.save_failed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <EditSection title={t('admin.challenge.template.heading')}>
      <FlagTemplateField value={template} onChange={setTemplate} />
      <Group justify="flex-end">
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          loading={saving}
          disabled={template === (challenge.flagTemplate ?? '')}
          onClick={() => void save()}
        >
          {t('admin.challenge.template.save')}
        </Button>
      </Group>
    </EditSection>
  );
}

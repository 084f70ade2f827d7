import { Button, Group, type MantineSpacing } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface FormActionsProps {
  /** What submitting does ("Create", "Save"…). */
  submitLabel: string;
  onCancel: () => void;
  /** While the form is being sent: the submit button spins and cancelling waits. */
  busy: boolean;
  /** Red for a destructive submit. */
  color?: string;
  /** The submit button is off until the form can be sent. */
  disabled?: boolean;
  mt?: MantineSpacing;
}

/** The end of a dialog's form: Cancel, then its submit button. */
export function FormActions({ submitLabel, onCancel, busy, color, disabled, mt }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {t('common.button.cancel')}
      </Button>
      <Button type="submit" color={color} disabled={disabled} loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}

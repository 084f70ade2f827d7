import { ColorInput, DEFAULT_THEME } from '@mantine/core';
import { isThemeColor } from '@pennon/sdk/theme';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Ready-made choices: Mantine's own colours at their base shade. */
const SWATCHES = [
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'green',
  'lime',
  'yellow',
  'orange',
].map((name) => DEFAULT_THEME.colors[name]?.[6] ?? '');

export interface CustomColorInputProps {
  /** The custom colour stored, or '' when none is. */
  color: string;
  /** Called with each valid colour entered or picked. */
  onApply: (color: string) => void;
}

/**
 * The Custom colour: typed as `#` and six hex digits (client-spec §5), or picked. What is not a valid colour is
 * flagged and not applied, and stays in the field to be corrected.
 */
export function CustomColorInput({ color, onApply }: CustomColorInputProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(color);
  const invalid = draft !== '' && !isThemeColor(draft);

  const change = (value: string) => {
    setDraft(value);
    if (isThemeColor(value)) onApply(value);
  };

  return (
    <ColorInput
      label={t('theme.custom.label')}
      placeholder="#e03131"
      format="hex"
      value={draft}
      onChange={change}
      error={invalid ? t('theme.custom.invalid') : undefined}
      swatches={SWATCHES}
      swatchesPerRow={11}
      fixOnBlur={false}
      withEyeDropper={false}
      // Inside the theme popover: a dropdown of its own in a portal would count as a click outside it.
      popoverProps={{ withinPortal: false }}
    />
  );
}

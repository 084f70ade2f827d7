import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../../app/AppProviders.tsx';
import { i18n } from '../../../../i18n/instance.ts';
import { DateTimeField } from './DateTimeField.tsx';

/** Opens the picker on 15 March 2026, waits for the month heading, and answers the weekday headers in order. */
const calendarWeekdays = async (heading: string) => {
  render(
    <AppProviders env="test">
      <DateTimeField label="Start" value={new Date(2026, 2, 15, 9, 30).getTime()} onChange={() => {}} />
    </AppProviders>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Start' }));
  await screen.findByText(heading);
  return screen.getAllByRole('columnheader').map((cell) => cell.textContent);
};

describe('DateTimeField', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en-US');
  });

  it('shows an English calendar with Sunday first in en-US', async () => {
    expect((await calendarWeekdays('March 2026')).slice(0, 2)).toEqual(['Su', 'Mo']);
  });

  it('names months and weekdays in the chosen language, with its first day of the week', async () => {
    await i18n.changeLanguage('fr-FR');
    expect((await calendarWeekdays('mars 2026')).slice(0, 2)).toEqual(['lu', 'ma']);
  });
});

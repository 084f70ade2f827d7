import '@mantine/dates/styles.css';
import { DatesProvider, DateTimePicker, type DateTimePickerProps, type DayOfWeek } from '@mantine/dates';
import dayjs from 'dayjs';
import { useDayjsLocale } from '../../../../i18n/dayjsLocale.ts';

const FORMAT = 'YYYY-MM-DD HH:mm';

export interface DateTimeFieldProps extends Omit<DateTimePickerProps, 'value' | 'onChange' | 'defaultValue'> {
  /** Unix milliseconds; 0 or less is "not set" (the wire's unset deadline) and shows empty; clearing sets 0. */
  value?: number;
  onChange: (value: number) => void;
}

/**
 * A date and time in the browser's time zone, read and written as Unix milliseconds (the wire format); its calendar
 * names months and weekdays in the user's language and starts weeks as that language's calendars do.
 */
export function DateTimeField({ value, onChange, ...props }: DateTimeFieldProps) {
  const locale = useDayjsLocale();
  return (
    <DatesProvider settings={{ locale: locale.name, firstDayOfWeek: locale.weekStart as DayOfWeek }}>
      <DateTimePicker
        valueFormat={FORMAT}
        {...props}
        value={value === undefined || value <= 0 ? null : dayjs(value).format('YYYY-MM-DD HH:mm:ss')}
        onChange={(next) => onChange(next ? dayjs(next).valueOf() : 0)}
      />
    </DatesProvider>
  );
}

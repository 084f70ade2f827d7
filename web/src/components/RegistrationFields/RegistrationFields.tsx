import { Checkbox, Select, Textarea, TextInput } from '@mantine/core';
import { fieldLabel, type RegistrationField, type RegistrationFieldValues } from '@pennon/sdk';
import { FALLBACK_LOCALE, matchLocale } from '@pennon/sdk/locales';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { client } from '../../api/client.ts';

export const REGISTRATION_FIELDS_KEY = '/api/account/fields';

/**
 * The extra account fields an admin defined, in order: undefined while loading, none when the server has none (or
 * cannot say: a form then asks for what it always did).
 */
export function useRegistrationFields() {
  const { data, error, mutate } = useSWR(
    REGISTRATION_FIELDS_KEY,
    () => client.registrationFields.definitions(),
    {
      revalidateOnFocus: false,
    },
  );
  return { fields: data ?? (error ? [] : undefined), reload: () => mutate() };
}

/** The label the current language shows. */
export function useFieldLabel() {
  const { i18n } = useTranslation();
  const locale = matchLocale(i18n.resolvedLanguage ?? i18n.language ?? '') ?? FALLBACK_LOCALE;
  return (field: RegistrationField) => fieldLabel(field, locale);
}

/**
 * Values of the registration fields being edited, and the client's own check before sending: required fields filled
 * (a required checkbox ticked). The server checks the rest (types, limits, patterns) and names the field at fault.
 */
export function useFieldValues(initial: RegistrationFieldValues = {}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    values,
    errors,
    set: (key: string, value: string) => {
      setValues((current) => ({ ...current, [key]: value }));
      setErrors(({ [key]: _, ...others }) => others);
    },
    reset: (next: RegistrationFieldValues) => {
      setValues(next);
      setErrors({});
    },
    /** Whether the required ones are filled; marks those that are not. Locked ones are skipped when asked. */
    complete: (fields: readonly RegistrationField[], skipLocked = false): boolean => {
      const missing = fields.filter(
        (field) =>
          field.required &&
          !(skipLocked && field.locked) &&
          (!(values[field.key] ?? '').trim() || values[field.key] === 'false'),
      );
      setErrors(Object.fromEntries(missing.map((field) => [field.key, t('account.fields.required')])));
      return missing.length === 0;
    },
  };
}

export interface RegistrationFieldInputsProps {
  fields: readonly RegistrationField[];
  values: RegistrationFieldValues;
  onChange: (key: string, value: string) => void;
  errors?: Record<string, string | undefined>;
  /** In the profile: locked fields show their value but cannot change. */
  lockLocked?: boolean;
}

/** An input per registration field, of the kind its type asks for, with the limits it can tell the browser. */
export function RegistrationFieldInputs({
  fields,
  values,
  onChange,
  errors = {},
  lockLocked = false,
}: RegistrationFieldInputsProps) {
  const { t } = useTranslation();
  const labelOf = useFieldLabel();
  return fields.map((field) => {
    const value = values[field.key] ?? '';
    const common = {
      label: labelOf(field),
      required: field.required,
      disabled: lockLocked && field.locked,
      description: lockLocked && field.locked ? t('account.fields.locked') : undefined,
      error: errors[field.key],
    };
    const text = {
      ...common,
      value,
      onChange: (event: { currentTarget: { value: string } }) =>
        onChange(field.key, event.currentTarget.value),
      minLength: field.minLength,
      maxLength: field.maxLength,
    };
    switch (field.type) {
      case 'longText':
        return <Textarea key={field.key} {...text} autosize minRows={2} maxRows={6} />;
      case 'choice':
        return (
          <Select
            key={field.key}
            {...common}
            data={field.options ?? []}
            value={value || null}
            onChange={(choice) => onChange(field.key, choice ?? '')}
            placeholder={t('account.fields.choose')}
            clearable={!field.required}
            allowDeselect={!field.required}
          />
        );
      case 'checkbox':
        return (
          <Checkbox
            key={field.key}
            {...common}
            checked={value === 'true'}
            onChange={(event) => onChange(field.key, event.currentTarget.checked ? 'true' : 'false')}
          />
        );
      case 'number':
        return (
          <TextInput
            key={field.key}
            {...text}
            type="number"
            inputMode="decimal"
            min={field.min}
            max={field.max}
          />
        );
      case 'date':
        return <TextInput key={field.key} {...text} type="date" />;
      case 'email':
        return <TextInput key={field.key} {...text} type="email" autoCapitalize="none" spellCheck={false} />;
      case 'url':
        return <TextInput key={field.key} {...text} type="url" autoCapitalize="none" spellCheck={false} />;
      default:
        return <TextInput key={field.key} {...text} />;
    }
  });
}

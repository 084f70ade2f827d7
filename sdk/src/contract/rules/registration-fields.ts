// Registration fields as the forms show them, shared by the web client and the server's sheets.
import type { RegistrationField } from '../models/registration-fields.ts';

/** A field's label in `locale`, else its default label. */
export const fieldLabel = (field: RegistrationField, locale: string): string =>
  field.labels?.[locale] ?? field.label;

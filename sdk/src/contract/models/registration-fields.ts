// Models of Pennon's registration fields: extra account fields an admin defines (a student ID, a school, a country,
// a T-shirt size), asked for at registration and in the profile.
import Type, { type Static } from 'typebox';
import { StringEnum } from '../schema.ts';

/** A field's key: how values, sheet columns and filters name it. */
export const RegistrationFieldKey = Type.String({ pattern: '^[a-zA-Z][a-zA-Z0-9_]{0,31}$' });

/** Pennon only: a registration field's kind, which decides its input and how its value is checked. */
export const RegistrationFieldType = StringEnum('RegistrationFieldType', [
  'text',
  'longText',
  'number',
  'email',
  'url',
  'date',
  'choice',
  'checkbox',
]);
export type RegistrationFieldType = Static<typeof RegistrationFieldType>;

/** A field's value on the wire: text, a number in decimal, a date as `YYYY-MM-DD`, a checkbox `true` or `false`. */
export const RegistrationFieldValue = Type.String({ maxLength: 4096 });

/** Field values by key; a key left out (or empty) has no value. */
export const RegistrationFieldValues = Type.Record(RegistrationFieldKey, RegistrationFieldValue, {
  title: 'RegistrationFieldValues',
});
export type RegistrationFieldValues = Static<typeof RegistrationFieldValues>;

/** Pennon only: an extra account field an admin defines, asked for at registration and in the profile. */
export const RegistrationField = Type.Object(
  {
    key: RegistrationFieldKey,
    /** The label every locale shows unless `labels` has one of its own. */
    label: Type.String({ minLength: 1, maxLength: 64 }),
    /** Labels by locale (`de-DE`, `zh-CN`...). */
    labels: Type.Optional(Type.Record(Type.String(), Type.String({ minLength: 1, maxLength: 64 }))),
    type: RegistrationFieldType,
    /** A required checkbox must be ticked (rules accepted, say). */
    required: Type.Boolean(),
    /** Shown to other players (with the team's members); private fields only to the user and admins. */
    public: Type.Boolean(),
    /** Set once at registration: the user cannot change it afterwards (an admin can). */
    locked: Type.Boolean(),
    /** The choices of a `choice` field. */
    options: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 })),
    /** Length limits of the text kinds. */
    minLength: Type.Optional(Type.Integer({ minimum: 0, maximum: 4096 })),
    /** See `minLength`. */
    maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 4096 })),
    /** Range of a `number` field. */
    min: Type.Optional(Type.Number()),
    /** See `min`. */
    max: Type.Optional(Type.Number()),
    /** A regular expression (JavaScript, `u` flag) the whole text of the text kinds must match. */
    pattern: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  },
  { title: 'RegistrationField' },
);
export type RegistrationField = Static<typeof RegistrationField>;

/** Pennon only: the platform's registration fields, in the order forms show them. */
export const RegistrationFields = Type.Array(RegistrationField, {
  maxItems: 50,
  title: 'RegistrationFields',
});
export type RegistrationFields = Static<typeof RegistrationFields>;

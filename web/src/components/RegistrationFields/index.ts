export {
  REGISTRATION_FIELDS_KEY,
  RegistrationFieldInputs,
  useFieldLabel,
  useFieldValues,
  useRegistrationFields,
} from './RegistrationFields.tsx';

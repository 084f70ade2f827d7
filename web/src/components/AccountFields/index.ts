export { accountNameProps, EmailInput, UserNameInput } from './AccountFields.tsx';

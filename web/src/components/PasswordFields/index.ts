export { newPasswordRules, PasswordFields } from './PasswordFields.tsx';

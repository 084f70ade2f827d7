export { PasswordStrength } from './PasswordStrength.tsx';

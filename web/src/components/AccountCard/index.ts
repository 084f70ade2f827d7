export { AccountCard, SessionLoader } from './AccountCard.tsx';
export { AccountForm } from './AccountForm.tsx';

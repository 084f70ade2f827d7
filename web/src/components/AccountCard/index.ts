export { AccountCard, SessionLoader } from './AccountCard.tsx';

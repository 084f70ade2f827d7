export { UserMenu } from './UserMenu.tsx';

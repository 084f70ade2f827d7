export { AppLayout } from './AppLayout.tsx';

export { type NavTab, NavTabs } from './NavTabs.tsx';

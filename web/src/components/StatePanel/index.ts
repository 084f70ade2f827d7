export { StatePanel, type StatePanelProps } from './StatePanel.tsx';

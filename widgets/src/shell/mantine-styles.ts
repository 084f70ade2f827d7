// Mantine's base styles; each component's stylesheet comes with its code (web/vite/mantine-styles.ts), and the
// bundle carries them all as one string (vite/inline-css.ts). No default-css-variables.css: MantineProvider
// writes every variable itself (shell/WidgetShell.tsx).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import './widget.css';

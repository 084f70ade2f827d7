import { defineConfig } from 'wxt';

// WXT 0.21.0 has no telemetry (nothing to switch off) and `wxt build` downloads nothing.
export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  // Firefox gets MV3 too (event page instead of a service worker), so one code path: browser.action etc.
  manifestVersion: 3,
  imports: false,
  zip: { artifactTemplate: 'pennon-wsrx-companion-{{version}}-{{browser}}.zip' },
  manifest: ({ browser }) => ({
    name: 'Pennon wsrx companion',
    description:
      'Shows whether your wsrx tunnel daemon works, the tunnels of your CTF sites, and tells you when it stops.',
    // No host permission at install: each watched platform is granted from the options page.
    permissions: ['storage', 'alarms', 'notifications', 'scripting'],
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    action: { default_title: 'Pennon wsrx companion' },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: { id: 'wsrx-companion@pennon.dev', strict_min_version: '128.0' },
          },
        }
      : {}),
  }),
});

// The layer rules of our packages' imports, checked by `npm test` (`npm run imports`).
// swc parses, since dependency-cruiser cannot drive TypeScript 7; it keeps type-only imports, which count too.
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A circle has no bottom to test or reason from: move the piece both sides need down.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'nothing-below-http-imports-http',
      comment:
        'http/ is what every request goes through; the layers below it (games, services, containers, live, db …) ' +
        'know nothing of requests (server/README.md, Layout).',
      severity: 'error',
      from: { path: '^server/src/', pathNot: '^server/src/(api/|http/|app[.]ts$|main[.]ts$)' },
      to: { path: '^server/src/http/' },
    },
    {
      name: 'server-imports-no-client',
      comment: 'The server serves the web client, widgets and extension as built files, never as code.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(web|widgets|extension)/' },
    },
    {
      name: 'sdk-imports-nothing-of-ours',
      comment: 'Every other package builds on the SDK, so the SDK builds on none of them.',
      severity: 'error',
      from: { path: '^sdk/' },
      to: { path: '^(server|web|widgets|extension|wsrx)/' },
    },
    {
      name: 'web-imports-no-other-package',
      comment: 'The web client builds on the SDK alone; the widgets build on it, never the other way round.',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(server|widgets|extension|wsrx)/' },
    },
    {
      name: 'ctl-talks-to-the-platform-through-the-sdk',
      comment: 'pennon-ctl reaches a platform over its API, never its database or its code.',
      severity: 'error',
      from: { path: '^ctl/' },
      to: { path: '^(server|web|widgets|extension|wsrx)/' },
    },
    {
      name: 'extension-builds-on-the-sdk',
      comment: 'The extension talks to the daemon through the SDK; only its tests start a real daemon.',
      severity: 'error',
      from: { path: '^extension/', pathNot: '^extension/test/' },
      to: { path: '^(server|web|widgets|wsrx)/' },
    },
  ],
  options: {
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.base.json' },
    doNotFollow: { path: 'node_modules' },
    // Our packages (and several others) are reached through their `exports`, as Node reaches them.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'node', 'default'] },
  },
};

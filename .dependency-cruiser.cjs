// The import rules, checked by `npm run deps` (in `npm test`). Client layers, top to bottom; a
// module imports its own layer or one below, never one above: app -> views -> words -> features ->
// rules and outbox -> pms and storage. src/features/<name>/ holds one feature's state; code outside
// a feature, another feature too, reaches it only through its index.ts (docs/features.md). rules/ are pure (pms/money, wire and record shapes only).
// A feature's texts (src/features/<feature>/texts.<lang>.ts) are data, read only through
// words/i18n.ts (docs/texts.md).
// The service worker never imports the page; the server and the test hotel never import client
// code, and the server reaches the test hotel only through src/test-hotel/index.ts; both share
// src/node-http/, which imports neither. TypeScript is
// read through Babel (scripts/depcruise-babel.cjs): TypeScript 7 has no compiler API.
const CLIENT = '^src/(app|views|words|rules|outbox|pms|storage|features)/';
const layer = (name, above) => ({
  name: `no-upward-import-from-${name}`,
  comment: `src/${name}/ is below ${above.join(', ')}: it must not import them`,
  severity: 'error',
  from: { path: `^src/${name}/` },
  to: { path: `^src/(${above.join('|')})/` },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'modules import each other in one direction only',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    layer('views', ['app']),
    layer('words', ['app', 'views']),
    layer('features', ['app', 'views', 'words']),
    layer('outbox', ['app', 'views', 'words', 'features', 'rules']),
    layer('pms', ['app', 'views', 'words', 'features', 'rules', 'outbox', 'storage']),
    layer('storage', ['app', 'views', 'words', 'features', 'rules', 'outbox']),
    {
      name: 'texts-are-data',
      comment: "a feature's texts import nothing but the types of an English texts file",
      severity: 'error',
      from: { path: '^src/features/[^/]+/texts\\.[a-z]+\\.ts$' },
      to: { pathNot: '^src/features/[^/]+/texts\\.en\\.ts$' },
    },
    {
      name: 'texts-through-t',
      comment:
        "a feature's texts are read through t() only: words/i18n.ts loads them, nothing else imports them",
      severity: 'error',
      from: { pathNot: '^src/(words/i18n\\.ts|features/[^/]+/texts\\.[a-z]+\\.ts)$' },
      to: { path: '^src/features/[^/]+/texts\\.[a-z]+\\.ts$' },
    },
    {
      name: 'feature-through-its-surface',
      comment: 'a feature uses another feature only through its index.ts, never its internals',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/', pathNot: ['^src/features/$1/', '^src/features/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-uses-feature-surface',
      comment:
        'code outside the features (app, views, words, ...) uses a feature only through its index.ts (texts: through t())',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/features/' },
      to: {
        path: '^src/features/[^/]+/',
        pathNot: ['^src/features/[^/]+/index\\.ts$', '^src/features/[^/]+/texts\\.[a-z]+\\.ts$'],
      },
    },
    {
      name: 'rules-are-pure',
      comment: 'src/rules/ imports only other rules, pms/money, the wire shapes and storage/records',
      severity: 'error',
      from: { path: '^src/rules/' },
      to: { pathNot: '^src/(rules/|shared/|pms/money\\.ts$|pms/wire[^/]*\\.ts$|storage/records\\.ts$)' },
    },
    {
      name: 'shared-is-pure',
      comment:
        'src/shared/ holds the rules the tablet and the till server both run (VAT, totals): it imports only itself and pms/money',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { pathNot: '^src/(shared/|pms/money\\.ts$)' },
    },
    {
      name: 'worker-stays-out-of-the-page',
      comment: 'the service worker does not import the page: views, app, words, features',
      severity: 'error',
      from: { path: '^src/(worker/|sw\\.ts$)' },
      to: { path: '^src/(app|views|words|features)/' },
    },
    {
      name: 'server-not-client',
      comment: 'the server and the test hotel never import client code',
      severity: 'error',
      from: { path: '^src/(server|test-hotel|node-http)/' },
      to: { path: '^src/(app|views|words|rules|outbox|storage|worker|features)/|^src/sw\\.ts$' },
    },
    {
      name: 'client-not-server',
      comment: 'client code never imports the server or the test hotel',
      severity: 'error',
      from: { path: `${CLIENT}|^src/(worker/|sw\\.ts$)` },
      to: { path: '^src/(server|test-hotel|node-http)/' },
    },
    {
      name: 'test-hotel-not-server',
      comment: 'the test hotel is the PMS double: it does not import the till server',
      severity: 'error',
      from: { path: '^src/test-hotel/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'node-http-stands-alone',
      comment:
        'src/node-http/ (errors, bodies, headers, logging) serves the server and the test hotel alike: it imports neither',
      severity: 'error',
      from: { path: '^src/node-http/' },
      to: { path: '^src/(server|test-hotel|app|views|words|rules|outbox|storage|worker|features)/' },
    },
    {
      name: 'server-enters-test-hotel-by-its-index',
      comment: 'the server mounts the test hotel through src/test-hotel/index.ts only',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/test-hotel/', pathNot: '^src/test-hotel/index\\.ts$' },
    },
  ],
  options: {
    babelConfig: { fileName: 'scripts/depcruise-babel.cjs' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs'] },
  },
};

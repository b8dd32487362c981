// The layers of ARCHITECTURE.md ("Layers"), checked in CI by `npm run depcheck`.
// Violations that predate a rule are listed in .dependency-cruiser-known-violations.json: the check fails on any
// new one, and the list only shrinks (`npm run depcheck:baseline` rewrites it after a fix).

const modules = '^apps/server/src/modules/[^/]+';
const serverSrc = '^apps/server/src/';
// Tests and their helpers build fixtures straight in the database and may reach any module's internals: they are
// not part of the import graph that the layers describe.
const testFiles = ['\\.test\\.tsx?$', 'test-helpers\\.tsx?$', '^apps/[^/]+/test/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-folder-cycle',
      comment:
        'Module folders under apps/server/src/modules depend on each other only downward: the document core at the ' +
        'bottom, feature modules above it. A cycle between folders (even with no cycle between files) means two ' +
        'modules cannot be understood, tested or split apart alone.',
      severity: 'error',
      scope: 'folder',
      from: { path: `${modules}$` },
      to: { path: `${modules}$`, circular: true },
    },
    {
      name: 'no-orm-outside-repositories',
      comment:
        'drizzle and the schema are imported by repositories (*.repository.ts) and db/ only: services, routes and ' +
        'presenters get rows from a repository function. jobs/ needs no exception: the queue takes the database ' +
        'handle from db/database.ts, not drizzle or the schema. Tests and their helpers are not cruised at all.',
      severity: 'error',
      from: {
        path: serverSrc,
        pathNot: ['\\.repository\\.ts$', `${serverSrc}db/`, ...testFiles],
      },
      to: { path: ['^node_modules/drizzle-orm/', `${serverSrc}db/schema/`] },
    },
    {
      name: 'no-repository-in-routes',
      comment:
        'A route calls a service, which checks the policy; a route that reads a repository skips the policy and the ' +
        'rules of the service.',
      severity: 'error',
      from: { path: '\\.routes\\.ts$' },
      to: { path: '\\.repository\\.ts$' },
    },
    {
      name: 'no-cross-screen-import',
      comment:
        "A screen folder under apps/web/src/routes never imports another screen's files: shared pieces live in " +
        'components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/routes/([^/]+)/' },
      to: { path: '^apps/web/src/routes/[^/]+/', pathNot: '^apps/web/src/routes/$1/' },
    },
  ],
  options: {
    // metrics: true is what computes the folder graph that a scope: 'folder' rule is checked against.
    metrics: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: testFiles },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

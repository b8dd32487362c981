// `npm run depcheck`: the layer rules of .dependency-cruiser.cjs, failing on any violation that is not in
// .dependency-cruiser-known-violations.json. `npm run depcheck -- --baseline` rewrites that list from the tree as it is
// (after a fix, so the list shrinks; never to hide a new violation).
//
// dependency-cruiser's --ignore-known softens known violations between files but not those of folder-scoped rules
// (no-module-folder-cycle): it leaves them errors. So this script compares those itself, by rule and folder edge:
// a known edge stays known while its cycle changes shape, and a new edge that closes a cycle fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const knownFile = '.dependency-cruiser-known-violations.json';
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
const cruised = ['apps/server/src', 'apps/web/src'];

function runDepcruise(extraArgs) {
  const run = spawnSync(depcruise, [...cruised, '--config', '.dependency-cruiser.cjs', ...extraArgs], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  // depcruise exits with the number of errors it found; only a crash leaves no output.
  if (!run.stdout) {
    process.stderr.write(run.stderr);
    process.exit(2);
  }
  return run.stdout;
}

const edgeKey = (violation) => `${violation.rule.name} ${violation.from} -> ${violation.to}`;

if (process.argv.includes('--baseline')) {
  fs.writeFileSync(path.join(root, knownFile), runDepcruise(['--output-type', 'baseline']));
  // Written in biome's format, so that `npm run lint` passes on the list as written.
  spawnSync(path.join(root, 'node_modules/.bin/biome'), ['format', '--write', knownFile], { cwd: root });
  const count = JSON.parse(fs.readFileSync(path.join(root, knownFile), 'utf8')).length;
  console.log(`${knownFile}: ${count} known violations`);
  process.exit(0);
}

const known = JSON.parse(fs.readFileSync(path.join(root, knownFile), 'utf8'));
const result = JSON.parse(runDepcruise(['--ignore-known', knownFile, '--output-type', 'json']));
const knownFolderEdges = new Set(known.filter((violation) => violation.type === 'cycle').map(edgeKey));
const isFolderViolation = (violation) => violation.type === 'cycle' && !/\.[cm]?[jt]sx?$/.test(violation.from);

const fresh = result.summary.violations.filter(
  (violation) =>
    violation.rule.severity !== 'ignore' && !(isFolderViolation(violation) && knownFolderEdges.has(edgeKey(violation))),
);
const stillThere = new Set(
  JSON.parse(runDepcruise(['--output-type', 'baseline'])).map((violation) => `${violation.type} ${edgeKey(violation)}`),
);
const fixed = known.filter((violation) => !stillThere.has(`${violation.type} ${edgeKey(violation)}`));

for (const violation of fresh) {
  const cycle = violation.cycle ? ` (cycle: ${violation.cycle.map((step) => step.name).join(' -> ')})` : '';
  console.log(`error ${violation.rule.name}: ${violation.from} -> ${violation.to}${cycle}`);
}
console.log(
  `${result.summary.totalCruised} modules cruised: ${fresh.length} new violations, ` +
    `${known.length - fixed.length} known (${knownFile})`,
);
if (fixed.length > 0) {
  console.log(`${fixed.length} known violations are gone: \`npm run depcheck -- --baseline\` shrinks the list`);
}
if (fresh.length > 0) {
  console.log('See the rules and why in .dependency-cruiser.cjs; ARCHITECTURE.md "Layers" says where code belongs.');
  process.exit(1);
}

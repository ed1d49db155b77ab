// The npm scripts that run TypeScript as it is (`npm test`, `npm run demo`, `npm run emulator`,
// `npm run release`) need the Node.js 24 that the node@24 dev dependency puts first on npm's
// PATH (the action's runtime is node24, and it runs .ts files itself). Without it (npm ci not
// run, or run with --ignore-scripts, which leaves the package's placeholder) they would start on
// the machine's Node and fail with a stack trace; this says what to do instead.
//
//   node scripts/require-node-24.js "npm run demo" [--show-version]
const what = process.argv[2] ?? 'npm test';
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `${what} needs Node.js 24, found v${process.versions.node}: run "npm ci" (with its install scripts, not --ignore-scripts) ` +
      `so that the node@24 dev dependency is on npm's PATH, or start it with a Node.js 24 of your own.`,
  );
  process.exit(1);
}
if (process.argv.includes('--show-version')) console.log(`Node.js ${process.version}`);

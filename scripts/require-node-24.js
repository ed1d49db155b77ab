// `npm test` runs on the Node.js 24 that the node@24 dev dependency puts first on npm's PATH
// (the action's runtime is node24). Without it (npm ci not run, or run with --ignore-scripts,
// which leaves the package's placeholder) the tests would run on the machine's Node instead.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `npm test needs Node.js 24, found ${process.version}: run "npm ci" (with install scripts) so that the node@24 dev dependency is on npm's PATH.`,
  );
  process.exit(1);
}
console.log(`Node.js ${process.version}`);

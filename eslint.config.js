// Lint for the sources, tests, benchmarks and scripts, and the architecture as rules
// (ARCHITECTURE.md, "Who may import whom"), so that a reviewer need not check the layering by eye.
// Layout is prettier's (.prettierrc.json); the one layout rule here is the line length, which
// prettier cannot hold alone (it never breaks a comment or a string).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/** What the rest of the action may import from src/service/; every other file there is internal. */
const SERVICE_PUBLIC = [
  'client.ts', // the client, its options, describeRequest, the rules of a base URL and a token
  'types.ts', // the resources as the service names them
  'errors.ts', // the errors a caller tells apart
  'shapes.ts', // id prefixes and the shape checks of ids and statuses
  'run-status.ts', // the lifecycle of a run, as data
  'policies.ts', // one file per area of the API: the types of its calls
  'module-tests.ts',
  'no-code.ts',
];

/**
 * The modes, each a folder of src/modes/: a folder with its own run.ts is one mode; a folder
 * without one is a family whose subfolders are its modes and whose own files are the code its
 * modes share (src/modes/no-code/). Read from the tree, so a new mode is covered without a change
 * here.
 */
function modeFolders() {
  const modes = join(root, 'src/modes');
  const folders = (dir) =>
    readdirSync(join(modes, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => (dir === '' ? entry.name : `${dir}/${entry.name}`));
  return folders('').flatMap((family) =>
    existsSync(join(modes, family, 'run.ts')) ? [{ mode: family }] : folders(family).map((mode) => ({ mode, family })),
  );
}

const modes = modeFolders();

/**
 * The entry points at the root of src/: the action's steps and the command line. Every other
 * module there is shared, for every layer to use, and imports nothing from the layers.
 */
const ENTRY_POINTS = [
  'index',
  'main',
  'step',
  'post-step',
  'post-entry',
  'local-action',
  'cli',
  'cli-flags',
  'cli-help',
  'cli-sink',
];

/**
 * The layers of src/, from the bottom up (ARCHITECTURE.md, "Layers"): each imports only the ones
 * before it. Paths are globs from the root.
 */
const LAYERS = [
  { name: 'src/lifetime/', paths: ['src/lifetime/**'] },
  {
    name: 'the shared modules of src/ (an entry point is listed in ENTRY_POINTS of eslint.config.js)',
    paths: [`src/!(${ENTRY_POINTS.join('|')}).ts`],
  },
  { name: 'src/files/', paths: ['src/files/**'] },
  { name: 'src/service/ and src/slug/', paths: ['src/service/**', 'src/slug/**'] },
  { name: 'src/inputs/', paths: ['src/inputs/**'] },
  { name: 'src/report/ and src/github/', paths: ['src/report/**', 'src/github/**'] },
  { name: 'src/modes/', paths: ['src/modes/**'] },
  { name: 'the entry points', paths: [`src/{${ENTRY_POINTS.join(',')}}.ts`] },
];

/** Who may import whom inside src/, as zones of import-x/no-restricted-paths (paths from the root). */
const architectureZones = [
  ...LAYERS.slice(0, -1).map((layer, i) => ({
    target: layer.paths,
    from: LAYERS.slice(i + 1).flatMap((above) => above.paths),
    message:
      i === 0
        ? 'src/lifetime/ is the bottom layer: it imports nothing else from src/.'
        : `A layer imports only the layers below it (ARCHITECTURE.md, "Layers"): ${layer.name} may not import this.`,
  })),
  {
    target: ['src/*.ts', 'src/!(service)/**'],
    from: 'src/service',
    except: SERVICE_PUBLIC.map((file) => `./${file}`),
    message: `Outside src/service/, import only its public surface (${SERVICE_PUBLIC.join(', ')}).`,
  },
  ...modes.map(({ mode, family }) => ({
    target: `src/modes/${mode}`,
    from: modes.filter((other) => other.mode !== mode).map((other) => `src/modes/${other.mode}`),
    message:
      'A mode never imports another mode: what two modes need lives in a layer below' +
      (family ? ` (or, for the ${family} modes, in src/modes/${family}/).` : '.'),
  })),
  ...[...new Set(modes.flatMap(({ family }) => family ?? []))].map((family) => ({
    target: `src/modes/${family}/*.ts`,
    from: modes.filter((m) => m.family === family).map((m) => `src/modes/${m.mode}`),
    message: `The code the ${family} modes share never imports one of them.`,
  })),
];

/** Only the two HTTP layers import undici. */
const UNDICI = {
  name: 'undici',
  message:
    'Only src/service/http.ts and src/service/connections.ts (the service) and src/github/transport.ts (GitHub, under Octokit) speak HTTP (undici).',
};

/**
 * Only src/files/ reads files (action-interface, "Files"): every content read of a repository path
 * goes through its one confined reader, which checks the open file (a regular file, the one
 * checked, where the rule allows it), bounds its size and ends with the step's cancellation.
 */
const FILE_READS_MESSAGE =
  'Read files only through src/files/ (reader.ts: readCheckedFile, readRegularFile; directory.ts): it confines, checks and bounds every read.';
const FILE_READS = [
  {
    names: ['node:fs', 'fs'],
    importNames: [
      'default',
      'promises',
      'readFile',
      'readFileSync',
      'createReadStream',
      'open',
      'openSync',
      'openAsBlob',
      'opendir',
      'opendirSync',
      'read',
      'readSync',
      'readv',
      'readvSync',
    ],
  },
  { names: ['node:fs/promises', 'fs/promises'], importNames: ['default', 'readFile', 'open', 'opendir'] },
].flatMap(({ names, importNames }) => names.map((name) => ({ name, importNames, message: FILE_READS_MESSAGE })));

/**
 * The files outside src/files/ that read a file, none of them a repository path: the bundle's own
 * metadata, the runner's event payload, and the archive the step packed in its temporary directory.
 */
const READS_NO_REPOSITORY_FILE = [
  'src/action-metadata.ts',
  'src/github/workflow-context.ts',
  'src/modes/run-module-tests/test-run/start.ts',
];

/**
 * No timer of the modes' own: time in src/modes/ runs only through src/lifetime/ (pollUntil,
 * repeatAfterPauses, pause, a Deadline and its budgets), so that every wait ends at its deadline
 * and on the step's signals, and a test runs it on a clock of its own.
 */
const MODE_TIMER =
  'No timer under src/modes/: wait through src/lifetime/ (pollUntil, repeatAfterPauses, pause, Deadline.reached).';
const MODE_TIMER_IMPORTS = ['node:timers', 'node:timers/promises', 'timers', 'timers/promises'].map((name) => ({
  name,
  message: MODE_TIMER,
}));
/** The wind-downs are the stop policy's: the modes ask the guard, which asks the policy. */
const WIND_DOWN_OUTSIDE_POLICY = {
  group: ['**/lifetime/wind-down.ts'],
  importNames: ['windDownNow'],
  message: "The wind-downs are the stop policy's (run-module-tests/test-run/stop-policy.ts): ask the VersionGuard.",
};
const MODE_TIMER_SYNTAX = [
  { selector: "CallExpression[callee.property.name='sleep']", message: MODE_TIMER },
  { selector: "CallExpression[callee.name='sleep']", message: MODE_TIMER },
];
const modeTimerRules = {
  'no-restricted-globals': [
    'error',
    ...['setTimeout', 'setInterval', 'setImmediate'].map((name) => ({ name, message: MODE_TIMER })),
  ],
  'no-restricted-properties': [
    'error',
    ...['setTimeout', 'setInterval', 'setImmediate'].map((property) => ({
      object: 'globalThis',
      property,
      message: MODE_TIMER,
    })),
    { object: 'AbortSignal', property: 'timeout', message: MODE_TIMER },
  ],
  'no-restricted-imports': [
    'error',
    { paths: [UNDICI, ...FILE_READS, ...MODE_TIMER_IMPORTS], patterns: [WIND_DOWN_OUTSIDE_POLICY] },
  ],
};

/**
 * The line length: prettier breaks code at 120 columns (printWidth); a comment must be wrapped
 * by hand, and a line that holds a string may run on, to 160 columns in src (a message is easier
 * to find whole) and without limit in tests, benchmarks and scripts (expected messages and
 * printed tables are compared and read whole).
 */
const lineLength = (strings) => [
  'error',
  {
    code: 120,
    ignoreUrls: true,
    ignoreRegExpLiterals: true,
    ...(strings === 'to 160'
      ? { ignorePattern: String.raw`^(?=.{121,160}$).*['"\x60]` }
      : { ignoreStrings: true, ignoreTemplateLiterals: true }),
  },
];

export default defineConfig(
  {
    ignores: ['dist/', 'build/', 'coverage/', '.test-dist/', '.bench-tmp/', '.demo/', 'examples/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // The type-aware rules (floating promises, unbound methods, unsafe any) where the action's
    // code is; tests would double the time of the lint for little. One program for all of src
    // (tsconfig.json), built once: a third less CPU than the project service, which follows
    // the files as an editor opens them.
    files: ['src/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: root } },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // Imports name their files with the extension (allowImportingTsExtensions), so node's own
      // resolution finds them; import-x needs to be told that it may read .ts files.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A name dropped from an object by destructuring the rest is the idiom for "without it".
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    // The scripts run on Node.js (TypeScript knows its globals for the .ts files).
    files: ['**/*.js'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
  {
    // The emulator's test client hands over JSON answers as they came, whose shape each test asserts.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'max-len': lineLength('to 160'),
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: architectureZones }],
      'no-restricted-imports': ['error', { paths: [UNDICI, ...FILE_READS] }],
    },
  },

  {
    files: ['src/modes/**/*.ts'],
    rules: {
      ...modeTimerRules,
      'no-restricted-syntax': [
        'error',
        ...MODE_TIMER_SYNTAX,
        {
          // A test run is stopped only through the guard of its configuration version, which
          // winds every stop down with the runner's signals.
          selector: "NewExpression[callee.name='TestRunStopper']",
          message: 'Stop a test run through its VersionGuard (run-module-tests/test-run/version-guard.ts).',
        },
      ],
    },
  },
  {
    files: ['src/modes/run-module-tests/test-run/version-guard.ts'],
    rules: { 'no-restricted-syntax': ['error', ...MODE_TIMER_SYNTAX] },
  },
  {
    files: ['src/modes/run-module-tests/test-run/stop-policy.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [UNDICI, ...FILE_READS, ...MODE_TIMER_IMPORTS] }] },
  },
  {
    // The reader itself, and the reads of files that are no repository path.
    files: ['src/files/**/*.ts', ...READS_NO_REPOSITORY_FILE],
    rules: { 'no-restricted-imports': ['error', { paths: [UNDICI] }] },
  },
  {
    files: READS_NO_REPOSITORY_FILE.filter((file) => file.startsWith('src/modes/')),
    rules: { 'no-restricted-imports': ['error', { paths: [UNDICI, ...MODE_TIMER_IMPORTS] }] },
  },
  {
    // The two HTTP layers: the service's client (its requests and its pool of connections), and
    // the connections under GitHub's Octokit.
    files: ['src/service/http.ts', 'src/service/connections.ts', 'src/github/transport.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: FILE_READS }] },
  },
  {
    files: ['test/**', 'bench/**', 'scripts/**', '*.ts', '*.js'],
    rules: { 'max-len': lineLength('whole') },
  },
);

// What the command line prints about itself: the usage line, the general help, and the flags of
// a mode, described from action.yml.

import type { ActionMetadata } from './action-metadata.ts';
import { FILE_ONLY_OUTPUTS } from './cli-sink.ts';
import { envName, inputFlagsOf } from './cli-flags.ts';
import { MODES, isRequiredIn } from './inputs/schema.ts';
import type { Mode } from './inputs/schema.ts';

const NAME = 'svc-ci-action';
const EXIT_CODES = 'Exit codes: 0 success, 1 failure, 2 bad input (nothing was sent).';

/** Printed on stderr when the command line is started without a mode. */
export function usage(): string {
  return [
    `Usage: ${NAME} <mode> [--flag value ...]`,
    `       ${NAME} <mode> --help`,
    `       ${NAME} --help | --version`,
    '',
    `Modes: ${MODES.join(', ')}.`,
    `Run "${NAME} --help" for more.`,
    '',
  ].join('\n');
}

export function generalHelp(version: string): string {
  return [
    `${NAME} ${version}: the infrastructure run service action, for any CI system.`,
    '',
    `Usage: ${NAME} <mode> [--flag value ...]`,
    '',
    'Modes:',
    "  sync-policies                 make an organization's policies equal to the policy files",
    "  run-module-tests              run a registry module's tests on the service",
    '  upgrade-no-code-workspace     upgrade workspaces provisioned from a no-code module',
    '  publish-no-code-module        allow a module for no-code provisioning, or update its settings',
    '  provision-no-code-workspace   create a workspace from a no-code module',
    '',
    `Run "${NAME} <mode> --help" for the flags of a mode. Every flag can also be given as an`,
    'environment variable: --base-url as SVC_BASE_URL (keep the token there: SVC_TOKEN).',
    '',
    '  -h, --help     this help',
    '  --version      the version',
    '',
    EXIT_CODES,
    '',
  ].join('\n');
}

export function modeHelp(mode: Mode, metadata: ActionMetadata): string {
  const lines = [`Usage: ${NAME} ${mode} [--flag value ...]`, '', 'Flags:'];
  for (const name of inputFlagsOf(mode)) {
    const meta = metadata.inputs[name];
    if (!meta) continue;
    const shownDefault =
      meta.default && !meta.default.includes('${{') ? ` (default: ${meta.default.replace(/\n/g, ', ')})` : '';
    const required = meta.required || isRequiredIn(mode, name) ? ' (required)' : '';
    lines.push(`  --${name}${required}${shownDefault}`, ...wrap(meta.description, 6), `      env: ${envName(name)}`);
  }
  const fileOnly = [...FILE_ONLY_OUTPUTS].join(', ');
  lines.push(
    '',
    'Command line only:',
    '  --summary-file PATH   append the Markdown job summary to PATH; without it the summary is',
    '                        printed as text',
    '  --output-file PATH    append the outputs to PATH (name=value lines, name<<EOF for several',
    `                        lines); without it they are printed, except ${fileOnly} (JSON), which`,
    '                        is written only to this file',
    '  --debug               print debug lines (requests, retries)',
    '  -h, --help            this help',
    '',
    'A boolean flag alone means true (--dry-run). A flag of several lines may be repeated.',
    EXIT_CODES,
    '',
  );
  return lines.join('\n');
}

function wrap(text: string, indent: number, width = 96): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width - indent) {
      out.push(' '.repeat(indent) + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(' '.repeat(indent) + line);
  return out;
}

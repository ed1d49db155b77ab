// The policies the repository defines: policy code files matched by `policy-files`, and the
// `policy "NAME"` blocks of the policy config. The files are gathered first (local-files.ts, the
// only step that reads the disk), then everything is checked here, as a function of what was
// gathered, before any request; every problem is reported, not only the first.
//
// Which config applies:
// - `policy-config` set: that one file (relative to the workspace root) is the config.
// - otherwise: each matched file is governed by the nearest `policies.hcl` in its own directory
//   or a parent directory, up to the workspace root. Every config found this way is read, so
//   files spread over several directories can each have a `policies.hcl` beside them, or share
//   one above them (a policy library with its config at the root and its code in
//   `policies/<area>/`).
// Each block defines one policy, whose code is its `source` (relative to the config file that
// holds the block; when absent, `NAME.native` or `NAME.rego` beside that config). A block
// defines its policy even when the patterns do not match its source: the config is explicit.
// A matched file that no block of any config references is a policy named after the file. A
// source must lie inside the workspace root, so that a config cannot publish other files.
// Test files that no block references are skipped, with one warning: OPA tests (`*_test.rego`)
// and the native test runner's cases and mocks (`test/<policy>/...` at any depth, `testdata/`),
// which policy libraries keep beside their policies under the same extensions.

import { basename, dirname } from 'node:path';
import type { EnforcementLevel, PolicyKind } from '../../service/types.ts';
import { plural } from '../../text.ts';
import { gatherLocalFiles } from './local-files.ts';
import type { Found, GatherOptions, LocalFiles } from './local-files.ts';
import { derivedOpaQuery } from './opa-query.ts';
import type { PolicyBlock, PolicyConfig } from './policy-config.ts';
import {
  POLICY_FILE_EXTENSIONS,
  POLICY_NAME_PATTERN,
  enforcementLevelsOf,
  isEnforcementLevelOf,
  NEW_POLICY_LEVEL,
  policyKindOfFile,
} from './policy-model.ts';
import type { DesiredPolicy, PolicyDefinitionSite, Problem } from './policy-model.ts';
import { DEFAULT_CONFIG_FILE_NAME, blockSource, displayPath, isTestFile } from './policy-sources.ts';
import type { BlockSource } from './policy-sources.ts';

export interface ReadLocalPoliciesOptions extends GatherOptions {
  /** The `enforcement-level` input, for policies whose block sets none; null when the workflow sets none. */
  defaultEnforcementLevel: string | null;
}

export interface LocalPolicies {
  /** The policies that passed every check, sorted by name. Send nothing when `problems` is not empty. */
  policies: DesiredPolicy[];
  /** Things ignored on purpose (import/param blocks, unknown attributes, skipped test files). */
  warnings: Problem[];
  problems: Problem[];
}

/** A policy definition before its code is read: from a block, or from a file no block references. */
interface Definition {
  name: string;
  kind: PolicyKind | null;
  /** Absolute path of the code file; null when it could not be determined. */
  source: string | null;
  definedAt: PolicyDefinitionSite;
  block?: PolicyBlock;
  /** How messages name it, at its block's line: `policies.hcl:3: policy "x"`, or `policies/x.native`
   *  (a problem on another line of the block is named at that line: problemAt). */
  label: string;
  ok: boolean;
}

/** Gathers the policy files (local-files.ts), then checks them. */
export async function readLocalPolicies(options: ReadLocalPoliciesOptions): Promise<LocalPolicies> {
  return checkLocalPolicies(await gatherLocalFiles(options), options);
}

/**
 * The policies the gathered files define, and every problem found in them, in the order a
 * person fixes them (by file and line). Reads nothing: what is on disk is in `files`.
 */
export function checkLocalPolicies(
  files: LocalFiles,
  options: { patterns: string[]; defaultEnforcementLevel: string | null },
): LocalPolicies {
  const { root } = files;
  const display = (path: string): string => displayPath(root, path);
  const warnings: Problem[] = [];
  const problems: Problem[] = [];

  // Configs.
  if (files.namedConfig && files.namedConfig.found !== 'file') {
    const shown = display(files.namedConfig.path);
    problems.push({
      file: shown,
      message:
        `The policy-config input names ${shown}, which ${files.namedConfig.found === 'not-a-file' ? 'is not a file' : 'does not exist'}; ` +
        `give the path of the HCL config relative to the repository root, ` +
        `or leave the input empty to use a ${DEFAULT_CONFIG_FILE_NAME} beside the policy files.`,
    });
  }
  const configPaths = files.configs.map((c) => c.path);
  for (const { config } of files.configs) {
    warnings.push(...config.warnings);
    problems.push(...config.problems);
  }
  const configProblems = problems.length;

  // Definitions from blocks.
  const definitions: Definition[] = [];
  const referenced = new Set<string>();
  for (const { path, config } of files.configs) {
    for (const block of config.blocks) {
      const source = blockSource(block, dirname(path), root);
      definitions.push(blockDefinition(block, config, source, files.found, display, referenced, problems));
    }
  }

  // Definitions from files that no block references.
  const fromFiles = fileDefinitions(files, new Set([...configPaths, ...referenced]), display, problems);
  definitions.push(...fromFiles.definitions);
  const { skippedTests } = fromFiles;
  const skipped = skippedTestsWarning(skippedTests);
  if (skipped) warnings.push(skipped);

  markRepeatedNames(definitions, problems);

  if (definitions.length === 0 && configProblems === 0) {
    problems.push(noPolicyFound(options.patterns, configPaths, skippedTests.length > 0, display));
  }

  const policies = desiredPolicies(definitions, files, options.defaultEnforcementLevel, display, problems);
  policies.sort((a, b) => compare(a.name, b.name));
  return { policies, warnings: sortProblems(warnings), problems: sortProblems(problems) };
}

/**
 * The policies of the files matched that are neither a config nor named by a block (`taken`):
 * each named after its file; test files are passed over (listed in `skippedTests`).
 */
function fileDefinitions(
  files: LocalFiles,
  taken: ReadonlySet<string>,
  display: (path: string) => string,
  problems: Problem[],
): { definitions: Definition[]; skippedTests: string[] } {
  const definitions: Definition[] = [];
  const skippedTests: string[] = [];
  for (const file of files.matched) {
    if (taken.has(file) || basename(file) === DEFAULT_CONFIG_FILE_NAME) continue;
    const kind = policyKindOfFile(file);
    const shown = display(file);
    if (kind === null) {
      problems.push({
        file: shown,
        message:
          `policy-files matched ${shown}, which is not a policy file: ` +
          `native policies are .native files and opa policies .rego files. ` +
          (shown.endsWith('.sentinel')
            ? `The service's native policy language uses the extension .native: rename it to sync it, or exclude it with "!${shown}".`
            : `Narrow the patterns or exclude it with "!${shown}".`),
      });
      continue;
    }
    if (isTestFile(shown)) {
      skippedTests.push(shown);
      continue;
    }
    const name = basename(file, POLICY_FILE_EXTENSIONS[kind]);
    const definition: Definition = { name, kind, source: file, definedAt: { file: shown }, label: shown, ok: true };
    if (!POLICY_NAME_PATTERN.test(name)) {
      problems.push({
        file: shown,
        message:
          `policy-files matched ${shown}: the policy would be named "${name}", but policy names may contain only letters, digits, "-" and "_". ` +
          `Rename the file, or give it a policy block with a valid name in the config.`,
      });
      definition.ok = false;
    }
    definitions.push(definition);
  }
  return { definitions, skippedTests };
}

/** The warning that test files matched by policy-files are passed over, if any were. */
function skippedTestsWarning(skippedTests: readonly string[]): Problem | undefined {
  if (skippedTests.length === 0) return undefined;
  const listed =
    skippedTests.slice(0, 5).join(', ') + (skippedTests.length > 5 ? `, and ${skippedTests.length - 5} more` : '');
  return {
    file: skippedTests[0]!,
    message:
      `${plural(skippedTests.length, 'test file')} matched by policy-files ${skippedTests.length === 1 ? 'is' : 'are'} skipped: ${listed}. ` +
      `Files named *_test.rego and files in test/<policy>/ or testdata/ directories are tests, not policies; ` +
      `to sync one as a policy, name it in a policy block.`,
  };
}

/** Each name once: a definition of a name already defined is refused, naming the first. */
function markRepeatedNames(definitions: readonly Definition[], problems: Problem[]): void {
  const firstByName = new Map<string, Definition>();
  for (const definition of definitions) {
    const first = firstByName.get(definition.name);
    if (!first) {
      firstByName.set(definition.name, definition);
      continue;
    }
    definition.ok = false;
    const hint =
      definition.block || first.block
        ? ''
        : ' If one of them is not a policy, exclude it from policy-files with a "!" pattern.';
    problems.push(
      problemAt(
        definition,
        undefined,
        `the policy name "${definition.name}" is already defined by ${first.label}. ` +
          `Each policy name may be defined once: rename or remove one of them.${hint}`,
      ),
    );
  }
}

/** The problem of a sync that found no policy at all, naming where it looked. */
function noPolicyFound(
  patternInputs: readonly string[],
  configPaths: readonly string[],
  onlyTests: boolean,
  display: (path: string) => string,
): Problem {
  const patterns = patternInputs
    .flatMap((p) => p.split(/\r?\n/))
    .map((p) => p.trim())
    .filter(Boolean);
  return {
    file: configPaths[0] ? display(configPaths[0]) : '',
    message:
      `No policy found: policy-files (${patterns.join(', ') || 'no patterns'}) ` +
      `matched ${onlyTests ? 'only test files' : 'no .native or .rego file'}` +
      `${configPaths.length > 0 ? ` and ${configPaths.map(display).join(', ')} defines no policy block` : ''}. ` +
      `Check the patterns (they are relative to the repository root) or the policy config.`,
  };
}

/** The policies as the repository wants them: each definition's code, level and query checked; a code that could not be read reported once. */
function desiredPolicies(
  definitions: readonly Definition[],
  files: LocalFiles,
  defaultEnforcementLevel: string | null,
  display: (path: string) => string,
  problems: Problem[],
): DesiredPolicy[] {
  const codeErrorsReported = new Set<string>();
  const policies: DesiredPolicy[] = [];
  const checked = definitions.map((definition) => ({
    definition,
    code: definition.source ? files.code.get(definition.source) : undefined,
  }));
  for (const { definition, code } of checked) {
    if (!definition.source || !definition.kind || !code) continue;
    if (code.error !== undefined) {
      if (!codeErrorsReported.has(definition.source)) {
        codeErrorsReported.add(definition.source);
        const users = checked
          .filter((c) => c.definition.source === definition.source)
          .map((c) => `"${c.definition.name}"`);
        problems.push({
          file: display(definition.source),
          message: `${display(definition.source)} (code of policy ${users.join(', ')}): ${code.error}`,
        });
      }
      continue;
    }
    const level = enforcementLevel(definition, definition.kind, defaultEnforcementLevel, problems);
    const query = policyQuery(definition, definition.kind, code.text!, display(definition.source), problems);
    if (!definition.ok || level === null || query === undefined) continue;
    const description = definition.block?.description;
    policies.push({
      name: definition.name,
      kind: definition.kind,
      enforcementLevel: level.level,
      enforcementLevelStated: level.stated,
      description: description === undefined || description === '' ? null : description,
      query,
      code: code.text!,
      codeBytes: code.bytes!,
      sourceFile: display(definition.source),
      definedAt: definition.definedAt,
    });
  }
  return policies;
}

function blockDefinition(
  block: PolicyBlock,
  config: PolicyConfig,
  source: BlockSource,
  found: ReadonlyMap<string, Found>,
  display: (path: string) => string,
  referenced: Set<string>,
  problems: Problem[],
): Definition {
  const definedAt: PolicyDefinitionSite =
    block.line === undefined ? { file: config.file } : { file: config.file, line: block.line };
  const label = `${config.file}${block.line === undefined ? '' : `:${block.line}`}: policy "${block.name}"`;
  const definition: Definition = { name: block.name, kind: null, source: null, definedAt, block, label, ok: true };
  const fail = (line: number | undefined, message: string): Definition => {
    problems.push(problemAt(definition, line, message));
    definition.ok = false;
    return definition;
  };

  if (!POLICY_NAME_PATTERN.test(block.name)) {
    fail(undefined, 'policy names may contain only letters, digits, "-" and "_"; rename the block.');
  }
  // An attribute that is not a literal string has been reported already; the policy is not
  // built with a guess in its place.
  if (block.invalidAttributes.length > 0) definition.ok = false;

  const sourceLine = block.attributeLines.source;
  switch (source.is) {
    case 'unreadable':
      return definition;
    case 'beside-config': {
      const { candidates } = source;
      const existing = candidates.filter((c) => found.get(c.path) === 'file');
      for (const c of candidates) referenced.add(c.path);
      if (existing.length === 0) {
        return fail(
          undefined,
          `the block sets no source and neither ${candidates.map((c) => display(c.path)).join(' nor ')} exists. ` +
            `Add source = "./path/to/${block.name}.native" (relative to ${config.file}) or create the file.`,
        );
      }
      if (existing.length > 1) {
        return fail(
          undefined,
          `the block sets no source and both ${existing.map((c) => display(c.path)).join(' and ')} exist. Set source to the one this policy uses.`,
        );
      }
      definition.kind = existing[0]!.kind;
      definition.source = existing[0]!.path;
      return definition;
    }
    case 'address':
      return fail(
        sourceLine,
        `source ${JSON.stringify(source.source)} is an address; policy code must be a file in the repository.`,
      );
    case 'outside':
      referenced.add(source.path);
      return fail(
        sourceLine,
        `source ${JSON.stringify(source.source)} points outside the repository; policy code must be inside it.`,
      );
    case 'not-a-policy-file':
      referenced.add(source.path);
      return fail(
        sourceLine,
        `source ${JSON.stringify(source.source)} is not a policy file: native policies are .native files and opa policies .rego files.`,
      );
    case 'file': {
      referenced.add(source.path);
      const at = found.get(source.path) ?? 'missing';
      const quoted = JSON.stringify(source.source);
      if (at === 'missing')
        return fail(
          sourceLine,
          `source ${quoted} (${display(source.path)}) does not exist; fix the path (it is relative to ${config.file}) or add the file.`,
        );
      if (at === 'not-a-file') return fail(sourceLine, `source ${quoted} (${display(source.path)}) is not a file.`);
      definition.kind = source.kind;
      definition.source = source.path;
      return definition;
    }
  }
}

/** The level a policy states (its block's, else the input's), or NEW_POLICY_LEVEL when neither says. */
function enforcementLevel(
  definition: Definition,
  kind: PolicyKind,
  fallback: string | null,
  problems: Problem[],
): { level: EnforcementLevel; stated: boolean } | null {
  const allowed = enforcementLevelsOf(kind).join(', ');
  const block = definition.block;
  if (block?.enforcementLevel !== undefined) {
    if (isEnforcementLevelOf(kind, block.enforcementLevel)) return { level: block.enforcementLevel, stated: true };
    problems.push(
      problemAt(
        definition,
        block.attributeLines.enforcement_level,
        `enforcement_level ${JSON.stringify(block.enforcementLevel)} is not a level of ${kind} policies; use one of ${allowed}.`,
      ),
    );
    return null;
  }
  if (fallback === null) return { level: NEW_POLICY_LEVEL, stated: false };
  if (isEnforcementLevelOf(kind, fallback)) return { level: fallback, stated: true };
  const fix = block ? 'set enforcement_level in its policy block' : 'give it a policy block with an enforcement_level';
  problems.push(
    problemAt(
      definition,
      undefined,
      `the policy sets no enforcement_level and ` +
        `the enforcement-level input ${JSON.stringify(fallback)} is not a level of ${kind} policies (${allowed}); ` +
        `${fix}, or change the input.`,
    ),
  );
  return null;
}

/** The query to send (null for native); undefined when it is missing or misplaced (a problem is recorded). */
function policyQuery(
  definition: Definition,
  kind: PolicyKind,
  code: string,
  sourceFile: string,
  problems: Problem[],
): string | null | undefined {
  const block = definition.block;
  const explicit = block?.query;
  const line = block?.attributeLines.query;
  if (kind === 'native') {
    if (explicit === undefined) return null;
    problems.push(
      problemAt(
        definition,
        line,
        `query applies only to opa policies, and this one is native (${sourceFile}); remove the query.`,
      ),
    );
    return undefined;
  }
  if (explicit !== undefined) {
    if (explicit.trim() !== '') return explicit;
    problems.push(
      problemAt(
        definition,
        line,
        'query is empty; give the OPA query to run, such as "data.terraform.policies.example.deny".',
      ),
    );
    return undefined;
  }
  const derived = derivedOpaQuery(code);
  if (derived !== null) return derived;
  const fix = block ? 'add query = "data.<package>.deny" to its policy block' : 'give it a policy block with a query';
  problems.push(
    problemAt(
      definition,
      undefined,
      `this opa policy has no query: ${sourceFile} has no package line to derive data.<package>.deny from. ` +
        `Add a package line to the file, or ${fix}.`,
    ),
  );
  return undefined;
}

function site(definedAt: PolicyDefinitionSite, line?: number): Problem {
  const at = line ?? definedAt.line;
  return at === undefined ? { file: definedAt.file, message: '' } : { file: definedAt.file, line: at, message: '' };
}

/**
 * A problem of a definition on `line` (an attribute's; its block's when undefined), whose message
 * names that same line (`policies.hcl:7: policy "x": ...`): one line for the annotation, the
 * message and the summary.
 */
function problemAt(definition: Definition, line: number | undefined, message: string): Problem {
  const problem = site(definition.definedAt, line);
  const label =
    definition.block === undefined || problem.line === undefined
      ? definition.label
      : `${definition.definedAt.file}:${problem.line}: policy "${definition.name}"`;
  return { ...problem, message: `${label}: ${message}` };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function sortProblems(problems: Problem[]): Problem[] {
  return problems
    .map((p, i) => ({ p, i }))
    .sort((x, y) => compare(x.p.file, y.p.file) || (x.p.line ?? 0) - (y.p.line ?? 0) || x.i - y.i)
    .map(({ p }) => p);
}

// Reads one policy config file: `policy "NAME" { source, enforcement_level, description, query }`
// blocks, in the format of the policy-set config files real policy libraries keep (their
// `import`, `module` and `param` blocks and per-policy `params` are reported and ignored,
// because a policy synced on its own cannot use them).

import { getErrorMessage } from '../../errors.ts';
import { describeFsError } from '../../fs-errors.ts';
import { isObject } from '../../json-object.ts';
import { nearest } from '../../text.ts';
import { outlineHcl, placeBlocks } from './hcl-outline.ts';
import type { HclBlockPosition, HclOutline } from './hcl-outline.ts';
import { HclSyntaxError, parseHcl } from './hcl.ts';
import type { Problem } from './policy-model.ts';

export const POLICY_ATTRIBUTES = ['source', 'enforcement_level', 'description', 'query'] as const;
export type PolicyAttribute = (typeof POLICY_ATTRIBUTES)[number];

/** One `policy "NAME"` block; attribute values are present only when set to a literal string. */
export interface PolicyBlock {
  name: string;
  /** The config file, relative to the workspace root. */
  configFile: string;
  /** Line of the `policy "NAME"` header, when found. */
  line?: number;
  /** Line of each attribute set in the block, when found. */
  attributeLines: Partial<Record<PolicyAttribute, number>>;
  /** Attributes set to something other than a literal string (already reported as problems). */
  invalidAttributes: PolicyAttribute[];
  source?: string;
  enforcementLevel?: string;
  description?: string;
  query?: string;
}

export interface PolicyConfig {
  /** Relative to the workspace root. */
  file: string;
  blocks: PolicyBlock[];
  warnings: Problem[];
  problems: Problem[];
}

const WHY_IGNORED: Record<string, string> = {
  import: 'a policy synced on its own cannot use imports',
  module: 'a policy synced on its own cannot use modules',
  param: 'a policy synced on its own cannot take parameters',
};

/**
 * Reads (`read`: its bytes) and checks the config `file` (its name relative to the workspace
 * root, used in every message). Problems are collected, never thrown.
 */
export async function readPolicyConfig(file: string, read: () => Promise<Buffer>): Promise<PolicyConfig> {
  let text: string;
  try {
    text = (await read()).toString('utf8');
  } catch (error) {
    return {
      file,
      blocks: [],
      warnings: [],
      problems: [
        {
          file,
          message: `Policy config ${file} cannot be read (${describeFsError(error) ?? getErrorMessage(error)}).`,
        },
      ],
    };
  }
  return parsePolicyConfig(file, text);
}

/** Checks the text of the config `file` (its name relative to the workspace root). */
export async function parsePolicyConfig(file: string, source: string): Promise<PolicyConfig> {
  const config: PolicyConfig = { file, blocks: [], warnings: [], problems: [] };
  const text = source.replace(/^\uFEFF/, '');
  let json: Record<string, unknown>;
  try {
    json = await parseHcl(file, text);
  } catch (error) {
    if (!(error instanceof HclSyntaxError)) throw error;
    config.problems.push(...syntaxProblems(file, text, error));
    return config;
  }

  const outline = outlineHcl(text);
  reportIgnoredTopLevel(config, json, outline);
  const policies = json['policy'];
  if (policies === undefined) return config;

  const policyPositions = outline.blocks.filter((b) => b.type === 'policy');
  if (Array.isArray(policies) || !isObject(policies)) {
    reportLabelCount(config, policyPositions, (b) => b.labels.length === 0);
    return config;
  }
  for (const [name, bodies] of Object.entries(policies)) {
    if (!Array.isArray(bodies)) {
      reportLabelCount(config, policyPositions, (b) => b.labels.length > 1 && b.labels[0] === name);
      continue;
    }
    const headers = policyPositions.filter((b) => b.labels.length === 1 && b.labels[0] === name);
    for (const { body, position } of placeBlocks(bodies, headers))
      config.blocks.push(readPolicyBlock(config, name, body, position));
  }
  return config;
}

function readPolicyBlock(
  config: PolicyConfig,
  name: string,
  body: Record<string, unknown>,
  position: HclBlockPosition | undefined,
): PolicyBlock {
  const block: PolicyBlock = { name, configFile: config.file, attributeLines: {}, invalidAttributes: [] };
  if (position) block.line = position.line;
  const where = (attribute: string): Problem => {
    const line =
      position?.attributes.find((a) => a.name === attribute)?.line ??
      position?.blocks.find((b) => b.type === attribute)?.line ??
      position?.line;
    return line === undefined ? { file: config.file, message: '' } : { file: config.file, line, message: '' };
  };
  // On the attribute's line, which the message names too: one line for the annotation, the
  // message and the summary (the block's own line would be a second one).
  const at = (attribute: string, message: string): Problem => {
    const site = where(attribute);
    return { ...site, message: `${config.file}${site.line ? `:${site.line}` : ''}: policy "${name}": ${message}` };
  };

  for (const [attribute, value] of Object.entries(body)) {
    if (!(POLICY_ATTRIBUTES as readonly string[]).includes(attribute)) {
      // A misspelt setting is an error: ignored, the policy would quietly get the default instead.
      const meant = attribute === 'params' ? undefined : nearest(attribute, POLICY_ATTRIBUTES);
      if (meant !== undefined) {
        const shown = typeof value === 'string' ? JSON.stringify(value) : '"..."';
        config.problems.push(
          at(
            attribute,
            `unknown attribute "${attribute}"; did you mean ${meant}? Write the line as: ${meant} = ${shown}`,
          ),
        );
        continue;
      }
      const why =
        attribute === 'params'
          ? 'a policy synced on its own cannot take parameters, so the policy runs with its defaults'
          : `only ${POLICY_ATTRIBUTES.join(', ')} are used`;
      config.warnings.push(at(attribute, `"${attribute}" is ignored: ${why}.`));
      continue;
    }
    const known = attribute as PolicyAttribute;
    const line = where(known).line;
    if (line !== undefined) block.attributeLines[known] = line;
    if (value === null) continue; // HCL null means "not set"
    if (typeof value !== 'string') {
      config.problems.push(
        at(known, `${known} must be a string, not ${describeValue(value)}; write it as ${known} = "..."`),
      );
      block.invalidAttributes.push(known);
      continue;
    }
    if (/(?<!\$)\$\{|(?<!%)%\{/.test(value)) {
      config.problems.push(
        at(
          known,
          `${known} must be a literal string; ` +
            `variables, expressions and templates (\${...}, %{...}) are not evaluated here. Write the value itself.`,
        ),
      );
      block.invalidAttributes.push(known);
      continue;
    }
    // hcl2json keeps the template escapes of literal text: `$${` stands for `${`.
    const literal = value.replaceAll('$${', '${').replaceAll('%%{', '%{');
    if (known === 'source') block.source = literal;
    else if (known === 'enforcement_level') block.enforcementLevel = literal;
    else if (known === 'description') block.description = literal;
    else block.query = literal;
  }
  return block;
}

function reportIgnoredTopLevel(config: PolicyConfig, json: Record<string, unknown>, outline: HclOutline): void {
  const placed = new Set<string>(['policy']);
  for (const block of outline.blocks) {
    if (block.type === 'policy') continue;
    placed.add(block.type);
    const header = [block.type, ...block.labels.map((l) => JSON.stringify(l))].join(' ');
    const why = WHY_IGNORED[block.type] ?? 'only policy blocks are read';
    config.warnings.push({
      file: config.file,
      line: block.line,
      message: `${config.file}:${block.line}: the ${header} block is ignored: ${why}. A policy that relies on it may fail when it is evaluated.`,
    });
  }
  for (const attribute of outline.attributes) {
    placed.add(attribute.name);
    config.warnings.push({
      file: config.file,
      line: attribute.line,
      message: `${config.file}:${attribute.line}: the top-level "${attribute.name}" setting is ignored: only policy blocks are read.`,
    });
  }
  for (const key of Object.keys(json)) {
    if (placed.has(key)) continue;
    config.warnings.push({
      file: config.file,
      message: `${config.file}: "${key}" is ignored: only policy blocks are read.`,
    });
  }
}

function reportLabelCount(
  config: PolicyConfig,
  positions: HclBlockPosition[],
  wrong: (b: HclBlockPosition) => boolean,
): void {
  const bad = positions.filter(wrong);
  const message = (line?: number): string =>
    `${config.file}${line ? `:${line}` : ''}: a policy block takes exactly one label, the policy name: policy "NAME" { ... }.`;
  if (bad.length === 0) config.problems.push({ file: config.file, message: message() });
  for (const b of bad) config.problems.push({ file: config.file, line: b.line, message: message(b.line) });
}

function syntaxProblems(file: string, text: string, error: HclSyntaxError): Problem[] {
  const problems: Problem[] = [];
  for (const d of error.diagnostics) {
    if (d.line !== undefined) {
      problems.push({
        file,
        line: d.line,
        ...(d.column !== undefined ? { column: d.column } : {}),
        message: `${file}:${d.line}:${d.column ?? 1}: HCL syntax error: ${d.message} Fix the file; nothing is synced until it parses.`,
      });
      continue;
    }
    // Errors from the conversion to JSON carry no position; the one a user can make is mixing
    // policy blocks with and without labels, so point at the blocks without exactly one.
    const outline = outlineHcl(text);
    const unlabelled = outline.blocks.filter((b) => b.type === 'policy' && b.labels.length !== 1);
    if (unlabelled.length > 0) {
      for (const b of unlabelled) {
        problems.push({
          file,
          line: b.line,
          message: `${file}:${b.line}: a policy block takes exactly one label, the policy name: policy "NAME" { ... }.`,
        });
      }
      continue;
    }
    problems.push({
      file,
      message: `${file}: HCL error: ${d.message.replace(/\.$/, '')}. Fix the file; nothing is synced until it parses.`,
    });
  }
  return problems;
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object or block';
  return `a ${typeof value} (${JSON.stringify(value)})`;
}

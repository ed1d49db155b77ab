// A policy library shaped like the public ones (hashicorp/policy-library-*, the FSBP and CIS
// sets): one config at the root with `import "module"` / `import "plugin"` blocks, policy
// blocks whose sources live in `./policies/<service>/`, names that differ from file names,
// sources shared by several policies with different `params`, uneven indentation, comments,
// and test cases with mocks beside the policies. Here with `.native` code files.

import { describe, expect, it } from 'vitest';
import { readLocalPolicies } from '../../../src/modes/sync-policies/local-policies.ts';
import { makeWorkspace } from '../../sync-policies/temp-workspace.ts';

const SERVICES = [
  'acm',
  'api-gateway',
  'appsync',
  'athena',
  'autoscaling-group',
  'backup',
  'cloudfront',
  'cloudtrail',
  'codebuild',
  'dms',
  'docdb',
  'dynamo-db',
  'ec2',
  'ecr',
  'ecs',
  'efs',
  'eks',
  'elasticache',
  'elb',
  'emr',
  'iam',
  'kms',
  'lambda',
  'neptune',
  'opensearch',
  'rds',
  'redshift',
  's3',
  'sns',
  'sqs',
];
const CHECKS = [
  'encryption-at-rest-enabled',
  'logging-enabled',
  'public-access-blocked',
  'deletion-protection-enabled',
  'backup-configured',
  'tls-enforced',
  'tagging-present',
  'private-network-only',
  'versioning-enabled',
];

interface Library {
  files: Record<string, string>;
  expected: Map<string, { sourceFile: string; level: string; kind: 'native' | 'opa'; query: string | null }>;
  paramsCount: number;
  testFiles: number;
}

function nativeCode(service: string, check: string): string {
  return [
    'import "tfplan-functions" as plan',
    'import "report" as report',
    '',
    `param resource_types default ["aws_${service.replaceAll('-', '_')}"]`,
    '',
    `const = { "policy_name": "${service}-${check}" }`,
    '',
    'resources = plan.find_resources_being_changed(resource_types)',
    `violations = filter resources as _, rc { rc.change.after.${check.replaceAll('-', '_')} is not true }`,
    '',
    'summary = { "policy_name": const.policy_name, "violations": violations }',
    'print(report.generate_policy_report(summary))',
    '',
    'main = rule { length(violations) is 0 }',
    '',
  ].join('\n');
}

function buildLibrary(): Library {
  const files: Record<string, string> = {};
  const expected: Library['expected'] = new Map();
  const config: string[] = [
    'import "module" "report" {',
    '  source = "https://raw.githubusercontent.com/example/policies/main/common-functions/report/report.native"',
    '}',
    '',
    'import "module" "tfplan-functions" {',
    '  source = "./modules/tfplan-functions/tfplan-functions.native"',
    '}',
    '',
    '// Replace the source with the plugin binary for the platform that runs the policies.',
    'import "plugin" "tfresources" {',
    '  source = "./plugins/linux/amd64/plugin-tfresources"',
    '}',
    '',
    'param "allowed_regions" {',
    '  value = ["eu-west-1", "eu-central-1"]',
    '}',
    '',
  ];
  files['modules/tfplan-functions/tfplan-functions.native'] =
    'find_resources_being_changed = func(types) { return {} }\n';
  let paramsCount = 0;
  let testFiles = 0;
  let n = 0;
  for (const [s, service] of SERVICES.entries()) {
    for (const [c, check] of CHECKS.entries()) {
      n++;
      const fileName = `${service}--${check}.native`; // file names with "--", policy names without
      const source = `./policies/${service}/${fileName}`;
      files[source.slice(2)] = nativeCode(service, check);
      const level = n % 17 === 0 ? 'hard-mandatory' : n % 11 === 0 ? 'soft-mandatory' : 'advisory';
      const indent = n % 5 === 0 ? ' ' : n % 7 === 0 ? '    ' : '  ';
      const shared = c === 0 && s % 3 === 0; // a source used by two policies with different params
      const names = shared ? [`${service}-cluster-${check}`, `${service}-instance-${check}`] : [`${service}-${check}`];
      for (const [i, name] of names.entries()) {
        config.push(`policy "${name}" {`);
        config.push(n % 9 === 0 ? `${indent}source            = "${source}"` : `${indent}source = "${source}"`);
        config.push(`${indent}enforcement_level = "${level}"`);
        if (shared) {
          paramsCount++;
          config.push(`${indent}params = {`);
          config.push(
            `${indent}${indent}"resource_type" = "aws_${service.replaceAll('-', '_')}_${i === 0 ? 'cluster' : 'instance'}",`,
          );
          config.push(`${indent}${indent}source_type = "db-${i === 0 ? 'cluster' : 'instance'}"`);
          config.push(`${indent}}`);
        }
        config.push('}', '');
        expected.set(name, { sourceFile: source.slice(2), level, kind: 'native', query: null });
      }
      // test cases and mocks beside the policy, as the native test runner lays them out
      if (c < 2) {
        const base = `policies/${service}/test/${service}-${check}`;
        files[`${base}/success.hcl`] =
          'mock "tfplan/v2" {\n  module {\n    source = "./mocks/policy-success/mock-tfplan-v2.native"\n  }\n}\n';
        files[`${base}/mocks/policy-success/mock-tfplan-v2.native`] = 'resource_changes = {}\n';
        files[`${base}/mocks/policy-failure/mock-tfplan-v2.native`] = 'resource_changes = {}\n';
        testFiles += 2;
      }
    }
  }
  // A handful of policies in the directory of their own, not named in the config: named after
  // their files, with the enforcement-level input as their level.
  for (const name of ['require-provider-version', 'deny-legacy-instance-types']) {
    files[`policies/unlisted/${name}.native`] = nativeCode('ec2', name);
    expected.set(name, {
      sourceFile: `policies/unlisted/${name}.native`,
      level: 'advisory',
      kind: 'native',
      query: null,
    });
  }
  // OPA policies of the same library, some with an explicit query.
  for (let i = 0; i < 20; i++) {
    const name = `opa-${SERVICES[i]}-baseline`;
    const pkg = `terraform.policies.${SERVICES[i]!.replaceAll('-', '_')}_baseline`;
    files[`policies/opa/${name}.rego`] =
      `package ${pkg}\n\nimport rego.v1\n\ndeny contains msg if {\n  some rc in input.plan.resource_changes\n  rc.type == "aws_${i}"\n  msg := rc.address\n}\n`;
    if (i % 2 === 0) {
      config.push(
        `policy "${name}" {`,
        `  source            = "./policies/opa/${name}.rego"`,
        '  enforcement_level = "mandatory"',
        `  query             = "data.${pkg}.violations"`,
        '}',
        '',
      );
      expected.set(name, {
        sourceFile: `policies/opa/${name}.rego`,
        level: 'mandatory',
        kind: 'opa',
        query: `data.${pkg}.violations`,
      });
    } else {
      expected.set(name, {
        sourceFile: `policies/opa/${name}.rego`,
        level: 'advisory',
        kind: 'opa',
        query: `data.${pkg}.deny`,
      });
    }
  }
  files['policies.hcl'] = config.join('\n');
  return { files, expected, paramsCount, testFiles };
}

describe('a policy library of a few hundred policies', () => {
  it('reads cleanly and fast, with a warning for each import, param block and params attribute', async () => {
    const library = buildLibrary();
    expect(library.expected.size).toBeGreaterThanOrEqual(300);
    const root = await makeWorkspace(library.files);

    // The time the reading costs this process, not the time it takes on a machine that others
    // share: the processor time it used, the parser's worker threads included.
    const started = process.cpuUsage();
    const result = await readLocalPolicies({
      patterns: ['policies/**/*.native', 'policies/**/*.rego'],
      defaultEnforcementLevel: 'advisory',
      workspaceRoot: root,
    });
    const used = process.cpuUsage(started);
    const cpuMs = (used.user + used.system) / 1000;

    expect(result.problems).toEqual([]);
    expect(result.policies).toHaveLength(library.expected.size);
    for (const policy of result.policies) {
      const want = library.expected.get(policy.name);
      expect(want, policy.name).toBeDefined();
      expect([policy.sourceFile, policy.enforcementLevel, policy.kind, policy.query], policy.name).toEqual([
        want!.sourceFile,
        want!.level,
        want!.kind,
        want!.query,
      ]);
    }
    expect(result.policies.map((p) => p.name)).toEqual([...library.expected.keys()].sort());

    const warnings = result.warnings.map((w) => w.message);
    expect(
      warnings.filter((m) => /the import "module" "(report|tfplan-functions)" block is ignored/.test(m)),
    ).toHaveLength(2);
    expect(warnings.filter((m) => /the import "plugin" "tfresources" block is ignored/.test(m))).toHaveLength(1);
    expect(warnings.filter((m) => /the param "allowed_regions" block is ignored/.test(m))).toHaveLength(1);
    expect(warnings.filter((m) => /"params" is ignored/.test(m))).toHaveLength(library.paramsCount);
    expect(warnings.filter((m) => m.startsWith(`${library.testFiles} test files matched`))).toHaveLength(1);
    expect(result.warnings).toHaveLength(4 + library.paramsCount + 1);
    for (const w of result.warnings.filter((x) => x.file === 'policies.hcl')) expect(w.line).toBeGreaterThan(0);

    // A few hundred milliseconds is typical.
    expect(cpuMs).toBeLessThan(5000);
  });
});

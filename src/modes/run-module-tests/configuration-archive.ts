// The configuration archive of the module: packed into a temporary file first, so that a
// packing problem (a dangling link, an unreadable file) stops the step before any request, and
// so that each upload attempt can stream it from disk with a known length.

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigurationError, getErrorMessage } from '../../errors.ts';
import {
  ALLOW_LINKS_INPUT,
  confinementOf,
  realBytePath,
  refusalOf,
  refusedLinksAdvice,
} from '../../files/confinement.ts';
import { describeFsError } from '../../fs-errors.ts';
import { plural, quoteClipped } from '../../text.ts';
import { LinksOutsideBoundaryError, ModuleRootError, packModuleToFile, resolveModuleRoot } from '../../slug/index.ts';
import type { ArchiveEntry } from '../../slug/index.ts';

export interface PackedConfiguration {
  /** The gzip'd tar on disk. */
  file: string;
  /** Its size: the upload's Content-Length. */
  bytes: number;
  /** Regular files in it. */
  files: number;
  /** Bytes of file content before compression. */
  contentBytes: number;
  /** Files and links in it, in archive order; only when asked for (`listEntries`). */
  entries: Array<Exclude<ArchiveEntry, { type: 'directory' }>>;
  /** What `.terraformignore` and the default exclusions left out. */
  ignored: string[];
  warnings: string[];
  /** Deletes the file; safe to call twice. */
  remove(): Promise<void>;
}

/**
 * The module directory as an absolute path, checked as the packer resolves it (links followed,
 * a directory at the end) and holding Terraform's configuration at its root; a
 * ConfigurationError naming the input, as the user wrote it, and why it cannot be tested, when
 * it is not a directory that can be read or it holds no `.tf` or `.tf.json` file: a test run of
 * such a directory (a policy repository's root, say) would test nothing.
 */
export async function checkModuleDirectory(
  workspaceRoot: string,
  moduleDirectory: string,
  allowLinksOutsideRepository = false,
): Promise<string> {
  const root = resolve(workspaceRoot, moduleDirectory);
  const refuse = (why: string): ConfigurationError =>
    new ConfigurationError(
      `Input "module-directory" is "${moduleDirectory}", which ${why}; ` +
        `give the module's root directory relative to the repository root.`,
    );
  let resolved;
  try {
    resolved = await resolveModuleRoot(root);
  } catch (error) {
    if (!(error instanceof ModuleRootError)) throw error;
    throw refuse(error.reason);
  }
  // The repository's rule before anything in it is listed: a directory reached through a link
  // that a pull request added may lie anywhere on the runner, and its names would be quoted below.
  const confinement = await confinementOf({
    directory: workspaceRoot,
    label: 'the repository',
    allowOutside: allowLinksOutsideRepository,
  });
  const refusal = refusalOf(confinement, await realBytePath(resolved));
  if (refusal === 'git-metadata') throw refuse("leads into the repository's git metadata, which is never packed");
  if (refusal === 'outside') throw refuse(`leads outside the repository (unless ${ALLOW_LINKS_INPUT} is true)`);
  const without = await withoutTerraformFiles(root);
  if (without !== undefined) throw refuse(without);
  return root;
}

/** How many names of each kind a refusal lists. */
const NAMES_LISTED = 5;

/** Terraform reads the files of these suffixes at a module's root, and only those. */
const TERRAFORM_FILE = /\.tf(?:\.json)?$/;

/**
 * Why the directory holds no Terraform configuration (`holds 3 files, none .tf or .tf.json: ...`),
 * or undefined when it holds a `.tf` or `.tf.json` file (or a link by such a name) at its root.
 */
async function withoutTerraformFiles(root: string): Promise<string | undefined> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch (error) {
    const reason = describeFsError(error);
    if (reason === undefined) throw error;
    return `cannot be read (${reason})`;
  }
  const files = entries.filter((e) => !e.isDirectory()).map((e) => e.name);
  if (files.some((name) => TERRAFORM_FILE.test(name))) return undefined;
  const directories = entries.filter((e) => e.isDirectory()).map((e) => `${e.name}/`);
  if (files.length === 0 && directories.length === 0) return 'is empty, with no .tf or .tf.json file';
  const listed = (names: string[]): string => {
    const sorted = [...names].sort();
    const shown = sorted.slice(0, NAMES_LISTED).map((name) => quoteClipped(name, 60));
    return shown.join(', ') + (sorted.length > NAMES_LISTED ? ` and ${sorted.length - NAMES_LISTED} more` : '');
  };
  const parts = [
    files.length > 0 ? `${plural(files.length, 'file')}, none .tf or .tf.json: ${listed(files)}` : '',
    directories.length > 0
      ? `${files.length > 0 ? '' : 'no file, only '}${plural(directories.length, 'directory', 'directories')}: ${listed(directories)}`
      : '',
  ].filter((part) => part !== '');
  return `holds ${parts.join('; and ')}; Terraform reads a module's .tf and .tf.json files at its root`;
}

export async function packConfiguration(
  moduleRoot: string,
  options: {
    signal?: AbortSignal;
    tempDir?: string;
    listEntries?: boolean;
    /**
     * The repository (GITHUB_WORKSPACE): links leading outside it are refused, unless allowed;
     * links into its git metadata always are.
     */
    repositoryRoot: string;
    /** The input `allow-links-outside-repository`. */
    allowLinksOutsideRepository: boolean;
  },
): Promise<PackedConfiguration> {
  // RUNNER_TEMP is emptied by the runner after each job.
  const base = options.tempDir ?? process.env.RUNNER_TEMP ?? tmpdir();
  const dir = await mkdtemp(join(base, 'module-configuration-'));
  const remove = (): Promise<void> => rm(dir, { recursive: true, force: true });
  const file = join(dir, 'configuration.tar.gz');
  try {
    const entries: PackedConfiguration['entries'] = [];
    const packed = await packModuleToFile(moduleRoot, file, {
      ...(options.signal ? { signal: options.signal } : {}),
      // A pull request must not be able to ship the runner's files (action-interface, "Files").
      confinement: {
        directory: options.repositoryRoot,
        label: 'the repository',
        allowOutside: options.allowLinksOutsideRepository,
      },
      ...(options.listEntries
        ? {
            onEntry: (e: ArchiveEntry) => {
              if (e.type !== 'directory') entries.push(e);
            },
          }
        : {}),
    });
    return {
      file,
      entries,
      bytes: packed.bytes,
      files: packed.files,
      contentBytes: packed.contentBytes,
      ignored: packed.ignored,
      warnings: packed.warnings,
      remove,
    };
  } catch (error) {
    await remove();
    if (error instanceof LinksOutsideBoundaryError) {
      throw new ConfigurationError(`${error.message} Nothing was uploaded. ${refusedLinksAdvice(error.links)}`);
    }
    if (error instanceof ConfigurationError || options.signal?.aborted) throw error;
    throw new Error(`Packing the module at ${moduleRoot} failed: ${getErrorMessage(error)}`, { cause: error });
  }
}

// The configuration archive of the module: packed into a temporary file first, so that a
// packing problem (a dangling link, an unreadable file) stops the step before any request, and
// so that each upload attempt can stream it from disk with a known length.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigurationError, getErrorMessage } from '../../errors.ts';
import { refusedLinksAdvice } from '../../files/confinement.ts';
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
 * a directory at the end); a ConfigurationError naming the input, as the user wrote it, and why
 * it cannot be packed, when it is not a directory that can be read.
 */
export async function checkModuleDirectory(workspaceRoot: string, moduleDirectory: string): Promise<string> {
  const root = resolve(workspaceRoot, moduleDirectory);
  try {
    await resolveModuleRoot(root);
  } catch (error) {
    if (!(error instanceof ModuleRootError)) throw error;
    throw new ConfigurationError(
      `Input "module-directory" is "${moduleDirectory}", which ${error.reason}; ` +
        `give the module's root directory relative to the repository root.`,
    );
  }
  return root;
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

// Why a file could not be read, in words a user can act on: shared by the packing of a module
// (slug/) and the reading of policy files (sync-policies).

const REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'it does not exist',
  ENOTDIR: 'a part of its path is not a directory',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ELOOP: 'too many levels of links',
  ENAMETOOLONG: 'the path is too long',
};

/**
 * A short reason for a file-system error that a user can act on (a missing file, a denied
 * permission), or `undefined` for anything else, which is a bug to report as it is.
 */
export function describeFsError(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === undefined ? undefined : REASONS[code];
}

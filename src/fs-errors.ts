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
  const { code, syscall } = (error as NodeJS.ErrnoException | undefined) ?? {};
  // readlink answers EINVAL for what is not a link: a link replaced by a file after it was listed.
  if (code === 'EINVAL' && syscall === 'readlink') return 'it is no longer a link: it changed while it was read';
  return code === undefined ? undefined : REASONS[code];
}

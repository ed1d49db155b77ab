export type { ArchiveEntry, DirectoryEntry, FileEntry, SymlinkEntry, WalkReport } from './archive-entry.ts';
export { DEFAULT_IGNORE_RULES, decideIgnore, matchIgnore, matchRules, parseIgnoreRules } from './ignore-rules.ts';
export type { IgnoreDecision, IgnoreMatch, IgnoreRule } from './ignore-rules.ts';
export { listArchiveEntries, walkArchiveEntries } from './walk.ts';
export { ModuleRootError, resolveModuleRoot } from './module-root.ts';
export type { WalkOptions } from './walk.ts';
export { LinksOutsideBoundaryError } from './refused-links.ts';
export { GO_SLUG_GZIP_LEVEL, packModule, packModuleToFile } from './pack.ts';
export type { PackOptions, PackResult } from './pack.ts';

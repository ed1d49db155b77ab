export const id = 242;
export const ids = [242];
export const modules = {

/***/ 9242:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runModuleTests: () => (/* binding */ runModuleTests)
});

// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
var external_node_path_default = /*#__PURE__*/__webpack_require__.n(external_node_path_);
// EXTERNAL MODULE: ./src/report/format.ts
var format = __webpack_require__(2011);
// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/modes/run-module-tests/state.ts
var state = __webpack_require__(6796);
// EXTERNAL MODULE: ./src/modes/run-module-tests/test-run/status.ts
var test_run_status = __webpack_require__(1250);
// EXTERNAL MODULE: ./src/modes/run-module-tests/test-run/version-runs.ts
var version_runs = __webpack_require__(8121);
;// CONCATENATED MODULE: ./src/modes/run-module-tests/cancelled-start.ts
// The job was cancelled before the step knew its run. Once the upload had started, the service
// may have started a run by itself; once the create was sent, it may have created ours without
// the answer arriving in time. The runs of the version are looked up: one with the requested
// options is followed and stopped like the step's own, every other one is stopped too, all through
// the version's guard. One that appears only later is left to the post step, which looks for it
// the same way.




const NOTHING_LEFT_RUNNING = {
    kind: 'cancelled',
    note: 'The step was cancelled before a test run was started; nothing was left running.',
};
async function afterCancelledStart(input) {
    const { setup, module, guard, tuning: t } = input;
    const { clock } = t;
    const version = setup.version;
    if (version === undefined || setup.upload === undefined)
        return { kind: 'not-run', cancelled: NOTHING_LEFT_RUNNING, others: [] };
    const bounds = guard.afterSignal(t);
    // A look that has most of the wind-down, not a fixed few seconds: against a slow service a
    // list can take seconds. What is left after it is for the cancels.
    const lookUntil = bounds.lookBy.earlier(bounds.stopBy);
    let runs = [];
    let lookUpError;
    try {
        runs = await (0,version_runs/* runsOfConfigurationVersion */.q8)(input.client, module, version, {
            clock,
            signal: lookUntil.signal,
        });
    }
    catch (error) {
        lookUpError = (0,errors/* getErrorMessage */.u1)(error);
    }
    const run = (0,version_runs/* adoptableRun */.SD)(runs, input.requested);
    if (run !== undefined) {
        (0,state/* saveRunStarted */.Yy)(input.saveState, run.id, module);
        input.sink.info(`Found test run ${run.id} of configuration version ${version.id}: stopping it.`);
        const watch = input.watchOtherRuns(runs.filter((r) => r.id !== run.id && !(0,test_run_status/* isFinal */.dR)(r)), run);
        return { kind: 'found', started: { run, adopted: !setup.createSent, differences: [], others: [] }, watch };
    }
    // No run of ours: every run of the version is stopped, within what is left of the wind-down.
    const watch = input.watchOtherRuns(runs.filter((r) => !(0,test_run_status/* isFinal */.dR)(r)));
    const others = await watch.finish({
        by: guard.afterSignal(t).stopBy,
        lookBy: lookUntil,
    });
    if (others.length === 0 && !setup.createSent && lookUpError === undefined)
        return { kind: 'not-run', cancelled: NOTHING_LEFT_RUNNING, others };
    const why = setup.createSent
        ? 'the test run was being created and the service had not answered'
        : lookUpError !== undefined
            ? `the runs of configuration version ${version.id} could not be listed (${lookUpError})`
            : 'the test run was being started';
    const note = `The step was cancelled while ${why}. ` +
        `The post step looks for test runs of configuration version ${version.id} and stops any that is still running.`;
    return { kind: 'not-run', cancelled: { kind: 'cancelled', note }, others };
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __webpack_require__(8161);
// EXTERNAL MODULE: ./src/files/confinement.ts
var files_confinement = __webpack_require__(9787);
// EXTERNAL MODULE: ./src/fs-errors.ts
var fs_errors = __webpack_require__(6790);
// EXTERNAL MODULE: ./node_modules/re2js/build/index.js
var build = __webpack_require__(2856);
// EXTERNAL MODULE: ./src/files/go-utf8.ts
var go_utf8 = __webpack_require__(781);
;// CONCATENATED MODULE: ./src/slug/ignore-rules.ts
/**
 * `.terraformignore` rules, read and matched the way the service's own packer (go-slug, in its
 * `internal/ignorefiles` package) reads and matches them. The semantics differ from `.gitignore`
 * in ways users rely on without knowing, so they are reproduced as they are, not as they should be:
 *
 * - every pattern not starting with `/` matches at any depth, even one with a `/` in the middle
 *   (`foo/*.md` matches `a/b/foo/x.md`);
 * - a trailing `/` means "everything below", so `logs/` matches `logs/` and `logs/x` but not a
 *   plain file named `logs`;
 * - a pattern is translated to a Go regular expression with only `*`, `**`, `?`, `.`, `$` and `\`
 *   treated specially: every other character reaches the expression as it is, so `[a-z]` is a
 *   class, but so is `(a|b)` a group and `a+` a repetition; a pattern that does not compile
 *   never matches;
 * - the default exclusions come first and stay in force when a `.terraformignore` exists, so a
 *   user rule can only add to them or negate them (last match wins).
 *
 * The expressions are matched with RE2JS, a port of the RE2 engine Go's `regexp` package
 * implements, with Go's syntax: time linear in the path, whatever the pattern (JavaScript's own
 * engine backtracks, and a pattern such as `(a+)+b` stalls it for minutes on a 40-letter name).
 *
 * Paths are always relative and `/`-separated, on every platform, and decoded from their bytes
 * as Go decodes them (decodeGoUtf8).
 */


// The go-slug in the service's command-line tool keeps these three in force with or without a
// .terraformignore, in this order, the `.terraform/` rule marked as followed by a negation so
// that `.terraform/modules/` is reachable (so `.terraform/modules/x/.git/` is left out too).
const DEFAULT_PATTERNS = [
    { pattern: '.terraform/', negated: false, expanded: '**/.terraform/**' },
    { pattern: '.terraform/modules/', negated: true, expanded: '**/.terraform/modules/**' },
    { pattern: '.git/', negated: false, expanded: '**/.git/**' },
];
// go-slug reads the file with a bufio.Scanner, which fails on a line this long or longer; it then
// warns and applies only the defaults.
const MAX_IGNORE_LINE_BYTES = 64 * 1024;
/** Whether go-slug's line scanner gives up on `bytes` (a line of MAX_IGNORE_LINE_BYTES or more). */
function ignoreFileHasOverlongLine(bytes) {
    let start = 0;
    while (start <= bytes.length) {
        const end = bytes.indexOf(0x0a, start);
        const lineEnd = end === -1 ? bytes.length : end;
        if (lineEnd - start >= MAX_IGNORE_LINE_BYTES)
            return true;
        if (end === -1)
            return false;
        start = end + 1;
    }
    return false;
}
/**
 * Parse a `.terraformignore` (its bytes, or text) into the complete rule list go-slug applies:
 * the defaults first, then the file's rules in order.
 */
function parseIgnoreRules(content) {
    const text = typeof content === 'string' ? content : (0,go_utf8/* decodeGoUtf8 */.E)(content);
    const parsed = [...DEFAULT_PATTERNS];
    for (const rawLine of text.split('\n')) {
        const line = rawLine.endsWith('\r') ? rawLine.slice(0, -1) : rawLine;
        const trimmed = trimGoSpace(line);
        // A line of only spaces, or a lone `!`, crashes go-slug's parser; skipping it is the only
        // outcome that leaves a usable archive.
        if (trimmed === '' || trimmed.startsWith('#'))
            continue;
        const negated = trimmed.startsWith('!');
        const pattern = negated ? trimmed.slice(1) : trimmed;
        if (pattern === '')
            continue;
        parsed.push({ pattern, negated, expanded: expandPattern(pattern) });
    }
    let lastNegation = -1;
    parsed.forEach((rule, index) => {
        if (rule.negated)
            lastNegation = index;
    });
    return parsed.map((rule, index) => {
        const expression = translatePattern(rule.expanded);
        return {
            pattern: rule.pattern,
            negated: rule.negated,
            negationsAfter: index < lastNegation,
            expression,
            matcher: compileExpression(expression),
        };
    });
}
/** Whether `path` (relative, `/`-separated; a directory form ends in `/`) is excluded. */
function matchRules(rules, path) {
    let excluded = false;
    let dominating = false;
    for (const rule of rules) {
        // A search, as Go's MatchString: a `|` in a pattern splits the anchored expression.
        if (rule.matcher?.test(path)) {
            excluded = !rule.negated;
            dominating = excluded && !rule.negationsAfter;
        }
    }
    return { excluded, dominating };
}
/**
 * What the packer does with `relPath`. As in go-slug, the plain path is tested first and an
 * exclusion there only leaves the entry out (a directory is still walked); a directory is then
 * tested in its `dir/` form, and only that form can prune it.
 */
function decideIgnore(rules, relPath, isDir) {
    if (matchRules(rules, relPath).excluded)
        return 'omit';
    if (isDir) {
        const asDirectory = matchRules(rules, `${relPath}/`);
        if (asDirectory.excluded)
            return asDirectory.dominating ? 'prune' : 'omit';
    }
    return 'include';
}
/**
 * The negation that keeps `relPath` in the archive though an earlier rule excludes it (the
 * `!.git/` that brings back what a default leaves out), or null when no rule excludes it at all
 * or it is not kept. Reported by name where the packer overrides it.
 */
function keepingRule(rules, relPath, isDir) {
    if (decideIgnore(rules, relPath, isDir) !== 'include')
        return null;
    const forms = isDir ? [`${relPath}/`, relPath] : [relPath];
    for (const form of forms) {
        const last = rules.findLast((rule) => rule.matcher?.test(form) === true);
        if (last?.negated)
            return last;
    }
    return null;
}
/** Whether the packer leaves the entry `relPath` out of the archive. */
function matchIgnore(rules, relPath, isDir) {
    return decideIgnore(rules, relPath, isDir) !== 'include';
}
function expandPattern(pattern) {
    let expanded = pattern.endsWith('/') ? `${pattern}**` : pattern;
    expanded = expanded.startsWith('/') ? expanded.slice(1) : `**/${expanded}`;
    return expanded;
}
const BYTE_ORDER_MARK = '\u{FEFF}';
/**
 * go-slug's translation of an expanded pattern to a Go regular expression, character by
 * character (code point by code point, as its text/scanner reads them; the scanner also drops a
 * byte-order mark at the very start).
 */
function translatePattern(expanded) {
    const chars = Array.from(expanded);
    let i = chars[0] === BYTE_ORDER_MARK ? 1 : 0;
    let source = '^';
    while (i < chars.length) {
        const ch = chars[i++];
        if (ch === '*') {
            if (chars[i] === '*') {
                i++;
                if (chars[i] === '/')
                    i++;
                source += i >= chars.length ? '.*' : '(.*/)?';
            }
            else {
                source += '[^/]*';
            }
        }
        else if (ch === '?') {
            source += '[^/]';
        }
        else if (ch === '.' || ch === '$') {
            source += `\\${ch}`;
        }
        else if (ch === '\\') {
            // A trailing `\` is kept alone: with the closing `$` it becomes a literal `$`, as in go-slug.
            source += i < chars.length ? `\\${chars[i++]}` : '\\';
        }
        else {
            source += ch;
        }
    }
    return `${source}$`;
}
function compileExpression(expression) {
    try {
        // Flags 0 is Go's regexp.Compile syntax (Perl classes, Unicode groups, `.` without `\n`).
        return build/* RE2JS */.L3.compile(expression);
    }
    catch {
        return null;
    }
}
// Go's strings.TrimSpace trims Unicode white space (all of it in the BMP) but, unlike
// String.prototype.trim, not U+FEFF. A loop, not an expression: `\s+$` is quadratic on a long
// run of spaces that does not end the line.
const GO_SPACE = new Set([
    0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006,
    0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);
function trimGoSpace(text) {
    let start = 0;
    let end = text.length;
    while (start < end && GO_SPACE.has(text.charCodeAt(start)))
        start++;
    while (end > start && GO_SPACE.has(text.charCodeAt(end - 1)))
        end--;
    return text.slice(start, end);
}
/** The rules in force when the module has no `.terraformignore` (declared last: it runs the parser). */
const DEFAULT_IGNORE_RULES = parseIgnoreRules('');

// EXTERNAL MODULE: ./src/lifetime/limit.ts
var limit = __webpack_require__(3520);
// EXTERNAL MODULE: ./src/files/byte-path.ts
var byte_path = __webpack_require__(2013);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./src/files/reader.ts
var reader = __webpack_require__(8584);
;// CONCATENATED MODULE: ./src/files/directory.ts
// The one lister of the repository's directories for the module's walk: a directory is listed only
// as the directory that was checked. A pull request cannot make the walk list, or pack from, a
// directory outside the repository by swapping one of the module's directories for a link while
// the walk goes on: the directory is opened without following a link at its end, the open
// directory must be the one its parent's listing showed, it is judged by where it really is, and
// its entries are read through the open directory itself.





/** A directory only, never through a link at its end. */
const DIRECTORY_FLAGS = external_node_fs_.constants.O_RDONLY | (external_node_fs_.constants.O_DIRECTORY ?? 0) | (external_node_fs_.constants.O_NOFOLLOW ?? 0);
/**
 * The entries of the directory at `dir`, in no particular order, each with its stats and, for a
 * link, its target. Throws FileChangedError when what is at `dir` is no longer the directory
 * expected, and OpenedOutsideError when it lies where the rule refuses it; file-system errors as
 * they are, for the caller to say in words.
 */
async function listVerifiedDirectory(dir, options) {
    const handle = await options.limit(() => openDirectory(dir, options.shown));
    try {
        const stats = await handle.stat({ bigint: true });
        if (!stats.isDirectory() || stats.dev !== options.identity.dev || stats.ino !== options.identity.ino) {
            throw new reader/* FileChangedError */.jL(options.shown);
        }
        if (options.confinement !== null) {
            await (0,reader/* checkOpenedLocation */.N2)(handle.fd, stats, dir, options.confinement, options.shown);
        }
        // Linux names the open directory itself: every name below is looked up in it, whatever
        // happens to `dir` meanwhile. Elsewhere, `dir` is looked at again once it has been read.
        const through = (await throughDescriptor(handle.fd)) ?? dir;
        const names = await options.limit(() => (0,promises_.readdir)((0,byte_path/* fsPath */.Jk)(through), { encoding: 'buffer' }));
        const entries = await Promise.all(names.map(async (bytes) => {
            const name = (0,byte_path/* bytePathFromBuffer */.Qs)(bytes);
            const at = (0,byte_path/* fsPath */.Jk)((0,byte_path/* asBytePath */.sD)(external_node_path_default().join(through, name)));
            const entryStats = await options.limit(() => (0,promises_.lstat)(at, { bigint: true }));
            if (!entryStats.isSymbolicLink())
                return { name, stats: entryStats };
            const target = (0,byte_path/* bytePathFromBuffer */.Qs)(await options.limit(() => (0,promises_.readlink)(at, { encoding: 'buffer' })));
            return { name, stats: entryStats, linkTarget: target };
        }));
        if (through === dir) {
            const again = await (0,promises_.lstat)((0,byte_path/* fsPath */.Jk)(dir), { bigint: true });
            if (!again.isDirectory() || again.dev !== stats.dev || again.ino !== stats.ino) {
                throw new reader/* FileChangedError */.jL(options.shown);
            }
        }
        return entries;
    }
    finally {
        await handle.close();
    }
}
/** Opens a directory; a link (or anything else) found where a directory was is a change. */
async function openDirectory(dir, shown) {
    try {
        return await (0,promises_.open)((0,byte_path/* fsPath */.Jk)(dir), DIRECTORY_FLAGS);
    }
    catch (error) {
        const code = error.code;
        if (code === 'ELOOP' || code === 'ENOTDIR')
            throw new reader/* FileChangedError */.jL(shown);
        throw error;
    }
}
/** `/proc/self/fd/N` where the kernel resolves names through the open directory; null elsewhere. */
async function throughDescriptor(fd) {
    const link = `/proc/self/fd/${fd}`;
    try {
        await (0,promises_.readlink)(link);
        return (0,byte_path/* asBytePath */.sD)(link);
    }
    catch {
        return null;
    }
}

// EXTERNAL MODULE: ./src/files/git-metadata.ts
var git_metadata = __webpack_require__(6021);
;// CONCATENATED MODULE: ./src/slug/links.ts





// The kernel gives up after 40 links in a chain (ELOOP); so do we.
const MAX_LINK_HOPS = 40;
/** The target written in the link at `linkPath`, made absolute against the link's directory. */
function absoluteLinkTarget(linkPath, target) {
    return (0,byte_path/* asBytePath */.sD)(external_node_path_default().isAbsolute(target) ? external_node_path_default().normalize(target) : external_node_path_default().join(external_node_path_default().dirname(linkPath), target));
}
/** What a link says, as bytes. */
async function readLinkBytes(linkPath) {
    return (0,byte_path/* bytePathFromBuffer */.Qs)(await (0,promises_.readlink)((0,byte_path/* fsPath */.Jk)(linkPath), { encoding: 'buffer' }));
}
/**
 * The relative target to store for a link named `entryName` in the archive that points to
 * `insideRel` (relative to the module root).
 */
function relativeLinkTarget(entryName, insideRel) {
    const from = external_node_path_default().posix.dirname(entryName);
    return (0,byte_path/* asBytePath */.sD)(external_node_path_default().posix.relative(from === '.' ? '' : from, insideRel) || '.');
}
/**
 * Follow a link that leaves the module, through any chain of links, to what it finally points
 * to, each hop joined lexically as go-slug joins it. A target that does not exist is the user's
 * to fix, so it is a ConfigurationError naming the link by its place in the module.
 */
async function resolveExternalLink(linkPath, entryName, moduleRoot) {
    let current = linkPath;
    for (let hop = 0; hop < MAX_LINK_HOPS; hop++) {
        let written;
        try {
            written = await readLinkBytes(current);
        }
        catch (error) {
            const reason = (0,fs_errors/* describeFsError */.T)(error);
            if (reason === undefined)
                throw error;
            const which = current === linkPath ? '' : `, through ${JSON.stringify((0,byte_path/* textOf */.b6)(current))},`;
            throw new errors/* ConfigurationError */.j1(`module directory ${JSON.stringify(moduleRoot)}: the link ${JSON.stringify(entryName)}${which} cannot be followed (${reason}). ` +
                `Remove the link or list it in .terraformignore.`);
        }
        const next = absoluteLinkTarget(current, written);
        let stats;
        try {
            stats = await (0,promises_.lstat)((0,byte_path/* fsPath */.Jk)(next), { bigint: true });
        }
        catch (error) {
            const reason = (0,fs_errors/* describeFsError */.T)(error);
            if (reason === undefined)
                throw error;
            throw new errors/* ConfigurationError */.j1(`module directory ${JSON.stringify(moduleRoot)}: the link ${JSON.stringify(entryName)} points outside the module to ` +
                `${JSON.stringify((0,byte_path/* textOf */.b6)(next))}, which cannot be read (${reason}). ` +
                `Remove the link, list it in .terraformignore, or make its target exist.`);
        }
        if (!stats.isSymbolicLink())
            return { path: next, stats };
        current = next;
    }
    throw new errors/* ConfigurationError */.j1(`module directory ${JSON.stringify(moduleRoot)}: the link ${JSON.stringify(entryName)} leads through more than ${MAX_LINK_HOPS} links (a loop?). ` +
        `Remove the link or list it in .terraformignore.`);
}

;// CONCATENATED MODULE: ./src/slug/refused-links.ts


/**
 * Links (or the module directory itself) that the confinement rule refuses (files/confinement.ts):
 * nothing was packed from them.
 */
class LinksOutsideBoundaryError extends errors/* ConfigurationError */.j1 {
    links;
    constructor(message, links) {
        super(message);
        this.links = links;
    }
    static of(moduleRoot, confinement, links) {
        const what = links.length === 1 ? 'a link that leads' : `${links.length} links that lead`;
        const git = links.some((link) => link.refusal === 'git-metadata');
        return new LinksOutsideBoundaryError(`module directory ${JSON.stringify(moduleRoot)} holds ${what} ${(0,files_confinement/* whereRefusedLinksLead */.l5)(confinement, links)}, ` +
            `whose content would be packed: ${(0,files_confinement/* listRefusedLinks */.a)(links)}.` +
            (git ? " Git metadata (.git) can hold the checkout's credentials." : '') +
            ` Remove ${links.length === 1 ? 'it or list it' : 'them or list them'} in .terraformignore.`, links);
    }
}

;// CONCATENATED MODULE: ./src/slug/module-root.ts









const IGNORE_FILE = '.terraformignore';
const MAX_ROOT_LINK_HOPS = 40;
/**
 * The module directory cannot be packed. `reason` says why in words that follow its path ("is not
 * a directory", "cannot be read (permission denied)"): whoever chose the directory names it.
 */
class ModuleRootError extends errors/* ConfigurationError */.j1 {
    root;
    reason;
    constructor(root, reason) {
        super(`module directory ${JSON.stringify(root)} ${reason}.`);
        this.root = root;
        this.reason = reason;
    }
}
/** The module directory as an absolute path (its bytes), links on the way to it followed. */
async function resolveModuleRoot(root) {
    let dir = (0,byte_path/* bytePathOf */.D9)(external_node_path_default().resolve(root));
    for (let hop = 0; hop <= MAX_ROOT_LINK_HOPS; hop++) {
        const current = dir;
        const stats = await guardRoot(root, () => (0,promises_.lstat)((0,byte_path/* fsPath */.Jk)(current)));
        if (stats.isSymbolicLink()) {
            dir = absoluteLinkTarget(current, await guardRoot(root, () => readLinkBytes(current)));
            continue;
        }
        if (!stats.isDirectory())
            throw new ModuleRootError(root, 'is not a directory');
        return dir;
    }
    throw new ModuleRootError(root, `leads through more than ${MAX_ROOT_LINK_HOPS} links`);
}
/**
 * The rules of the root `.terraformignore` (go-slug reads no other), or the defaults when there
 * is none. A file go-slug cannot read (unreadable, or a line too long for its scanner) falls back
 * to the defaults with a warning, as go-slug does. Read through the one reader (files/reader.ts):
 * with `confinement`, a `.terraformignore` that is a link leading where the rule refuses is added
 * to `refused` and not read (the walk fails naming it); in any case one that is no regular file
 * (a link to /dev/zero, a FIFO) or is larger than its limit fails the step, naming it, before a
 * byte of it is read.
 */
async function loadIgnoreRules(root, report, guard) {
    const defaultsOnly = (reason) => {
        report.warnings.push(`${IGNORE_FILE} could not be read (${reason}); only the default exclusions (.git/, .terraform/ but its modules/) apply.`);
        return DEFAULT_IGNORE_RULES;
    };
    const file = (0,byte_path/* asBytePath */.sD)(external_node_path_default().join(root, IGNORE_FILE));
    const shown = external_node_path_default().join(guard.displayRoot, IGNORE_FILE);
    const options = { kind: 'terraformignore', shown, ...(guard.signal ? { signal: guard.signal } : {}) };
    let content;
    try {
        if (guard.confinement === null) {
            content = await (0,reader/* readRegularFile */.XF)(await (0,files_confinement/* realBytePath */.QX)(file), options);
        }
        else {
            const checked = await (0,files_confinement/* checkPath */.Cg)(guard.confinement, file);
            if (checked.refusal !== null) {
                guard.refused.push({ name: IGNORE_FILE, target: (0,byte_path/* textOf */.b6)(checked.real), refusal: checked.refusal });
                return DEFAULT_IGNORE_RULES;
            }
            content = await (0,reader/* readCheckedFile */.m2)(guard.confinement, checked, options);
        }
    }
    catch (error) {
        // A directory is a file go-slug cannot read; a device, a FIFO or a socket it would read
        // without end. Those, one too large, or one that changed while read stop the step.
        if (error instanceof reader/* NotARegularFileError */.vL && error.what === 'a directory')
            return defaultsOnly('it is a directory');
        if (error instanceof errors/* ConfigurationError */.j1)
            throw error;
        const code = error.code;
        if (code === 'ENOENT')
            return DEFAULT_IGNORE_RULES;
        return defaultsOnly((0,fs_errors/* describeFsError */.T)(error) ?? error.message);
    }
    if (ignoreFileHasOverlongLine(content))
        return defaultsOnly(`a line of ${MAX_IGNORE_LINE_BYTES} bytes or more`);
    return parseIgnoreRules(content);
}
async function guardRoot(root, operation) {
    try {
        return await operation();
    }
    catch (error) {
        const reason = (0,fs_errors/* describeFsError */.T)(error);
        if (reason === undefined)
            throw error;
        throw new ModuleRootError(root, `cannot be read (${reason})`);
    }
}

;// CONCATENATED MODULE: ./src/slug/walk.ts













// Enough requests in flight to keep a disk (or the page cache) busy, few enough for any ulimit.
const FS_CONCURRENCY = 32;
/**
 * The entries of the configuration archive for the module at `root`, in the order go-slug
 * writes them (a depth-first walk, each directory's names in byte order), computed lazily so
 * that a packer can stream them. What the ignore rules left out is added to `report` as the
 * walk goes.
 */
async function* walkArchiveEntries(root, report = { ignored: [], warnings: [] }, options = {}) {
    const moduleRoot = await resolveModuleRoot(root);
    const confinement = options.confinement ? await (0,files_confinement/* confinementOf */.uZ)(options.confinement) : null;
    if (confinement) {
        const real = await (0,files_confinement/* realBytePath */.QX)(moduleRoot);
        const refusal = (0,files_confinement/* refusalOf */.Of)(confinement, real);
        if (refusal !== null) {
            const where = refusal === 'outside'
                ? `outside ${confinement.label} (${(0,byte_path/* textOf */.b6)(confinement.root)})`
                : `into ${confinement.label}'s git metadata`;
            throw new LinksOutsideBoundaryError(`module directory ${JSON.stringify(root)} leads ${where}, to ${JSON.stringify((0,byte_path/* textOf */.b6)(real))}.`, [{ name: '.', target: (0,byte_path/* textOf */.b6)(real), refusal }]);
        }
    }
    const refused = [];
    const ctx = {
        root: moduleRoot,
        displayRoot: root,
        rules: await loadIgnoreRules(moduleRoot, report, {
            displayRoot: root,
            confinement,
            refused,
            ...(options.signal ? { signal: options.signal } : {}),
        }),
        report,
        limit: (0,limit/* limit */.AB)(FS_CONCURRENCY),
        confinement,
        refused,
        keptGitMetadata: new Map(),
    };
    const frame = {
        dir: moduleRoot,
        identity: await guardFs(ctx, moduleRoot, () => (0,promises_.lstat)((0,byte_path/* fsPath */.Jk)(moduleRoot), { bigint: true })),
        archivePrefix: (0,byte_path/* asBytePath */.sD)(''),
        matchPrefix: (0,byte_path/* asBytePath */.sD)(''),
        viaLink: false,
        linkedDirs: [],
    };
    yield* walkDirectory(ctx, frame);
    report.warnings.push(...gitMetadataWarnings(ctx.keptGitMetadata));
    if (confinement && ctx.refused.length > 0)
        throw LinksOutsideBoundaryError.of(root, confinement, ctx.refused);
}
/** What would be packed, and what `.terraformignore` and the default exclusions left out. */
async function listArchiveEntries(root, options = {}) {
    const report = { ignored: [], warnings: [] };
    const entries = [];
    for await (const entry of walkArchiveEntries(root, report, options))
        entries.push(entry);
    return { entries, ignored: report.ignored, warnings: report.warnings };
}
// Directories are listed when the walk reaches them, not ahead: listings held ahead survive the
// young-generation collections and make V8 grow its heap (measured: 175 MiB peak instead of 100
// MiB for a 200 MB module, and slower), while reading file contents ahead already keeps the walk
// off the critical path.
async function* walkDirectory(ctx, frame) {
    for (const child of await listDirectory(ctx, frame)) {
        const onDisk = (0,byte_path/* asBytePath */.sD)(external_node_path_default().join(frame.dir, child.name));
        const entryName = (0,byte_path/* asBytePath */.sD)(frame.archivePrefix + child.name);
        const { stats, decision } = child;
        if (stats.isDirectory() && child.name === git_metadata/* GIT_METADATA_NAME */.RG) {
            ctx.report.ignored.push(`${(0,byte_path/* textOf */.b6)(entryName)}/`);
            if (decision !== 'prune')
                await noteKeptGitMetadata(ctx, childFrame(frame, child), decision);
            continue;
        }
        if (decision === 'prune') {
            ctx.report.ignored.push(`${(0,byte_path/* textOf */.b6)(entryName)}/`);
            continue;
        }
        if (stats.isDirectory()) {
            if (decision === 'include') {
                const name = (0,byte_path/* asBytePath */.sD)(`${entryName}/`);
                yield {
                    type: 'directory',
                    name: (0,byte_path/* textOf */.b6)(name),
                    nameBytes: (0,byte_path/* bytesOf */.$$)(name),
                    mode: permissions(stats),
                    mtime: roundedMtime(stats),
                };
            }
            yield* walkDirectory(ctx, childFrame(frame, child));
            continue;
        }
        if (decision === 'omit') {
            ctx.report.ignored.push((0,byte_path/* textOf */.b6)(entryName));
            continue;
        }
        if (stats.isFile()) {
            yield fileEntry(ctx, entryName, stats, onDisk, stats);
        }
        else if (stats.isSymbolicLink() && child.linkTarget !== undefined) {
            yield* visitLink(ctx, frame, onDisk, entryName, stats, child.linkTarget);
        }
        // Sockets, FIFOs and devices are left out, as go-slug leaves them out.
    }
}
/**
 * A directory's children, in go-slug's order, each with what the ignore rules decide for it.
 * `judged`: the directory is held to the repository's rule (every directory whose contents may be
 * packed); git metadata, of which only names are read, is not.
 */
async function listDirectory(ctx, frame, judged = true) {
    const inside = (0,byte_path/* pathInsideRoot */.oo)(ctx.root, frame.dir);
    const listed = await guardFs(ctx, frame.dir, () => listVerifiedDirectory(frame.dir, {
        identity: frame.identity,
        confinement: judged ? ctx.confinement : null,
        shown: inside === null ? (0,byte_path/* textOf */.b6)(frame.dir) : external_node_path_default().join(ctx.displayRoot, (0,byte_path/* textOf */.b6)(inside)),
        limit: ctx.limit,
    }));
    // One character per byte: string order is byte order, Go's sort.Strings order.
    listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return listed.map(({ name, stats, linkTarget }) => {
        const decision = decideIgnore(ctx.rules, (0,byte_path/* textOf */.b6)((0,byte_path/* asBytePath */.sD)(`${frame.matchPrefix}${name}`)), stats.isDirectory());
        return { name, stats, decision, ...(linkTarget === undefined ? {} : { linkTarget }) };
    });
}
/**
 * Record the `.terraformignore` negations that would bring back something of the git metadata
 * directory `frame` (decided `decision`), which go-slug would then pack: `!.git/`,
 * `!.git/config`, or the same written with `**`. The directory is left out whatever they say
 * (see git-metadata.ts), a deliberate difference from go-slug that the warning names. Only names
 * are read in it, as go-slug's walk would read them; a part that cannot be read is passed over,
 * since nothing in it is packed.
 */
async function noteKeptGitMetadata(ctx, frame, decision) {
    const gitDirectory = (0,byte_path/* textOf */.b6)(frame.archivePrefix);
    const note = (rule) => {
        if (rule === null)
            return;
        const written = `!${rule.pattern}`;
        const dirs = ctx.keptGitMetadata.get(written) ?? [];
        if (!dirs.includes(gitDirectory))
            dirs.push(gitDirectory);
        ctx.keptGitMetadata.set(written, dirs);
    };
    if (decision === 'include')
        note(keepingRule(ctx.rules, (0,byte_path/* textOf */.b6)(frame.matchPrefix).slice(0, -1), true));
    const pending = [frame];
    for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
        let children;
        try {
            children = await listDirectory(ctx, current, false);
        }
        catch (error) {
            if (error instanceof errors/* ConfigurationError */.j1)
                continue;
            throw error;
        }
        for (const child of children) {
            if (child.decision === 'include')
                note(keepingRule(ctx.rules, (0,byte_path/* textOf */.b6)((0,byte_path/* asBytePath */.sD)(`${current.matchPrefix}${child.name}`)), child.stats.isDirectory()));
            if (child.stats.isDirectory() && child.decision !== 'prune')
                pending.push(childFrame(current, child));
        }
    }
}
const LISTED_GIT_DIRECTORIES = 5;
function gitMetadataWarnings(kept) {
    return [...kept].map(([rule, dirs]) => {
        const listed = dirs
            .slice(0, LISTED_GIT_DIRECTORIES)
            .map((dir) => JSON.stringify(dir))
            .join(', ');
        const more = dirs.length > LISTED_GIT_DIRECTORIES ? ` and ${dirs.length - LISTED_GIT_DIRECTORIES} more` : '';
        return (`.terraformignore rule ${JSON.stringify(rule)} would bring back git metadata (${listed}${more}); ` +
            `it is left out all the same, unlike the service's own packer, ` +
            `since git metadata can hold the checkout's credentials.`);
    });
}
function childFrame(frame, { name, stats }) {
    return {
        ...frame,
        dir: (0,byte_path/* asBytePath */.sD)(external_node_path_default().join(frame.dir, name)),
        identity: stats,
        archivePrefix: (0,byte_path/* asBytePath */.sD)(`${frame.archivePrefix}${name}/`),
        matchPrefix: (0,byte_path/* asBytePath */.sD)(`${frame.matchPrefix}${name}/`),
    };
}
async function* visitLink(ctx, frame, onDisk, entryName, stats, written) {
    const inside = (0,byte_path/* pathInsideRoot */.oo)(ctx.root, absoluteLinkTarget(onDisk, written));
    if (inside !== null) {
        const target = storedLinkTarget(frame, entryName, written, inside);
        yield {
            type: 'symlink',
            name: (0,byte_path/* textOf */.b6)(entryName),
            nameBytes: (0,byte_path/* bytesOf */.$$)(entryName),
            mode: permissions(stats),
            mtime: roundedMtime(stats),
            target: (0,byte_path/* textOf */.b6)(target),
            targetBytes: (0,byte_path/* bytesOf */.$$)(target),
        };
        return;
    }
    const resolved = await resolveExternalLink(onDisk, (0,byte_path/* textOf */.b6)(entryName), ctx.displayRoot);
    // Confined, what is packed is what the check saw: the file or directory at the real path.
    let target = { path: resolved.path, stats: resolved.stats };
    if (ctx.confinement && (resolved.stats.isFile() || resolved.stats.isDirectory())) {
        const confinement = ctx.confinement;
        const checked = await guardFs(ctx, resolved.path, () => (0,files_confinement/* checkPath */.Cg)(confinement, resolved.path));
        if (checked.refusal !== null) {
            // `.terraformignore`, refused when its rules were loaded, is named once.
            if (!ctx.refused.some((link) => link.name === (0,byte_path/* textOf */.b6)(entryName))) {
                ctx.refused.push({ name: (0,byte_path/* textOf */.b6)(entryName), target: (0,byte_path/* textOf */.b6)(checked.real), refusal: checked.refusal });
            }
            return;
        }
        target = { path: checked.real, stats: checked.stats };
    }
    if (target.stats.isFile()) {
        yield fileEntry(ctx, entryName, target.stats, target.path, target.stats);
    }
    else if (target.stats.isDirectory()) {
        const real = ctx.confinement ? target.path : await guardFs(ctx, target.path, () => (0,files_confinement/* realBytePath */.QX)(target.path));
        if (frame.linkedDirs.includes(real)) {
            throw new errors/* ConfigurationError */.j1(`module directory ${JSON.stringify(ctx.displayRoot)}: the link ${JSON.stringify((0,byte_path/* textOf */.b6)(entryName))} leads back to ${JSON.stringify((0,byte_path/* textOf */.b6)(real))}, ` +
                `which is already being packed through a link (a cycle). ` +
                `Remove the link or list it in .terraformignore.`);
        }
        // As in go-slug, the followed directory gets no entry of its own, only its contents.
        const inner = {
            dir: target.path,
            identity: target.stats,
            archivePrefix: (0,byte_path/* asBytePath */.sD)(`${entryName}/`),
            matchPrefix: (0,byte_path/* asBytePath */.sD)(''),
            viaLink: true,
            linkedDirs: [...frame.linkedDirs, real],
        };
        yield* walkDirectory(ctx, inner);
    }
    // A link to anything else (a FIFO, a device) is left out, as such files are in the tree.
}
/**
 * The link target to store. go-slug stores what the link says, which does not unpack as meant
 * in three cases: an absolute target (the service's unpacker refuses it), a target relative to
 * where the link really is when it was reached through an outside link (it would point
 * elsewhere, or out of the archive), and a target that steps out of the module and back in by
 * its name (`../mod/x`, refused). Those get the equivalent relative target instead (the
 * first of the contract's deliberate differences from go-slug, and its consequences).
 */
function storedLinkTarget(frame, entryName, written, inside) {
    const slashed = (0,byte_path/* asBytePath */.sD)(written.split((external_node_path_default()).sep).join('/'));
    if (!frame.viaLink && !external_node_path_default().isAbsolute(written)) {
        const fromEntry = external_node_path_default().posix.join(external_node_path_default().posix.dirname(entryName), slashed).replace(/(.)\/+$/, '$1');
        if (fromEntry === (inside || '.'))
            return slashed;
    }
    return relativeLinkTarget(entryName, inside);
}
function fileEntry(ctx, name, stats, source, identity) {
    return {
        type: 'file',
        name: (0,byte_path/* textOf */.b6)(name),
        nameBytes: (0,byte_path/* bytesOf */.$$)(name),
        mode: permissions(stats),
        mtime: roundedMtime(stats),
        size: Number(stats.size),
        source: (0,byte_path/* fsPath */.Jk)(source),
        identity: { dev: identity.dev, ino: identity.ino },
        confinement: ctx.confinement,
    };
}
function permissions(stats) {
    return Number(stats.mode & 511n);
}
const NS_PER_SECOND = 1000000000n;
/** Go's `Time.Round(time.Second)`, which archive/tar applies: halves round up. */
function roundedMtime(stats) {
    const shifted = stats.mtimeNs + NS_PER_SECOND / 2n;
    let seconds = shifted / NS_PER_SECOND;
    if (shifted < 0n && shifted % NS_PER_SECOND !== 0n)
        seconds -= 1n;
    return new Date(Number(seconds) * 1000);
}
async function guardFs(ctx, onDisk, operation) {
    try {
        return await operation();
    }
    catch (error) {
        const reason = (0,fs_errors/* describeFsError */.T)(error);
        if (reason === undefined)
            throw error;
        const where = (0,byte_path/* pathInsideRoot */.oo)(ctx.root, onDisk) ?? onDisk;
        throw new errors/* ConfigurationError */.j1(`module directory ${JSON.stringify(ctx.displayRoot)}: ${JSON.stringify((0,byte_path/* textOf */.b6)(where))} cannot be read (${reason}). ` +
            `Fix its permissions or list it in .terraformignore.`);
    }
}

// EXTERNAL MODULE: external "node:stream"
var external_node_stream_ = __webpack_require__(7075);
// EXTERNAL MODULE: external "node:stream/promises"
var external_node_stream_promises_ = __webpack_require__(6466);
// EXTERNAL MODULE: external "node:zlib"
var external_node_zlib_ = __webpack_require__(8522);
var external_node_zlib_default = /*#__PURE__*/__webpack_require__.n(external_node_zlib_);
;// CONCATENATED MODULE: ./src/slug/tar-header.ts
/**
 * Tar headers as Go's archive/tar writes go-slug's entries (format left to the writer): a USTAR
 * header when the entry fits one, otherwise a PAX extended header before it, whose records hold
 * the name and link target as their bytes. A name that is not ASCII (let alone not UTF-8) never
 * fits USTAR in Go's writer, so it always travels in a PAX `path` record, byte for byte.
 */
const BLOCK = 512;
const NAME_SIZE = 100;
const PREFIX_SIZE = 155;
const TYPEFLAG = { file: 0x30, symlink: 0x32, directory: 0x35 };
const PAX_TYPEFLAG = 0x78; // 'x'
// Largest value of an 11-digit octal field (size, mtime).
const MAX_OCTAL_11 = 8 ** 11 - 1;
/** The header block(s) of `entry`: 512 bytes, or more with a PAX extended header first. */
function encodeTarHeader(entry) {
    const name = entry.nameBytes;
    const linkname = entry.type === 'symlink' ? entry.targetBytes : Buffer.alloc(0);
    const size = entry.type === 'file' ? entry.size : 0;
    const seconds = Math.round(entry.mtime.getTime() / 1000);
    const records = [];
    const split = ustarName(name);
    if (split === null)
        records.push(['path', name]);
    if (linkname.length > NAME_SIZE || !isAscii(linkname))
        records.push(['linkpath', linkname]);
    if (seconds < 0 || seconds > MAX_OCTAL_11)
        records.push(['mtime', Buffer.from(String(seconds))]);
    if (size > MAX_OCTAL_11)
        records.push(['size', Buffer.from(String(size))]);
    const header = Buffer.alloc(BLOCK);
    if (split) {
        split.name.copy(header, 0);
        split.prefix.copy(header, 345);
    }
    else {
        // As Go: the name without its non-ASCII bytes, cut to the field; readers take the PAX record.
        asciiOnly(name).subarray(0, NAME_SIZE).copy(header, 0);
    }
    writeOctal(header, 100, 8, entry.mode & 0o7777);
    writeOctal(header, 108, 8, 0);
    writeOctal(header, 116, 8, 0);
    writeOctal(header, 124, 12, size > MAX_OCTAL_11 ? 0 : size);
    writeOctal(header, 136, 12, seconds < 0 || seconds > MAX_OCTAL_11 ? 0 : seconds);
    header[156] = TYPEFLAG[entry.type];
    if (linkname.length <= NAME_SIZE && isAscii(linkname))
        linkname.copy(header, 157);
    else
        asciiOnly(linkname).subarray(0, NAME_SIZE).copy(header, 157);
    finishUstar(header);
    if (records.length === 0)
        return header;
    // Go sorts the records by key and names the extended header after the entry.
    records.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const data = Buffer.concat(records.map(([key, value]) => paxRecord(key, value)));
    const pax = Buffer.alloc(BLOCK);
    paxHeaderName(name).copy(pax, 0);
    writeOctal(pax, 100, 8, 0);
    writeOctal(pax, 108, 8, 0);
    writeOctal(pax, 116, 8, 0);
    writeOctal(pax, 124, 12, data.length);
    writeOctal(pax, 136, 12, 0);
    pax[156] = PAX_TYPEFLAG;
    finishUstar(pax);
    return Buffer.concat([pax, data, Buffer.alloc(padding(data.length)), header]);
}
/** Zero bytes that complete content of `size` bytes to a whole block. */
function padding(size) {
    return (BLOCK - (size % BLOCK)) % BLOCK;
}
/** Two zero blocks end the archive. */
const END_OF_ARCHIVE = Buffer.alloc(2 * BLOCK);
/**
 * The name in USTAR's fields, or null when it does not fit: ASCII only, and either at most 100
 * bytes or split at a `/` into a prefix of at most 155 and a rest of at most 100 (Go splits at
 * the last `/` that keeps the prefix short enough).
 */
function ustarName(name) {
    if (!isAscii(name))
        return null;
    if (name.length <= NAME_SIZE)
        return { name, prefix: Buffer.alloc(0) };
    // A directory's own trailing `/` is not a place to split.
    let searched = Math.min(name.length, PREFIX_SIZE + 1);
    if (searched === name.length && name[name.length - 1] === 0x2f)
        searched--;
    const slash = name.subarray(0, searched).lastIndexOf(0x2f);
    const rest = name.length - slash - 1;
    if (slash <= 0 || rest > NAME_SIZE || rest === 0)
        return null;
    return { name: name.subarray(slash + 1), prefix: name.subarray(0, slash) };
}
function paxHeaderName(name) {
    const text = asciiOnly(name).toString('latin1');
    const slash = text.lastIndexOf('/', text.endsWith('/') ? text.length - 2 : text.length - 1);
    const dir = slash === -1 ? '' : text.slice(0, slash + 1);
    const file = text.slice(slash + 1).replace(/\/+$/, '');
    return Buffer.from(`${dir}PaxHeaders.0/${file}`.slice(0, NAME_SIZE).replace(/\/+$/, ''), 'latin1');
}
/** `<length> <key>=<value>\n`, the length counting itself. */
function paxRecord(key, value) {
    const rest = key.length + value.length + 3;
    let length = rest + String(rest).length;
    if (String(length).length + rest !== length)
        length = rest + String(length).length;
    return Buffer.concat([Buffer.from(`${length} ${key}=`, 'latin1'), value, Buffer.from('\n')]);
}
function writeOctal(block, offset, width, value) {
    block.write(value.toString(8).padStart(width - 1, '0'), offset, width - 1, 'latin1');
}
/** USTAR magic and version, then the checksum (computed with its own field as spaces). */
function finishUstar(block) {
    block.write('ustar\u000000', 257, 8, 'latin1');
    block.fill(0x20, 148, 156);
    let sum = 0;
    for (const byte of block)
        sum += byte;
    block.write(`${sum.toString(8).padStart(6, '0')}\u0000`, 148, 7, 'latin1');
}
function isAscii(bytes) {
    for (const byte of bytes)
        if (byte >= 0x80)
            return false;
    return true;
}
function asciiOnly(bytes) {
    return isAscii(bytes) ? bytes : Buffer.from(bytes.filter((byte) => byte < 0x80));
}

;// CONCATENATED MODULE: ./src/slug/pack.ts










/** go-slug compresses with gzip.BestSpeed. */
const GO_SLUG_GZIP_LEVEL = (external_node_zlib_default()).constants.Z_BEST_SPEED;
// Reading a small file costs mostly the open and close: done directly, the three system calls
// take a few microseconds, while each trip through libuv's thread pool costs several times that
// on the main thread (measured: a 200 MB, 20,000-file module packs at level 0 in 1.0 s this way,
// 1.9 s with a read stream per file). The archive is still produced as the compressor asks for it.
const SMALL_FILE = 256 * 1024;
// Larger files are streamed from disk in chunks of this size, a few opened and read ahead of
// their turn so that the disk and the compressor work at the same time.
const READ_CHUNK = 1024 * 1024;
const READ_AHEAD_STREAMS = 2;
// Entries taken from the walk ahead of the one being written.
const READ_AHEAD_ENTRIES = 64;
// The tar stream is a header, the content and the padding as separate chunks, and zlib makes a
// trip to its worker thread per chunk: gathering them first saves most of those trips
// (measured: 7.5 s instead of about 5 s for a 200 MB, 20,000-file module).
const COMPRESS_CHUNK = 256 * 1024;
const COMPRESSED_CHUNK = 64 * 1024;
/**
 * Pack the module at `root` as a gzip'd tar into `out`, as the service's own tooling packs it,
 * streaming: file contents are read from disk as they are compressed and written, with `out`'s
 * backpressure respected all the way back to the reads. `out` is ended when the archive is
 * complete and destroyed if packing fails or `signal` aborts.
 */
async function packModule(root, out, opts = {}) {
    opts.signal?.throwIfAborted();
    const report = { ignored: [], warnings: [] };
    const tally = { files: 0, entries: 0, contentBytes: 0 };
    const counter = new ByteCounter();
    const gzip = external_node_zlib_default().createGzip({ level: opts.gzipLevel ?? GO_SLUG_GZIP_LEVEL, chunkSize: COMPRESSED_CHUNK });
    const walk = walkArchiveEntries(root, report, {
        ...(opts.confinement ? { confinement: opts.confinement } : {}),
        ...(opts.signal ? { signal: opts.signal } : {}),
    });
    // Pulled as the compressor asks for more: the destination's backpressure reaches the reads.
    const tar = external_node_stream_.Readable.from(tarChunks(opts.onEntry ? tellEach(walk, opts.onEntry) : walk, tally, opts.signal), {
        objectMode: false,
        highWaterMark: COMPRESS_CHUNK,
    });
    await (0,external_node_stream_promises_.pipeline)(tar, new Gather(COMPRESS_CHUNK), gzip, counter, out, {
        ...(opts.signal ? { signal: opts.signal } : {}),
    });
    return { ...tally, bytes: counter.bytes, ignored: report.ignored, warnings: report.warnings };
}
async function* tellEach(entries, onEntry) {
    for await (const entry of entries) {
        onEntry(entry);
        yield entry;
    }
}
/** `packModule` into a new file at `file`, removed again if packing fails. */
async function packModuleToFile(root, file, opts = {}) {
    try {
        return await packModule(root, (0,external_node_fs_.createWriteStream)(file), opts);
    }
    catch (error) {
        await (0,promises_.rm)(file, { force: true });
        throw error;
    }
}
/** The tar stream of `entries`: each entry's header, content and padding, then the end blocks. */
async function* tarChunks(entries, tally, signal) {
    const iterator = entries[Symbol.asyncIterator]();
    const ahead = [];
    let streamsAhead = 0;
    let exhausted = false;
    try {
        for (;;) {
            while (!exhausted && ahead.length < READ_AHEAD_ENTRIES && streamsAhead < READ_AHEAD_STREAMS) {
                const next = await iterator.next();
                if (next.done) {
                    exhausted = true;
                    break;
                }
                const prepared = prepare(next.value);
                if (prepared.stream)
                    streamsAhead++;
                ahead.push(prepared);
            }
            const current = ahead.shift();
            if (!current)
                break;
            if (current.stream)
                streamsAhead--;
            signal?.throwIfAborted();
            yield* entryChunks(current);
            tally.entries++;
            if (current.entry.type === 'file') {
                tally.files++;
                tally.contentBytes += current.entry.size;
            }
        }
        yield END_OF_ARCHIVE;
    }
    finally {
        for (const prepared of ahead)
            prepared.stream?.destroy();
        if (!exhausted)
            await iterator.return?.();
    }
}
function prepare(entry) {
    if (entry.type !== 'file' || entry.size <= SMALL_FILE)
        return { entry };
    let stream;
    try {
        stream = (0,reader/* streamPackedFile */.VP)(entry, READ_CHUNK);
    }
    catch (error) {
        return { entry, error: error };
    }
    const prepared = { entry, stream };
    stream.on('error', (error) => {
        prepared.error ??= error;
    });
    // Start reading now, into the stream's own buffer, so the content is ready when its turn comes.
    stream.read(0);
    return prepared;
}
async function* entryChunks(prepared) {
    const { entry, stream } = prepared;
    yield encodeTarHeader(entry);
    if (entry.type !== 'file' || entry.size === 0) {
        stream?.destroy();
        return;
    }
    if (prepared.error && !stream)
        throw readError(entry, prepared.error);
    if (!stream) {
        try {
            yield (0,reader/* readPackedFileSync */.ec)(entry);
        }
        catch (error) {
            throw readError(entry, error);
        }
    }
    else {
        if (prepared.error)
            throw readError(entry, prepared.error);
        let read = 0;
        try {
            for await (const chunk of stream) {
                read += chunk.length;
                yield chunk;
            }
        }
        catch (error) {
            throw readError(entry, prepared.error ?? error);
        }
        finally {
            stream.destroy();
        }
        if (read !== entry.size)
            throw readError(entry, new Error(reader/* SIZE_MISMATCH */.DF));
    }
    const pad = padding(entry.size);
    if (pad > 0)
        yield END_OF_ARCHIVE.subarray(0, pad);
}
function readError(entry, error) {
    if (error instanceof errors/* ConfigurationError */.j1)
        return error;
    if (error.message === reader/* SIZE_MISMATCH */.DF) {
        return new errors/* ConfigurationError */.j1(`${JSON.stringify(entry.name)} changed size while it was being packed; run the step again once nothing is writing to the module directory.`);
    }
    const reason = (0,fs_errors/* describeFsError */.T)(error);
    if (reason === undefined)
        return error;
    return new errors/* ConfigurationError */.j1(`${JSON.stringify(entry.name)} cannot be read (${reason}). Fix its permissions or list it in .terraformignore.`);
}
/** Gathers small chunks into chunks of at least `size` bytes. */
class Gather extends external_node_stream_.Transform {
    #size;
    #chunks = [];
    #length = 0;
    constructor(size) {
        super();
        this.#size = size;
    }
    _transform(chunk, _encoding, callback) {
        this.#chunks.push(chunk);
        this.#length += chunk.length;
        if (this.#length >= this.#size)
            this.#release();
        callback();
    }
    _flush(callback) {
        if (this.#length > 0)
            this.#release();
        callback();
    }
    #release() {
        const chunks = this.#chunks;
        this.push(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, this.#length));
        this.#chunks = [];
        this.#length = 0;
    }
}
class ByteCounter extends external_node_stream_.Transform {
    bytes = 0;
    _transform(chunk, _encoding, callback) {
        this.bytes += chunk.length;
        callback(null, chunk);
    }
}

;// CONCATENATED MODULE: ./src/slug/index.ts






;// CONCATENATED MODULE: ./src/modes/run-module-tests/configuration-archive.ts
// The configuration archive of the module: packed into a temporary file first, so that a
// packing problem (a dangling link, an unreadable file) stops the step before any request, and
// so that each upload attempt can stream it from disk with a known length.








/**
 * The module directory as an absolute path, checked as the packer resolves it (links followed,
 * a directory at the end) and holding Terraform's configuration at its root; a
 * ConfigurationError naming the input, as the user wrote it, and why it cannot be tested, when
 * it is not a directory that can be read or it holds no `.tf` or `.tf.json` file: a test run of
 * such a directory (a policy repository's root, say) would test nothing.
 */
async function checkModuleDirectory(workspaceRoot, moduleDirectory, allowLinksOutsideRepository = false) {
    const root = (0,external_node_path_.resolve)(workspaceRoot, moduleDirectory);
    const refuse = (why) => new errors/* ConfigurationError */.j1(`Input "module-directory" is "${moduleDirectory}", which ${why}; ` +
        `give the module's root directory relative to the repository root.`);
    let resolved;
    try {
        resolved = await resolveModuleRoot(root);
    }
    catch (error) {
        if (!(error instanceof ModuleRootError))
            throw error;
        throw refuse(error.reason);
    }
    // The repository's rule before anything in it is listed: a directory reached through a link
    // that a pull request added may lie anywhere on the runner, and its names would be quoted below.
    const confinement = await (0,files_confinement/* confinementOf */.uZ)({
        directory: workspaceRoot,
        label: 'the repository',
        allowOutside: allowLinksOutsideRepository,
    });
    const refusal = (0,files_confinement/* refusalOf */.Of)(confinement, await (0,files_confinement/* realBytePath */.QX)(resolved));
    if (refusal === 'git-metadata')
        throw refuse("leads into the repository's git metadata, which is never packed");
    if (refusal === 'outside')
        throw refuse(`leads outside the repository (unless ${files_confinement/* ALLOW_LINKS_INPUT */.HW} is true)`);
    const without = await withoutTerraformFiles(root);
    if (without !== undefined)
        throw refuse(without);
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
async function withoutTerraformFiles(root) {
    let entries;
    try {
        entries = await (0,promises_.readdir)(root, { withFileTypes: true });
    }
    catch (error) {
        const reason = (0,fs_errors/* describeFsError */.T)(error);
        if (reason === undefined)
            throw error;
        return `cannot be read (${reason})`;
    }
    const files = entries.filter((e) => !e.isDirectory()).map((e) => e.name);
    if (files.some((name) => TERRAFORM_FILE.test(name)))
        return undefined;
    const directories = entries.filter((e) => e.isDirectory()).map((e) => `${e.name}/`);
    if (files.length === 0 && directories.length === 0)
        return 'is empty, with no .tf or .tf.json file';
    const listed = (names) => {
        const sorted = [...names].sort();
        const shown = sorted.slice(0, NAMES_LISTED).map((name) => (0,src_text/* quoteClipped */.Wr)(name, 60));
        return shown.join(', ') + (sorted.length > NAMES_LISTED ? ` and ${sorted.length - NAMES_LISTED} more` : '');
    };
    const parts = [
        files.length > 0 ? `${(0,src_text/* plural */.LS)(files.length, 'file')}, none .tf or .tf.json: ${listed(files)}` : '',
        directories.length > 0
            ? `${files.length > 0 ? '' : 'no file, only '}${(0,src_text/* plural */.LS)(directories.length, 'directory', 'directories')}: ${listed(directories)}`
            : '',
    ].filter((part) => part !== '');
    return `holds ${parts.join('; and ')}; Terraform reads a module's .tf and .tf.json files at its root`;
}
async function packConfiguration(moduleRoot, options) {
    // RUNNER_TEMP is emptied by the runner after each job.
    const base = options.tempDir ?? process.env.RUNNER_TEMP ?? (0,external_node_os_.tmpdir)();
    const dir = await (0,promises_.mkdtemp)((0,external_node_path_.join)(base, 'module-configuration-'));
    const remove = () => (0,promises_.rm)(dir, { recursive: true, force: true });
    const file = (0,external_node_path_.join)(dir, 'configuration.tar.gz');
    try {
        const entries = [];
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
                    onEntry: (e) => {
                        if (e.type !== 'directory')
                            entries.push(e);
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
    }
    catch (error) {
        await remove();
        if (error instanceof LinksOutsideBoundaryError) {
            throw new errors/* ConfigurationError */.j1(`${error.message} Nothing was uploaded. ${(0,files_confinement/* refusedLinksAdvice */.Wm)(error.links)}`);
        }
        if (error instanceof errors/* ConfigurationError */.j1 || options.signal?.aborted)
            throw error;
        throw new Error(`Packing the module at ${moduleRoot} failed: ${(0,errors/* getErrorMessage */.u1)(error)}`, { cause: error });
    }
}

// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
// EXTERNAL MODULE: ./src/modes/run-module-tests/module-ref.ts
var module_ref = __webpack_require__(8321);
// EXTERNAL MODULE: ./src/report/annotations.ts
var report_annotations = __webpack_require__(856);
;// CONCATENATED MODULE: ./src/files/workspace-file.ts
// A report file the step writes into the workspace (a JUnit file for the next step to publish).
// The path comes from an input and the directories on the way from the repository, which a pull
// request controls: a link on the way, or in the file's own place, that points out of the
// workspace must not let the step write over a file of the runner.


/**
 * Writes `content` to `path` (relative to `workspaceRoot`), creating the directories it needs.
 * Throws an Error saying why when the file would land outside the workspace or cannot be written.
 */
function writeWorkspaceFile(workspaceRoot, path, content) {
    const root = (0,external_node_fs_.realpathSync)(workspaceRoot);
    const target = (0,external_node_path_.resolve)(root, path);
    if (!inside(root, target))
        throw new Error(`${path} lies outside the workspace`);
    // The deepest directory on the way that exists must really be inside the workspace (a link on
    // the way would lead elsewhere); the ones created after it are new, so they are plain ones.
    let existing = (0,external_node_path_.dirname)(target);
    while (!exists(existing))
        existing = (0,external_node_path_.dirname)(existing);
    if (!inside(root, (0,external_node_fs_.realpathSync)(existing)))
        throw new Error(`${path} leads out of the workspace through a symbolic link`);
    (0,external_node_fs_.mkdirSync)((0,external_node_path_.dirname)(target), { recursive: true });
    if (!inside(root, (0,external_node_fs_.realpathSync)((0,external_node_path_.dirname)(target))))
        throw new Error(`${path} leads out of the workspace through a symbolic link`);
    // O_NOFOLLOW: a link in the file's own place is refused rather than written through; O_NONBLOCK:
    // a FIFO there is refused at once rather than waited on for a reader.
    const flags = external_node_fs_.constants.O_WRONLY |
        external_node_fs_.constants.O_CREAT |
        external_node_fs_.constants.O_TRUNC |
        (external_node_fs_.constants.O_NOFOLLOW ?? 0) |
        (external_node_fs_.constants.O_NONBLOCK ?? 0);
    let fd;
    try {
        fd = (0,external_node_fs_.openSync)(target, flags, 0o644);
    }
    catch (error) {
        if (error.code === 'ELOOP') {
            throw new Error(`${path} is a symbolic link; it is not written through`, { cause: error });
        }
        throw error;
    }
    try {
        if (!(0,external_node_fs_.fstatSync)(fd).isFile())
            throw new Error(`${path} is not a regular file; it is not written`);
        (0,external_node_fs_.writeSync)(fd, content);
    }
    finally {
        (0,external_node_fs_.closeSync)(fd);
    }
}
function inside(root, path) {
    const rel = (0,external_node_path_.relative)(root, path);
    return rel === '' || (!(0,external_node_path_.isAbsolute)(rel) && rel !== '..' && !rel.startsWith(`..${external_node_path_.sep}`));
}
function exists(path) {
    try {
        (0,external_node_fs_.lstatSync)(path);
        return true;
    }
    catch {
        return false;
    }
}

// EXTERNAL MODULE: ./src/report/neutralise.ts
var neutralise = __webpack_require__(5942);
;// CONCATENATED MODULE: ./src/modes/run-module-tests/results/test-log/summary.ts






const STATUS_EMOJI = {
    pass: '✅',
    fail: '❌',
    error: '⛔',
    skip: '⏭️',
    pending: '⏳',
};
/** Longest diagnostic detail shown in the summary; the log holds the rest. */
const MAX_DETAIL_SHOWN = 4000;
/** The annotations table gives the gist; the failures section above it has the whole detail. */
const MAX_MESSAGE_IN_TABLE = 300;
/** Failed run blocks shown with their messages; more are folded. */
const FAILURES_SHOWN = 5;
/**
 * One annotation per diagnostic that has a source position: on the file (its path relative to
 * the repository root, so that it lands on the pull request's diff) and line, an error for an
 * error and a warning otherwise. The title names the test file and run block.
 */
function testRunAnnotations(parsed, moduleDirectory, options = {}) {
    const annotations = [];
    for (const d of parsed.diagnostics) {
        if (!d.range)
            continue;
        const context = testContext(d);
        const annotation = {
            level: d.severity === 'error' ? 'error' : 'warning',
            title: context ?? d.summary,
            message: context ? joinText(d.summary, d.detail) : d.detail || d.summary,
            file: repositoryPath(moduleDirectory, d.range.filename, options.repositoryRoot),
            startLine: d.range.start.line,
        };
        const end = d.range.end;
        if (end && end.line >= d.range.start.line)
            annotation.endLine = end.line;
        // GitHub honours columns only on a single-line annotation.
        if (end && end.line === d.range.start.line && d.range.start.column !== undefined) {
            annotation.startColumn = d.range.start.column;
            if (end.column !== undefined && end.column >= d.range.start.column)
                annotation.endColumn = end.column;
        }
        annotations.push(annotation);
    }
    return annotations;
}
/**
 * The path of a file the log names (relative to the module root) as seen from the repository
 * root: `modules/vpc` + `./tests/a.tftest.hcl` → `modules/vpc/tests/a.tftest.hcl`; with the
 * module at the root (`.`), the bare file name.
 */
function repositoryPath(moduleDirectory, filename, repositoryRoot) {
    const file = filename.replace(/\\/g, '/');
    let directory = moduleDirectory.replace(/\\/g, '/').trim() || '.';
    if (repositoryRoot && external_node_path_.posix.isAbsolute(directory)) {
        directory = external_node_path_.posix.relative(repositoryRoot.replace(/\\/g, '/'), directory) || '.';
    }
    const joined = external_node_path_.posix.isAbsolute(file) ? external_node_path_.posix.normalize(file) : external_node_path_.posix.normalize(external_node_path_.posix.join(directory, file));
    return joined.replace(/^(\.\/)+/, '').replace(/\/$/, '');
}
/** The job summary of a test run. */
function renderTestRunSummary(input) {
    const { run, parsed } = input;
    const annotations = input.annotations ?? (parsed ? testRunAnnotations(parsed, input.moduleDirectory) : []);
    const channels = {
        heldBack: new Set(input.heldBackAnnotations),
        checkRun: new Set(input.checkRunAnnotations),
    };
    return (0,markdown/* joinBlocks */.x9)((0,markdown/* heading */.R_)(headline(input), 2), totalsLine(run, parsed), runLine(input), notes(input), parsed && failuresSection(parsed, input.moduleDirectory), parsed && filesSection(parsed), parsed && otherDiagnosticsSection(parsed, input.moduleDirectory), annotationsSection(annotations, channels), parsed && leftoversSection(parsed), parsed && showTail(input) && tailSection(parsed));
}
function headline(input) {
    const a = input.run.attributes;
    const suffix = input.module ? `: ${input.module}` : '';
    if (input.interruption === 'cancelled')
        return `⏹️ Module tests cancelled${suffix}`;
    // A run cancelled because the wait timed out is reported as the timeout it was.
    if (input.interruption === 'timed-out')
        return `⏱️ Module tests timed out${suffix}`;
    if (a.status === 'canceled')
        return `⏹️ Module tests cancelled${suffix}`;
    if (a.status === 'errored')
        return `⛔ Module test run errored${suffix}`;
    // A status the spec does not name says nothing of the tests, whatever test-status says.
    if (!(0,test_run_status/* isNamedStatus */.YP)(a.status))
        return `❓ Module test run ended as ${(0,test_run_status/* describeTestRunStatus */.pB)(a.status)}${suffix}`;
    const result = (0,test_run_status/* testResultOf */.v$)(input.run);
    if (result === 'failed')
        return `❌ Module tests failed${suffix}`;
    if (result === 'errored')
        return `⛔ Module tests errored${suffix}`;
    if (a.status !== 'finished')
        return `❓ Module test run still ${a.status}${suffix}`;
    if (result === 'passed')
        return `✅ Module tests passed${suffix}`;
    if (result === 'skipped')
        return `⏭️ Module tests skipped, none ran${suffix}`;
    // Spec 2.2: test-status is null until a result exists; a run that ended without one passed nothing.
    return `❓ Module test run finished without a result${suffix}`;
}
function totalsLine(run, parsed) {
    const a = run.attributes;
    const fromRun = [a['tests-passed'], a['tests-failed'], a['tests-errored'], a['tests-skipped']];
    if (fromRun.some((n) => n !== null && n !== undefined) || !parsed?.summary) {
        return (0,markdown/* countsLine */.J7)([
            ['passed', a['tests-passed']],
            ['failed', a['tests-failed']],
            ['errored', a['tests-errored']],
            ['skipped', a['tests-skipped']],
        ]);
    }
    const s = parsed.summary;
    return (0,markdown/* joinBlocks */.x9)((0,markdown/* countsLine */.J7)([
        ['passed', s.passed],
        ['failed', s.failed],
        ['errored', s.errored],
        ['skipped', s.skipped],
    ]), (0,markdown/* paragraph */.FY)('(The run gave no counts; these are from its log.)'));
}
function runLine(input) {
    const a = input.run.attributes;
    const id = input.runUrl ? (0,markdown/* link */.nf)((0,markdown/* inlineCode */.ti)(input.run.id), input.runUrl) : (0,markdown/* inlineCode */.ti)(input.run.id);
    return (0,markdown/* paragraph */.FY)('Test run', id, '· status', (0,markdown/* inlineCode */.ti)(a.status), '· test status', (0,markdown/* inlineCode */.ti)(a['test-status'] ?? 'none'));
}
function notes(input) {
    const lines = [];
    if (input.interruption === 'timed-out') {
        lines.push([
            'The action stopped waiting when the',
            (0,markdown/* inlineCode */.ti)('timeout'),
            'ran out; the results below are those known then.',
        ]);
    }
    if (input.interruption === 'cancelled')
        lines.push(['The job was cancelled, and the test run with it.']);
    for (const note of input.notes ?? [])
        lines.push([note]);
    if (input.logError !== undefined) {
        lines.push([`The test log could not be read (${input.logError}); only the run's counters are reported.`]);
    }
    const parsed = input.parsed;
    if (parsed?.interrupted && input.interruption !== 'cancelled')
        lines.push(['The test command reports that it was interrupted.']);
    if (parsed && parsed.diagnosticsOmitted > 0) {
        lines.push([`The log held ${(0,src_text/* plural */.LS)(parsed.diagnosticsOmitted, 'more diagnostic')} than are listed here.`]);
    }
    if (parsed && parsed.runBlocksOmitted > 0) {
        lines.push([
            `The log held ${(0,src_text/* plural */.LS)(parsed.runBlocksOmitted, 'more run block')} than are listed here; the counts are the run's own.`,
        ]);
    }
    if (parsed && parsed.leftoversOmitted > 0) {
        lines.push([
            `The log named ${(0,src_text/* plural */.LS)(parsed.leftoversOmitted, 'more leftover resource or entry', 'more leftover resources or entries')} than are listed here.`,
        ]);
    }
    return lines.map((parts) => (0,markdown/* paragraph */.FY)(...parts)).join('\n');
}
function filesSection(parsed) {
    if (parsed.files.length === 0)
        return '';
    // A log that times no run block (a test command without progress messages) gets no column of
    // blank cells; where it times some, a run block it did not time (one skipped) says so.
    const timed = parsed.files.some((file) => file.runs.some((r) => r.elapsedMs !== undefined));
    const parts = [(0,markdown/* heading */.R_)('Test files', 3)];
    for (const file of parsed.files) {
        parts.push((0,markdown/* heading */.R_)(`${STATUS_EMOJI[file.status]} ${file.path} (${file.status})`, 4));
        if (file.runs.length === 0)
            continue;
        parts.push((0,markdown/* table */.tp)(timed ? ['Run block', 'Result', 'Elapsed'] : ['Run block', 'Result'], file.runs.map((r) => [
            r.name,
            `${STATUS_EMOJI[r.status]} ${r.status}`,
            ...(timed ? [r.elapsedMs === undefined ? '—' : (0,format/* formatPreciseDuration */.DE)(r.elapsedMs)] : []),
        ])));
    }
    return (0,markdown/* joinBlocks */.x9)(...parts);
}
/**
 * Each failed or errored run block with its messages, where a reviewer sees them at once; past
 * the first few, the rest are folded so that a run with many failures stays readable.
 */
function failuresSection(parsed, moduleDirectory) {
    const blocks = [];
    for (const file of parsed.files) {
        const fileLevel = parsed.diagnostics.filter((d) => d.testFile === file.path && d.testRun === undefined);
        if ((file.status === 'fail' || file.status === 'error') && fileLevel.length > 0) {
            blocks.push({
                label: (0,markdown/* html */.qy)(`${STATUS_EMOJI[file.status]} ${(0,markdown/* renderHtml */.K2)(file.path)}: ${file.status}`),
                body: diagnosticsMarkdown(fileLevel, moduleDirectory),
            });
        }
        for (const run of file.runs) {
            if (run.status !== 'fail' && run.status !== 'error')
                continue;
            const own = parsed.diagnostics.filter((d) => d.testFile === file.path && d.testRun === run.name);
            blocks.push({
                label: (0,markdown/* html */.qy)(`${STATUS_EMOJI[run.status]} ${(0,markdown/* renderHtml */.K2)(file.path)} › run ${(0,markdown/* renderHtml */.K2)(`"${run.name}"`)}: ${run.status}`),
                body: own.length > 0
                    ? diagnosticsMarkdown(own, moduleDirectory)
                    : (0,markdown/* paragraph */.FY)('The log gives no diagnostic for this run block.'),
            });
        }
    }
    if (blocks.length === 0)
        return '';
    const shown = blocks.slice(0, FAILURES_SHOWN);
    const folded = blocks.slice(FAILURES_SHOWN);
    return (0,markdown/* joinBlocks */.x9)((0,markdown/* heading */.R_)(`Failed and errored run blocks (${blocks.length})`, 3), ...shown.map((b) => (0,markdown/* joinBlocks */.x9)((0,markdown/* paragraph */.FY)((0,markdown/* strong */.ko)(b.label)), b.body)), folded.length > 0 &&
        (0,markdown/* details */.zH)(`${(0,src_text/* plural */.LS)(folded.length, 'more failed or errored run block')}`, (0,markdown/* joinBlocks */.x9)(...folded.map((b) => (0,markdown/* joinBlocks */.x9)((0,markdown/* paragraph */.FY)((0,markdown/* strong */.ko)(b.label)), b.body)))));
}
/** Diagnostics the failures section does not show: warnings of passing runs, errors outside any test. */
function otherDiagnosticsSection(parsed, moduleDirectory) {
    const failed = new Set();
    for (const file of parsed.files) {
        if (file.status === 'fail' || file.status === 'error')
            failed.add(contextKey(file.path, undefined));
        for (const run of file.runs) {
            if (run.status === 'fail' || run.status === 'error')
                failed.add(contextKey(file.path, run.name));
        }
    }
    const others = parsed.diagnostics.filter((d) => d.testFile === undefined || !failed.has(contextKey(d.testFile, d.testRun)));
    if (others.length === 0)
        return '';
    const errors = others.filter((d) => d.severity === 'error').length;
    const warnings = others.length - errors;
    const label = `Other diagnostics: ${(0,src_text/* plural */.LS)(errors, 'error')}, ${(0,src_text/* plural */.LS)(warnings, 'warning')}`;
    return (0,markdown/* joinBlocks */.x9)((0,markdown/* heading */.R_)('Other diagnostics', 3), (0,markdown/* details */.zH)(label, diagnosticsMarkdown(others, moduleDirectory), { open: errors > 0 }));
}
function annotationsSection(annotations, channels) {
    if (annotations.length === 0)
        return '';
    const kept = annotations.filter((a) => channels.heldBack.has(a)).length;
    const sent = annotations.filter((a) => channels.checkRun.has(a)).length;
    const note = kept > 0
        ? (0,markdown/* paragraph */.FY)(`GitHub shows at most ${report_annotations/* GITHUB_ANNOTATIONS_PER_LEVEL */.o2} annotations of each level per step, ` +
            `the step's own warnings and errors among them: ${kept} of these ${annotations.length} ${kept === 1 ? 'is' : 'are'} listed only here.`)
        : '';
    const onTheDiff = (a) => {
        if (channels.checkRun.has(a))
            return 'sent to the check run';
        return channels.heldBack.has(a) ? 'summary only' : 'yes';
    };
    const rows = annotations.map((a) => [
        a.level,
        (0,markdown/* inlineCode */.ti)(a.startLine ? `${a.file ?? ''}:${a.startLine}` : (a.file ?? '')),
        a.title ?? '',
        (0,src_text/* clip */.$Q)(a.message, MAX_MESSAGE_IN_TABLE),
        onTheDiff(a),
    ]);
    const listed = (0,markdown/* table */.tp)(['Level', 'Location', 'Test', 'Message', 'On the diff'], rows);
    if (kept > 0)
        return (0,markdown/* joinBlocks */.x9)((0,markdown/* heading */.R_)('Annotations', 3), note, listed);
    // None held back: the table only repeats what the failures above say, so it is folded. Those
    // sent to the check run are not said to be on the diff: GitHub answers after this is written
    // (main.ts adds a paragraph when it did not take them).
    const where = sent === 0 ? 'all on the diff' : `${sent === annotations.length ? 'all' : sent} sent to the check run`;
    return (0,markdown/* details */.zH)(`Annotations: ${(0,src_text/* plural */.LS)(annotations.length, 'annotation')}, ${where}`, listed);
}
function leftoversSection(parsed) {
    const withResources = parsed.leftovers.filter((l) => l.resources.length > 0 || l.message !== '');
    if (withResources.length === 0)
        return '';
    const blocks = withResources.map((l) => (0,markdown/* joinBlocks */.x9)((0,markdown/* paragraph */.FY)((0,markdown/* strong */.ko)(contextLabel(l.testFile, l.testRun) ?? 'Test run'), l.message), l.resources.length > 0 ? (0,markdown/* codeBlock */.DV)(l.resources.join('\n')) : ''));
    return (0,markdown/* joinBlocks */.x9)((0,markdown/* heading */.R_)('⚠️ Resources that may need cleaning up by hand', 3), (0,markdown/* paragraph */.FY)('The test command could not destroy everything the tests created:'), ...blocks);
}
function showTail(input) {
    const parsed = input.parsed;
    if (!parsed || parsed.tail.length === 0)
        return false;
    return input.run.attributes.status === 'errored' || parsed.files.length === 0;
}
function tailSection(parsed) {
    return (0,markdown/* details */.zH)(`Last ${(0,src_text/* plural */.LS)(parsed.tail.length, 'line')} of the test log`, (0,markdown/* codeBlock */.DV)(parsed.tail.join('\n'), 'text'), {
        open: true,
    });
}
function diagnosticsMarkdown(diagnostics, moduleDirectory) {
    return (0,markdown/* joinBlocks */.x9)(...diagnostics.map((d) => {
        const where = d.range
            ? (0,markdown/* inlineCode */.ti)(`${repositoryPath(moduleDirectory, d.range.filename)}:${d.range.start.line}`)
            : '';
        const label = d.severity === 'error' ? 'Error:' : d.severity === 'warning' ? 'Warning:' : 'Note:';
        const detail = (0,src_text/* clip */.$Q)(d.detail, MAX_DETAIL_SHOWN);
        return (0,markdown/* joinBlocks */.x9)((0,markdown/* paragraph */.FY)((0,markdown/* strong */.ko)(label), d.summary, where ? 'at' : '', where), d.address ? (0,markdown/* paragraph */.FY)('Resource', (0,markdown/* inlineCode */.ti)(d.address)) : '', d.snippet ? (0,markdown/* codeBlock */.DV)(numberLines(d.snippet.code, d.snippet.startLine), 'hcl') : '', detail ? (0,markdown/* codeBlock */.DV)(detail, 'text') : '');
    }));
}
function numberLines(code, startLine) {
    if (startLine === undefined)
        return code;
    const lines = code.split('\n');
    const width = String(startLine + lines.length - 1).length;
    return lines.map((line, i) => `${String(startLine + i).padStart(width)} | ${line}`).join('\n');
}
function testContext(d) {
    return contextLabel(d.testFile, d.testRun);
}
function contextLabel(testFile, testRun) {
    if (testFile && testRun)
        return `${testFile} › run "${testRun}"`;
    if (testFile)
        return testFile;
    if (testRun)
        return `run "${testRun}"`;
    return undefined;
}
function contextKey(testFile, testRun) {
    return JSON.stringify([testFile ?? null, testRun ?? null]);
}
function joinText(summary, detail) {
    return detail ? `${summary}\n\n${detail}` : summary;
}

;// CONCATENATED MODULE: ./src/modes/run-module-tests/results/junit.ts
/**
 * A test run's results as JUnit XML, in the form the common reporters read (Jenkins, GitLab's
 * `artifacts:reports:junit`, the JUnit report actions) and the test command's own `-junit-xml`
 * writes: one `testsuite` per test file, one `testcase` per run block (`classname` the file,
 * `name` the block, `time` in seconds), a `failure` for a failed block with its assertion
 * messages at their file and line, an `error` for an errored one, `skipped` for one that did not
 * run. `tests`, `failures`, `errors` and `skipped` are counted on every level.
 *
 * A run without a result of its own (cancelled, timed out, errored, lost, finished without a
 * `test-status`) adds one test case for the run as a whole holding an `error` that says why: a
 * report of no test cases, or of passes and skips only, reads as green in every reporter.
 *
 * Pure: text in, text out. Everything in it came from the log or the service, so every string is
 * escaped, characters XML 1.0 cannot hold (control characters, lone surrogates) are removed, and
 * no one is mentioned (a reporter posts these names and messages where GitHub renders them), but
 * in a `file` attribute, which reporters match against the repository's paths.
 */



/** The JUnit XML document of a test run. */
function renderJUnitReport(input) {
    const missing = missingResult(input);
    const suites = input.parsed ? suitesFromLog(input.parsed, input) : [suiteWithoutLog(input, missing)];
    const errored = suites.some((s) => s.cases.some((c) => c.result?.element === 'error'));
    // An errored run whose log already holds its errored run blocks says why by itself.
    if (input.parsed && missing && !(missing.type === 'errored' && errored)) {
        suites.push({ name: input.name, cases: [runCase(input, missing)] });
    }
    return renderSuites(input.name, suites);
}
/**
 * The JUnit XML document of a step that ended before it had a test run (the job was cancelled,
 * the upload failed): one test case holding an `error` with the step's reason.
 */
function renderJUnitWithoutRun(name, ended, reason) {
    const type = ended === 'cancelled' ? 'cancelled' : 'no result';
    return renderSuites(name, [
        { name, cases: [{ name: 'test run', classname: name, result: { element: 'error', type, message: reason } }] },
    ]);
}
function renderSuites(name, suites) {
    const total = tally(suites.flatMap((s) => s.cases));
    const lines = ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites${attributes({ name, ...total })}>`];
    for (const suite of suites) {
        const counts = tally(suite.cases);
        lines.push(`  <testsuite${attributes({ name: suite.name, ...counts, file: suite.file })}>`);
        for (const c of suite.cases) {
            const attrs = attributes({
                name: c.name,
                classname: c.classname,
                time: seconds(c.timeMs),
                file: c.file,
                line: c.line,
            });
            if (!c.result) {
                lines.push(`    <testcase${attrs}/>`);
                continue;
            }
            const { element, message, type, text } = c.result;
            const head = `<${element}${attributes({ message, type })}`;
            lines.push(`    <testcase${attrs}>`);
            lines.push(text === undefined ? `      ${head}/>` : `      ${head}>${escapeText((0,neutralise/* neutraliseMentions */.yY)(text))}</${element}>`);
            lines.push('    </testcase>');
        }
        if (suite.systemErr !== undefined)
            lines.push(`    <system-err>${escapeText((0,neutralise/* neutraliseMentions */.yY)(suite.systemErr))}</system-err>`);
        lines.push('  </testsuite>');
    }
    lines.push('</testsuites>', '');
    return lines.join('\n');
}
function suitesFromLog(parsed, input) {
    return parsed.files.map((file) => {
        const path = repositoryPath(input.moduleDirectory, file.path, input.repositoryRoot);
        const ofFile = parsed.diagnostics.filter((d) => d.testFile === file.path);
        const suite = {
            name: file.path,
            file: path,
            cases: file.runs.map((run) => blockCase(run, file.path, path, ofFile.filter((d) => d.testRun === run.name), input)),
        };
        const fileLevel = ofFile.filter((d) => d.testRun === undefined);
        if (fileLevel.length > 0)
            suite.systemErr = fileLevel.map((d) => diagnosticText(d, input)).join('\n\n');
        return suite;
    });
}
function blockCase(run, logPath, path, diagnostics, input) {
    const c = { name: run.name, classname: logPath, file: path };
    if (run.elapsedMs !== undefined && run.status !== 'skip' && run.status !== 'pending')
        c.timeMs = run.elapsedMs;
    const errors = diagnostics.filter((d) => d.severity === 'error');
    // The line a reporter puts its own annotation on: the first problem in the test file itself.
    const inFile = errors.find((d) => d.range?.filename === logPath);
    if ((run.status === 'fail' || run.status === 'error') && inFile?.range)
        c.line = inFile.range.start.line;
    const result = resultOf(run.status, errors.length > 0 ? errors : diagnostics, input);
    if (result)
        c.result = result;
    return c;
}
function resultOf(status, diagnostics, input) {
    switch (status) {
        case 'pass':
            return undefined;
        case 'skip':
            return {
                element: 'skipped',
                message: 'The test command skipped this run block (an earlier one in its file errored, for example).',
            };
        case 'pending':
            return {
                element: 'skipped',
                message: `Not run: ${input.unfinished ?? 'the test run ended before this run block finished'}.`,
            };
        case 'fail':
        case 'error': {
            const element = status === 'fail' ? 'failure' : 'error';
            const first = diagnostics[0];
            if (!first) {
                return {
                    element,
                    message: `The run block ${status === 'fail' ? 'failed' : 'errored'}; the log gives no diagnostic for it.`,
                };
            }
            const message = diagnostics.length === 1
                ? oneLine(first, input)
                : `${diagnostics.length} problems; the first: ${oneLine(first, input)}`;
            return {
                element,
                message,
                type: first.summary || undefined,
                text: diagnostics.map((d) => diagnosticText(d, input)).join('\n\n'),
            };
        }
    }
}
/** Undefined when the run finished with a result (a `test-status` of `pass`, `fail`, `error` or `skip`). */
function missingResult(input) {
    const { id, attributes: a } = input.run;
    const status = (0,test_run_status/* describeTestRunStatus */.pB)(a.status);
    switch (input.interruption) {
        case 'cancelled':
            return { type: 'cancelled', message: `Cancelled: the job was cancelled, and test run ${id} with it.` };
        case 'timed-out':
            return {
                type: 'timed out',
                message: `Timed out: the wait for test run ${id} ran out while it was ${status}.`,
            };
        case 'lost':
            return {
                type: 'no result',
                message: `No result: test run ${id} could not be followed to its end (last seen ${status}).`,
            };
        case undefined:
            break;
    }
    if (a.status === 'canceled') {
        return { type: 'cancelled', message: `Cancelled: test run ${id} was cancelled before it finished.` };
    }
    if (a.status === 'errored')
        return { type: 'errored', message: `Errored: test run ${id} errored without a result for its run blocks.` };
    if (!(0,test_run_status/* isNamedStatus */.YP)(a.status)) {
        return { type: 'no result', message: `No result: test run ${id} ended as ${status}.` };
    }
    if (a.status !== 'finished')
        return { type: 'no result', message: `No result: test run ${id} is still ${status}.` };
    if ((0,test_run_status/* testResultOf */.v$)(input.run) === 'none') {
        return {
            type: 'no result',
            message: `No result: test run ${id} finished, but its test-status is ${JSON.stringify(a['test-status'] ?? null)}.`,
        };
    }
    return undefined;
}
/** The one test case that stands for the run as a whole. */
function runCase(input, missing, more = '') {
    return {
        name: `test run ${input.run.id}`,
        classname: input.name,
        result: { element: 'error', type: missing.type, message: `${missing.message}${more}` },
    };
}
/** The run's counters when the log could not be read: one test case for the run as a whole. */
function suiteWithoutLog(input, missing) {
    const a = input.run.attributes;
    const counts = `${a['tests-passed'] ?? 0} passed, ${a['tests-failed'] ?? 0} failed, ${a['tests-errored'] ?? 0} errored, ${a['tests-skipped'] ?? 0} skipped`;
    const why = `The test log could not be read (${input.logError ?? 'no log'}); the test run reports ${counts}.`;
    if (missing)
        return { name: input.name, cases: [runCase(input, missing, ` ${why}`)], systemErr: why };
    const c = { name: `test run ${input.run.id}`, classname: input.name };
    const result = (0,test_run_status/* testResultOf */.v$)(input.run);
    if (result === 'failed')
        c.result = { element: 'failure', message: why };
    if (result === 'errored')
        c.result = { element: 'error', type: 'errored', message: why };
    return { name: input.name, cases: [c], systemErr: why };
}
/** `Error: Test assertion failed` / `at tests/a.tftest.hcl:23` / the code / the message. */
function diagnosticText(d, input) {
    const label = d.severity === 'error' ? 'Error' : d.severity === 'warning' ? 'Warning' : 'Note';
    const lines = [`${label}: ${d.summary}`];
    if (d.range)
        lines.push(`  at ${repositoryPath(input.moduleDirectory, d.range.filename, input.repositoryRoot)}:${d.range.start.line}`);
    if (d.address)
        lines.push(`  resource ${d.address}`);
    if (d.snippet) {
        const start = d.snippet.startLine;
        d.snippet.code
            .split('\n')
            .forEach((code, i) => lines.push(start === undefined ? `  | ${code}` : `  ${start + i} | ${code}`));
    }
    if (d.detail)
        lines.push('', d.detail);
    return lines.join('\n');
}
function oneLine(d, input) {
    const detail = d.detail
        .split('\n')
        .find((l) => l.trim() !== '')
        ?.trim();
    const where = d.range
        ? ` (${repositoryPath(input.moduleDirectory, d.range.filename, input.repositoryRoot)}:${d.range.start.line})`
        : '';
    return `${detail ? `${d.summary}: ${detail}` : d.summary}${where}`;
}
function tally(cases) {
    let timed = 0;
    let anyTime = false;
    for (const c of cases) {
        if (c.timeMs === undefined)
            continue;
        anyTime = true;
        timed += c.timeMs;
    }
    const count = (element) => cases.filter((c) => c.result?.element === element).length;
    return {
        tests: cases.length,
        failures: count('failure'),
        errors: count('error'),
        skipped: count('skipped'),
        time: anyTime ? seconds(timed) : undefined,
    };
}
function seconds(ms) {
    return ms === undefined ? undefined : (ms / 1000).toFixed(3);
}
function attributes(values) {
    return Object.entries(values)
        .filter((entry) => entry[1] !== undefined)
        .map(([key, value]) => ` ${key}="${escapeAttribute(key === 'file' ? String(value) : (0,neutralise/* neutraliseMentions */.yY)(String(value)))}"`)
        .join('');
}
/**
 * Characters XML 1.0 allows (its `Char` production): tab, newline, carriage return, and from
 * U+0020 on, without the surrogates and U+FFFE/U+FFFF. The rest cannot appear even escaped.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
function xmlSafe(text) {
    return text.replace(NOT_XML_CHAR, '');
}
function escapeText(text) {
    return xmlSafe(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
/** Line breaks and tabs as references, or a parser would turn them into spaces. */
function escapeAttribute(text) {
    return escapeText(text)
        .replace(/"/g, '&quot;')
        .replace(/\t/g, '&#9;')
        .replace(/\n/g, '&#10;')
        .replace(/\r/g, '&#13;');
}

// EXTERNAL MODULE: ./src/modes/run-module-tests/test-run/other-runs.ts
var other_runs = __webpack_require__(8631);
;// CONCATENATED MODULE: ./src/modes/run-module-tests/results/report.ts
// What the mode hands to the reporter: annotations, outputs, the job summary and whether the step
// fails, for every way a run can end (final, timed out, cancelled with the job) and for a step
// that stopped before any run existed.











const MAX_DIAGNOSTICS_IN_RESULT = 100;
/**
 * The report of a run the step followed: to its end, or until it stopped it. `sink`: the step's,
 * read for the room it has left for annotations, so this is made when the step has written all
 * but its report (main.ts writes the annotations before anything else).
 */
function testRunResult(tested, setup, started, ending, sink) {
    const { inputs } = tested;
    const { run, interruption } = ending;
    const { parsed } = ending.log;
    const a = run.attributes;
    const label = (0,module_ref/* moduleLabel */.$)(tested.module);
    const annotations = parsed
        ? testRunAnnotations(parsed, inputs.moduleDirectory, { repositoryRoot: tested.workspaceRoot })
        : [];
    // The JUnit file first: one that could not be written is one more annotation, and it comes
    // before the run's, so that it is the first GitHub's cap keeps of what room is left (each of
    // the run's is in the summary's table whatever the cap keeps).
    const junit = writeJUnit(tested, ending, label);
    const annotated = junit.warning ? [junit.warning, ...annotations] : annotations;
    // Those sent to the check run, and those GitHub's cap keeps from the workflow commands: what
    // main.ts's emitAnnotations will hold back of the same annotations, on the same sink, since
    // nothing is written through it between this result and that emit.
    const routes = (0,report_annotations/* routeAnnotations */.qY)(annotated, tested.annotationsOnCheckRun);
    const { heldBack } = (0,report_annotations/* capForSink */.Dd)(sink, routes.asCommands);
    const { title, failure, conclusion, testsFailed } = verdictOf(run, interruption, inputs, label);
    const notes = notesOf(run, interruption, started, inputs, testsFailed);
    // For the job's own readers only: the other runs it stopped, and the file in its workspace.
    const jobNotes = [(0,other_runs/* otherRunsNote */.h3)(ending.others, setup.version?.id, run.id), junit.note ?? ''].filter((n) => n !== '');
    const summaryInput = {
        run,
        moduleDirectory: inputs.moduleDirectory,
        annotations,
        heldBackAnnotations: heldBack,
        checkRunAnnotations: routes.onCheckRun,
        module: label,
        notes,
    };
    if (parsed)
        summaryInput.parsed = parsed;
    if (ending.log.error !== undefined)
        summaryInput.logError = ending.log.error;
    if (interruption !== undefined)
        summaryInput.interruption = interruption.kind;
    const runDetails = detailsSection(tested, setup);
    return {
        title,
        summary: (0,markdown/* joinBlocks */.x9)(renderTestRunSummary({ ...summaryInput, notes: [...notes, ...jobNotes] }), runDetails),
        publishedSummary: (0,markdown/* joinBlocks */.x9)(renderTestRunSummary(summaryInput), runDetails),
        annotations: annotated,
        outputs: {
            'junit-file': junit.path,
            'test-run-id': run.id,
            status: a.status,
            'test-status': a['test-status'] ?? '',
            'tests-passed': a['tests-passed'],
            'tests-failed': a['tests-failed'],
            'tests-errored': a['tests-errored'],
            'tests-skipped': a['tests-skipped'],
            result: resultJson(tested, setup, started, ending, annotations),
        },
        failure: failure === null ? null : (0,errors/* stepFailure */.nK)(failure),
        conclusion,
    };
}
/** The verdict on a run the step followed: the check run's title and conclusion, and the step's failure, if any. */
function verdictOf(run, interruption, inputs, label) {
    const a = run.attributes;
    const result = (0,test_run_status/* testResultOf */.v$)(run);
    const testsFailed = result === 'failed' || result === 'errored' || a.status === 'errored';
    let failure = null;
    let conclusion;
    let title;
    if (interruption?.kind === 'cancelled') {
        title = `Module tests cancelled: ${label}`;
        failure = `The step was cancelled: ${interruption.note}`;
        conclusion = 'cancelled';
    }
    else if (interruption?.kind === 'timed-out') {
        title = `Module tests timed out: ${label}`;
        failure =
            `Timed out after ${(0,format/* formatDuration */.a3)(inputs.timeoutMs)} waiting for test run ${run.id} (still ${(0,test_run_status/* describeTestRunStatus */.pB)(interruption.statusAtTimeout)}); ` +
                `${interruption.note} Raise the timeout input if the tests need longer.`;
        conclusion = 'timed_out';
    }
    else if (interruption?.kind === 'lost') {
        title = `Test run ${run.id} could not be followed to its end`;
        failure =
            `Test run ${run.id} could not be followed to its end (last seen ${(0,test_run_status/* describeTestRunStatus */.pB)(a.status)}): ` +
                `${interruption.error}. ${(0,src_text/* capitalise */.sK)(interruption.note)}`;
        conclusion = 'failure';
    }
    else if (a.status === 'canceled') {
        title = `Test run ${run.id} was cancelled`;
        failure = `Test run ${run.id} was cancelled before it finished (not by this step).`;
        conclusion = 'cancelled';
    }
    else if (!(0,test_run_status/* isNamedStatus */.YP)(a.status)) {
        // No success the spec does not promise: a final status it does not name says nothing of the tests.
        title = `Test run ${run.id} ended in a status the service's API documentation does not name: ${label}`;
        failure = `Test run ${run.id} ended as ${(0,test_run_status/* describeTestRunStatus */.pB)(a.status)}: nothing says whether the tests passed.`;
        conclusion = 'failure';
    }
    else if (a.status === 'finished' && result === 'none') {
        // Spec 2.2: test-status is null until a result exists (the service says `pending`). Not a
        // test failure, so fail-on-test-failure does not excuse it.
        title = `Test run ${run.id} has no result: ${label}`;
        failure = `Test run ${run.id} finished without a result: its test-status is ${JSON.stringify(a['test-status'] ?? null)}, so nothing says the tests passed.`;
        conclusion = 'failure';
    }
    else if (testsFailed) {
        const verb = result === 'errored' ? 'errored' : 'failed';
        title =
            a.status === 'errored' ? `Test run errored: ${label}` : `Module tests ${verb}: ${label} (${countsText(run)})`;
        const what = a.status === 'errored'
            ? `Test run ${run.id} errored`
            : `Module tests ${verb}: ${countsText(run)} (test run ${run.id})`;
        failure = inputs.failOnTestFailure ? `${what}; see the annotations and the job summary.` : null;
        conclusion = inputs.failOnTestFailure ? 'failure' : 'neutral';
    }
    else if (a.status === 'finished' && result === 'passed') {
        title = `Module tests passed: ${label} (${countsText(run)})`;
        conclusion = 'success';
    }
    else if (a.status === 'finished' && result === 'skipped') {
        // As the test command itself: no test failed, so the step does not fail; but nothing was
        // tested, which the check run and the summary say rather than a pass.
        title = `Module tests skipped, none ran: ${label} (${countsText(run)})`;
        conclusion = 'neutral';
    }
    else {
        // Only a run followed to its end gets here; should one not have ended, it is no success.
        title = `Test run ${run.id} did not end: ${label}`;
        failure = `Test run ${run.id} is still ${(0,test_run_status/* describeTestRunStatus */.pB)(a.status)}; it has no result.`;
        conclusion = 'failure';
    }
    return { title, failure, conclusion, testsFailed };
}
/** What the summary says beside the results, for every reader: how far the run and the step's own wishes agreed. */
function notesOf(run, interruption, started, inputs, testsFailed) {
    const a = run.attributes;
    const result = (0,test_run_status/* testResultOf */.v$)(run);
    // How the run was started (adopted or created) is the log's (start.ts says it there): a
    // reader of the results cannot act on it.
    const notes = [];
    if (result === 'skipped' && interruption === undefined && a.status === 'finished') {
        notes.push('Every test was skipped (test-status skip): no test ran, so nothing was tested.');
    }
    if (started.differences.length > 0) {
        notes.push(`The service did not keep every requested option: ${started.differences.join('; ')}.`);
    }
    if (interruption?.kind === 'lost')
        notes.push(`The run could not be followed to its end: ${interruption.error}.`);
    // The note is written to follow "The step was cancelled: "; on its own it is a sentence.
    if (interruption !== undefined)
        notes.push((0,src_text/* capitalise */.sK)(interruption.note));
    if (testsFailed &&
        !inputs.failOnTestFailure &&
        interruption?.kind !== 'cancelled' &&
        interruption?.kind !== 'timed-out') {
        notes.push('With fail-on-test-failure set to false, the step succeeds although tests failed.');
    }
    return notes;
}
/** Why run blocks without a final status did not finish, as the JUnit report says it. */
const UNFINISHED = {
    cancelled: 'the job was cancelled, and the test run with it',
    'timed-out': 'the wait for the test run timed out',
    lost: 'the test run could not be followed to its end',
};
/**
 * The `junit-file` input: the results as JUnit XML in the workspace, for a reporter to publish.
 * A file that cannot be written is a warning: the tests ran, and their results are reported.
 */
function writeJUnit(tested, ending, label) {
    const path = tested.inputs.junitFile;
    if (path === '')
        return { path: '' };
    const input = {
        name: `Module tests: ${label}`,
        run: ending.run,
        moduleDirectory: tested.inputs.moduleDirectory,
        repositoryRoot: tested.workspaceRoot,
    };
    if (ending.log.parsed)
        input.parsed = ending.log.parsed;
    if (ending.log.error !== undefined)
        input.logError = ending.log.error;
    if (ending.interruption !== undefined) {
        input.unfinished = UNFINISHED[ending.interruption.kind];
        input.interruption = ending.interruption.kind;
    }
    return writeJUnitFile(tested, renderJUnitReport(input));
}
/** A file that cannot be written is a warning: the tests ran, and their results are reported. */
function writeJUnitFile(tested, xml) {
    const path = tested.inputs.junitFile;
    try {
        writeWorkspaceFile(tested.workspaceRoot, path, xml);
        return { path, note: `The results are written as JUnit XML to ${path}.` };
    }
    catch (error) {
        const message = `junit-file: the JUnit report was not written to ${path}: ${(0,errors/* getErrorMessage */.u1)(error)}`;
        return { path: '', note: `${message}.`, warning: { level: 'warning', title: 'JUnit report', message } };
    }
}
/** The outputs of a step that has no test run to speak of (a dry run, a step that ended early). */
const NO_TEST_RUN_OUTPUTS = {
    'junit-file': '',
    'test-run-id': '',
    status: '',
    'test-status': '',
    'tests-passed': '',
    'tests-failed': '',
    'tests-errored': '',
    'tests-skipped': '',
};
/**
 * The step ended before it had a test run to follow: a failure, or a cancelled job. `others`:
 * runs of the configuration version (started by the service on upload) that it stopped.
 */
function noRunResult(tested, setup, notRun, others) {
    const label = (0,module_ref/* moduleLabel */.$)(tested.module);
    const cancelled = notRun.kind === 'cancelled';
    const headline = cancelled ? `⏹️ Module tests cancelled: ${label}` : `❌ Module tests not run: ${label}`;
    const othersNote = (0,other_runs/* otherRunsNote */.h3)(others, setup.version?.id);
    const junit = tested.inputs.junitFile === ''
        ? { path: '' }
        : writeJUnitFile(tested, renderJUnitWithoutRun(`Module tests: ${label}`, notRun.kind, notRun.note));
    const top = (0,markdown/* heading */.R_)(headline);
    const runDetails = detailsSection(tested, setup);
    return {
        title: cancelled ? `Module tests cancelled: ${label}` : `Module tests not run: ${label}`,
        summary: (0,markdown/* joinBlocks */.x9)(top, (0,markdown/* paragraph */.FY)(notRun.note), othersNote && (0,markdown/* paragraph */.FY)(othersNote), junit.note !== undefined && (0,markdown/* paragraph */.FY)(junit.note), runDetails),
        publishedSummary: (0,markdown/* joinBlocks */.x9)(top, (0,markdown/* paragraph */.FY)(notRun.note), runDetails),
        annotations: junit.warning ? [junit.warning] : [],
        outputs: {
            ...NO_TEST_RUN_OUTPUTS,
            'junit-file': junit.path,
            result: {
                module: label,
                'configuration-version-id': setup.version?.id ?? null,
                'test-run-id': null,
                canceled: cancelled,
                error: notRun.note,
                'other-runs': others.map(({ id, outcome }) => ({ id, outcome })),
            },
        },
        failure: (0,errors/* stepFailure */.nK)(notRun.note),
        conclusion: cancelled ? 'cancelled' : 'failure',
    };
}
/** The run options asked for, the archive and the variables: what a reader checks when a result surprises. */
function detailsSection(tested, setup) {
    const { inputs, configuration } = tested;
    const rows = [];
    if (setup.version)
        rows.push(['Configuration version', setup.version.id]);
    rows.push([
        'Configuration archive',
        `${(0,src_text/* plural */.LS)(configuration.files, 'file')}, ${(0,format/* formatBytes */.z3)(configuration.bytes)}` +
            (configuration.ignored > 0
                ? `, ${(0,src_text/* plural */.LS)(configuration.ignored, 'path')} left out by .terraformignore and the defaults`
                : ''),
    ]);
    rows.push(['module-directory', inputs.moduleDirectory]);
    rows.push(['test-directory', inputs.testDirectory]);
    rows.push(['test-filters', inputs.testFilters.length > 0 ? inputs.testFilters.join(', ') : 'all test files']);
    rows.push([
        'test-variables',
        inputs.testVariables.length > 0 ? inputs.testVariables.map((v) => v.key).join(', ') : 'none',
    ]);
    rows.push(['verbose', String(inputs.verbose)]);
    if (setup.variables) {
        const { created, updated, deleted } = setup.variables;
        const parts = [
            created.length > 0 ? `created ${created.join(', ')}` : '',
            updated.length > 0 ? `updated ${updated.join(', ')}` : '',
            deleted.length > 0 ? `deleted ${deleted.join(', ')}` : '',
        ];
        const text = parts.filter((p) => p !== '').join('; ');
        if (text !== '')
            rows.push(['Test environment variables (sensitive)', text]);
    }
    return (0,markdown/* details */.zH)('Run details', (0,markdown/* table */.tp)(['Setting', 'Value'], rows));
}
function resultJson(tested, setup, started, ending, annotations) {
    const a = ending.run.attributes;
    const parsed = ending.log.parsed;
    return {
        module: (0,module_ref/* moduleLabel */.$)(tested.module),
        'configuration-version-id': setup.version?.id ?? null,
        'test-run-id': ending.run.id,
        status: a.status,
        'test-status': a['test-status'],
        'tests-passed': a['tests-passed'],
        'tests-failed': a['tests-failed'],
        'tests-errored': a['tests-errored'],
        'tests-skipped': a['tests-skipped'],
        adopted: started.adopted,
        'other-runs': ending.others.map(({ id, outcome }) => ({ id, outcome })),
        'timed-out': ending.interruption?.kind === 'timed-out',
        canceled: ending.interruption?.kind === 'cancelled',
        'log-read': parsed !== undefined,
        files: (parsed?.files ?? []).map((f) => ({
            path: f.path,
            status: f.status,
            runs: f.runs.map((r) => ({ name: r.name, status: r.status })),
        })),
        annotations: annotations.slice(0, MAX_DIAGNOSTICS_IN_RESULT).map((x) => ({
            level: x.level,
            file: x.file ?? null,
            line: x.startLine ?? null,
            title: x.title ?? null,
            message: x.message,
        })),
    };
}
function countsText(run) {
    const a = run.attributes;
    const parts = [`${a['tests-passed'] ?? 0} passed`];
    if (a['tests-failed'])
        parts.push(`${a['tests-failed']} failed`);
    if (a['tests-errored'])
        parts.push(`${a['tests-errored']} errored`);
    if (a['tests-skipped'])
        parts.push(`${a['tests-skipped']} skipped`);
    return parts.join(', ');
}

// EXTERNAL MODULE: ./src/lifetime/budgets.ts
var budgets = __webpack_require__(2697);
// EXTERNAL MODULE: ./src/lifetime/deadline.ts
var lifetime_deadline = __webpack_require__(8451);
// EXTERNAL MODULE: ./src/lifetime/grace.ts
var grace = __webpack_require__(7603);
// EXTERNAL MODULE: ./src/lifetime/poll.ts
var poll = __webpack_require__(666);
// EXTERNAL MODULE: ./src/create-once.ts
var create_once = __webpack_require__(9481);
// EXTERNAL MODULE: ./src/service/errors.ts
var service_errors = __webpack_require__(5756);
;// CONCATENATED MODULE: ./src/modes/run-module-tests/test-variables.ts
// The module's test environment variables (inputs `test-env-variables` and
// `test-env-variables-prune`, spec 2.4 and 4.2): category `env`, sensitive, matched by key;
// existing ones updated by id, missing ones created, and with prune the ones the input no longer
// names deleted. Values are never logged: only keys appear in messages.
/** What setting `variables` does to the module's variables `existing` (pure: the dry run's plan, and the run's). */
function planTestVariables(existing, variables, prune) {
    const byKey = new Map();
    // The first of a key wins, should the service ever hold two.
    for (const variable of existing) {
        if (!byKey.has(variable.attributes.key))
            byKey.set(variable.attributes.key, variable.id);
    }
    // Keys are unique: the input parser refuses a key given twice.
    const named = new Set(variables.map((v) => v.key));
    return {
        create: variables.filter((v) => !byKey.has(v.key)).map((v) => v.key),
        update: variables.flatMap((v) => {
            const id = byKey.get(v.key);
            return id === undefined ? [] : [{ key: v.key, id }];
        }),
        delete: prune
            ? existing.filter((v) => !named.has(v.attributes.key)).map((v) => ({ key: v.attributes.key, id: v.id }))
            : [],
    };
}
/**
 * Sets the variables: updates and creates first, deletions last, so that a failure midway
 * leaves a variable too many rather than one missing.
 */
async function setTestVariables(client, module, variables, options) {
    const changes = { created: [], updated: [], deleted: [] };
    if (variables.length === 0)
        return changes;
    const plan = planTestVariables(await client.moduleTests.listVariables(module, options), variables, options.prune);
    const valueOf = new Map(variables.map((v) => [v.key, v.value]));
    for (const { key, id } of plan.update) {
        await client.moduleTests.updateVariable(module, id, { key, value: valueOf.get(key), sensitive: true }, options);
        changes.updated.push(key);
    }
    for (const key of plan.create) {
        await client.moduleTests.createVariableOnce(module, { key, value: valueOf.get(key), sensitive: true }, options);
        changes.created.push(key);
    }
    for (const { key, id } of plan.delete) {
        await client.moduleTests.deleteVariable(module, id, options);
        changes.deleted.push(key);
    }
    return changes;
}

;// CONCATENATED MODULE: ./src/modes/run-module-tests/test-run/start.ts
// The step's setup on the service, up to its one test run: the module's test environment
// variables, a configuration version, the upload of the archive to it, and the run itself,
// adopted or created. Each is saved for the post step the moment it exists; the value handed on
// says how far the setup got, which the report names and the stops after a failure or a
// cancellation need.
//
// Exactly one live test run per configuration version, with the requested options
// (action-interface "Mode run-module-tests"). The spec says an upload creates the run by itself
// (4.2); with `auto-queue-runs: false` (2.3) it should not, and the service's own command-line
// tool creates the run explicitly. Whichever way the service behaves, a run it started by
// itself is adopted when it carries the requested options (no second run at all), and
// otherwise the step creates its own and every other run of the version is stopped
// (other-runs.ts). A create whose answer was lost is looked up before it is ever repeated.














/**
 * A 403 from the single-use upload address (spec 5). After an attempt that dropped it may mean
 * that attempt was stored, but the spec does not say so, nor whether a dropped attempt stores
 * all of the archive or none: tests on a configuration that may not be there would report
 * nothing true, so the step stops and says so.
 */
const UPLOAD_REFUSED = 'the upload address refused the archive (403 Forbidden). The address takes one upload: when an earlier attempt ' +
    'dropped, it may have been stored or not, and the service does not say which, so this configuration version is not tested; run the step again';
/** A part of the setup that failed, named as the failure message names it. */
class SetupError extends Error {
    stage;
    constructor(stage, cause) {
        super(`${stage} failed`, { cause });
        this.stage = stage;
    }
}
const DEFAULT_LATE_RUN_WINDOW_MS = other_runs/* DEFAULT_OTHER_RUNS_TIMING */.Re.lateRunWindowMs;
/** Runs one part of the setup; what it throws names the part. */
async function during(stage, work) {
    try {
        return await work();
    }
    catch (error) {
        throw new SetupError(stage, error);
    }
}
/**
 * Sets the test environment variables, creates the configuration version, uploads the archive
 * to it and starts (or adopts) the one test run of it.
 */
async function startRun(input) {
    const { inputs, module, client, saveState, sink, tuning: t } = input;
    const signal = input.cancellation.signal;
    const requested = (0,version_runs/* requestedRunOf */.Ne)(inputs);
    const setup = { createSent: false };
    // A create already sent is not cut short at the first signal (its run would be unknown); it
    // gets a few seconds, then the run is looked up by configuration version.
    const createWait = (0,grace/* abortAfterFirstSignal */.d)(input.cancellation, t.createWaitAfterSignalMs, t.clock);
    try {
        if (inputs.testEnvVariables.length > 0) {
            const variables = await during('setting the test environment variables', () => setTestVariables(client, module, inputs.testEnvVariables, { prune: inputs.testEnvVariablesPrune, signal }));
            setup.variables = variables;
            sink.info(describeVariableChanges(variables));
        }
        const { version, uploadUrl } = await during('creating the configuration version', async () => {
            // The service's clock, not the step's: `since` is held against the runs' created-at.
            const since = Date.now() - budgets/* CLOCK_ALLOWANCE_MS */.Lh;
            const created = await client.moduleTests.createConfigurationVersion(module, { autoQueueRuns: false, signal });
            const version = { id: created.id, since };
            setup.version = version;
            // From here on a run may exist on this version (the upload may start one, spec 4.2): the
            // post step must be able to find it even if this step dies before it knows the run's id.
            (0,state/* saveConfigurationVersion */.i$)(saveState, version, module, t.otherRuns.lateRunWindowMs ?? DEFAULT_LATE_RUN_WINDOW_MS);
            const uploadUrl = created.attributes['upload-url'];
            if (!uploadUrl)
                throw new Error(`the service gave configuration version ${version.id} no upload-url`);
            // A single-use address that carries its own authorization (spec 2.3, 5): a secret.
            sink.addSecret(uploadUrl);
            return { version, uploadUrl };
        });
        const upload = {};
        setup.upload = upload;
        await during('uploading the configuration', () => client.moduleTests
            .uploadConfiguration(uploadUrl, () => (0,external_node_fs_.createReadStream)(input.archive.file), {
            contentLength: input.archive.bytes,
            signal,
            timeoutMs: t.uploadTimeoutMs,
        })
            .catch((error) => {
            throw (0,service_errors/* isApiError */.d7)(error, 403) ? new Error(UPLOAD_REFUSED, { cause: error }) : error;
        }));
        const answeredAt = t.clock.now();
        upload.answeredAt = answeredAt;
        (0,state/* saveUploaded */.EJ)(saveState, answeredAt);
        sink.info(`Uploaded the configuration to configuration version ${version.id}.`);
        const started = await during('starting the test run', () => startTestRun(client, module, version, requested, {
            signal,
            createSignal: createWait.signal,
            adoptWaitMs: t.adoptWaitMs,
            adoptLookMs: t.adoptLookMs,
            clock: t.clock,
            beforeCreate: () => {
                signal.throwIfAborted();
                setup.createSent = true;
                (0,state/* saveCreateSent */.kY)(saveState, { fingerprint: (0,version_runs/* optionsFingerprint */.FB)(requested) });
            },
            onRun: (run) => (0,state/* saveRunStarted */.Yy)(saveState, run.id, module),
            onCreateRefused: () => (0,state/* saveCreateSent */.kY)(saveState, false),
        }));
        announce(started, version, sink);
        return { kind: 'started', setup: { ...setup, version, upload: { answeredAt } }, started };
    }
    catch (error) {
        if (signal.aborted)
            return { kind: 'cancelled', setup };
        const failed = error instanceof SetupError ? error : new SetupError('the setup', error);
        // A base-url whose host does not exist is the user's to fix, and nothing reached the service.
        if (failed.cause instanceof errors/* ConfigurationError */.j1)
            throw failed.cause;
        return { kind: 'failed', setup, failure: setupFailure(module, failed.stage, failed.cause) };
    }
    finally {
        createWait.dispose();
    }
}
/** The step's failure message when a part of the setup failed. */
function setupFailure(module, stage, error) {
    const hint = (0,service_errors/* isNotFound */.c4)(error)
        ? ` Check organization, module-namespace, module-name and module-provider (module ${(0,module_ref/* moduleLabel */.$)(module)}), and that the token belongs to the owners team.`
        : '';
    return `The module tests were not run: ${stage} failed: ${(0,errors/* getErrorMessage */.u1)(error).replace(/\.$/, '')}.${hint}`;
}
function describeVariableChanges(changes) {
    const parts = [];
    if (changes.created.length > 0)
        parts.push(`created ${changes.created.join(', ')}`);
    if (changes.updated.length > 0)
        parts.push(`updated ${changes.updated.join(', ')}`);
    if (changes.deleted.length > 0)
        parts.push(`deleted ${changes.deleted.join(', ')} (not named by test-env-variables)`);
    return `Test environment variables (sensitive): ${parts.join('; ')}.`;
}
function announce(started, version, sink) {
    const { run } = started;
    const where = `configuration version ${version.id}`;
    if (started.adopted) {
        sink.info(`The service started test run ${run.id} by itself when the configuration was uploaded; ` +
            `it carries the requested options and is used as the one run of ${where}.`);
    }
    else {
        sink.info(`Started test run ${run.id} on ${where}.`);
    }
    // A service that takes the run but not all of its options: the run is still the one asked for.
    if (started.differences.length > 0)
        sink.warning(`Test run ${run.id} does not carry every requested option: ${started.differences.join('; ')}.`);
}
async function startTestRun(client, module, version, requested, options) {
    const signal = { clock: options.clock, ...(options.signal ? { signal: options.signal } : {}) };
    const createSignal = { clock: options.clock, ...(options.createSignal ? { signal: options.createSignal } : {}) };
    const lookFor = async () => {
        const runs = await (0,version_runs/* runsOfConfigurationVersion */.q8)(client, module, version, signal);
        return { runs, adoptable: (0,version_runs/* adoptableRun */.SD)(runs, requested) };
    };
    // Only a run with the default options can be one the service queued by itself and that is
    // worth waiting for; a run with other options is created at once.
    const { clock, adoptLookMs } = options;
    const looked = await (0,poll/* pollUntil */.g3)({
        read: lookFor,
        isFinal: (seen) => seen.adoptable !== undefined,
        signal: options.signal ?? new AbortController().signal,
        deadline: lifetime_deadline/* Deadline */.B.after((0,version_runs/* isDefaultRequest */.nA)(requested) ? options.adoptWaitMs : 0, clock),
        pauses: () => adoptLookMs,
        // Every look is answered (a slow list is no reason to create a second run), and the last
        // one is at the end of the wait.
        cutReadsAtDeadline: false,
        readAtDeadline: true,
    });
    // A poll reads at least once.
    const seen = looked.value;
    if (seen.adoptable !== undefined) {
        const run = seen.adoptable;
        options.onRun?.(run);
        return { run, adopted: true, differences: [], others: othersOf(seen.runs, run) };
    }
    const before = new Set(seen.runs.map((run) => run.id));
    let ambiguous = false;
    const run = await (0,create_once/* createOnce */.U)(async () => {
        options.beforeCreate?.();
        try {
            return await client.moduleTests.createTestRun(module, {
                configurationVersionId: version.id,
                testDirectory: requested.testDirectory,
                filters: requested.filters,
                variables: requested.variables,
                verbose: requested.verbose,
            }, createSignal);
        }
        catch (error) {
            if (error instanceof service_errors/* AmbiguousWriteError */.yI)
                ambiguous = true;
            // An error answer, or a request that never reached the service: nothing was created.
            else if (!ambiguous && (error instanceof service_errors/* ApiError */.hD || error instanceof service_errors/* NetworkError */.Dr))
                options.onCreateRefused?.();
            throw error;
        }
    }, 
    // The connection dropped after the create was sent: a new run of this version with the
    // requested options is that create. (Should it be one the service queued by itself, the
    // create's own run, if any, is another run of the version and is stopped as such.)
    async () => {
        const runs = await (0,version_runs/* runsOfConfigurationVersion */.q8)(client, module, version, createSignal);
        return (0,version_runs/* adoptableRun */.SD)(runs.filter((r) => !before.has(r.id)), requested);
    }, service_errors/* mayHaveLanded */.I7);
    options.onRun?.(run);
    return { run, adopted: false, differences: (0,version_runs/* optionDifferences */.sh)(run, requested), others: othersOf(seen.runs, run) };
}
function othersOf(runs, chosen) {
    return runs.filter((run) => run.id !== chosen.id && !(0,test_run_status/* isFinal */.dR)(run));
}

;// CONCATENATED MODULE: ./src/modes/run-module-tests/dry-run.ts
// Dry run (action-interface "Mode run-module-tests"): the archive is packed and what it would
// upload is listed (files, size, what `.terraformignore` left out); the module's variables are
// read to say which would be created or updated. No request that creates anything is sent.







/** Paths listed in the summary; the rest are counted. */
const MAX_LISTED = 500;
/** The dry run's report; a failure to read the module's variables is the step's failure. */
async function dryRun(tested, packed, client, signal) {
    const { inputs, module } = tested;
    let variables;
    try {
        variables = await plannedVariables(client, module, inputs, signal);
    }
    catch (error) {
        if (signal.aborted || error instanceof errors/* ConfigurationError */.j1)
            throw error;
        const note = setupFailure(module, 'reading the test environment variables', error);
        return noRunResult(tested, { createSent: false }, { kind: 'failed', note }, []);
    }
    return dryRunResult({ inputs, module, packed, variables });
}
async function plannedVariables(client, module, inputs, signal) {
    if (inputs.testEnvVariables.length === 0)
        return { create: [], update: [], delete: [] };
    const existing = await client.moduleTests.listVariables(module, { signal });
    const plan = planTestVariables(existing, inputs.testEnvVariables, inputs.testEnvVariablesPrune);
    return {
        create: plan.create,
        update: plan.update.map((v) => v.key),
        delete: plan.delete.map((v) => v.key),
    };
}
function dryRunResult(options) {
    const { inputs, module, packed, variables } = options;
    const content = packed.entries;
    const label = (0,module_ref/* moduleLabel */.$)(module);
    const fileRows = content
        .slice(0, MAX_LISTED)
        .map((e) => [e.name, e.type === 'file' ? (0,format/* formatBytes */.z3)(e.size) : `link to ${e.target}`]);
    const moreFiles = content.length - fileRows.length;
    const ignored = packed.ignored;
    const variableRows = [
        ...variables.create.map((key) => [key, 'create']),
        ...variables.update.map((key) => [key, 'update']),
        ...variables.delete.map((key) => [key, 'delete (not named by test-env-variables)']),
    ];
    const runOptions = [
        `test-directory: ${inputs.testDirectory}`,
        `test-filters: ${inputs.testFilters.length > 0 ? inputs.testFilters.join(', ') : 'all test files'}`,
        `test-variables: ${inputs.testVariables.length > 0 ? inputs.testVariables.map((v) => v.key).join(', ') : 'none'}`,
        `verbose: ${String(inputs.verbose)}`,
    ];
    const summary = (0,markdown/* joinBlocks */.x9)((0,markdown/* heading */.R_)(`Module tests of ${label} (dry run)`), (0,markdown/* dryRunBanner */.NI)('Nothing was created or changed: this is what a run would upload and start.'), (0,markdown/* paragraph */.FY)(`The configuration archive of ${inputs.moduleDirectory} holds ${content.length} files and links: ` +
        `${(0,format/* formatBytes */.z3)(packed.bytes)} compressed, ${(0,format/* formatBytes */.z3)(packed.contentBytes)} of content.`), (0,markdown/* details */.zH)(`Files that would be uploaded (${content.length})`, (0,markdown/* joinBlocks */.x9)((0,markdown/* table */.tp)(['Path', 'Size'], fileRows), moreFiles > 0 ? (0,markdown/* paragraph */.FY)(`… and ${moreFiles} more.`) : '')), ignored.length > 0
        ? (0,markdown/* details */.zH)(`Left out by .terraformignore and the default exclusions (${ignored.length})`, (0,markdown/* joinBlocks */.x9)((0,markdown/* codeBlock */.DV)(ignored.slice(0, MAX_LISTED).join('\n'), 'text'), ignored.length > MAX_LISTED ? (0,markdown/* paragraph */.FY)(`… and ${ignored.length - MAX_LISTED} more.`) : ''))
        : (0,markdown/* paragraph */.FY)('Nothing was left out by .terraformignore or the default exclusions.'), packed.warnings.length > 0 ? (0,markdown/* joinBlocks */.x9)((0,markdown/* heading */.R_)('Warnings', 3), (0,markdown/* bulletList */.fF)(packed.warnings)) : '', variableRows.length > 0
        ? (0,markdown/* joinBlocks */.x9)((0,markdown/* heading */.R_)('Test environment variables that would change (sensitive, values not shown)', 3), (0,markdown/* table */.tp)(['Key', 'Action'], variableRows))
        : '', (0,markdown/* heading */.R_)('The test run that would start', 3), (0,markdown/* bulletList */.fF)(runOptions));
    return {
        title: `Dry run: module tests of ${label} would upload ${content.length} files (${(0,format/* formatBytes */.z3)(packed.bytes)})`,
        summary,
        annotations: [],
        outputs: {
            ...NO_TEST_RUN_OUTPUTS,
            result: {
                'dry-run': true,
                module: label,
                bytes: packed.bytes,
                'content-bytes': packed.contentBytes,
                files: content.slice(0, 1000).map((e) => e.name),
                'file-count': content.length,
                ignored: ignored.slice(0, 1000),
                variables: variables,
                'test-run': {
                    'test-directory': inputs.testDirectory,
                    filters: inputs.testFilters,
                    variables: inputs.testVariables.map((v) => v.key),
                    verbose: inputs.verbose,
                },
            },
        },
        failure: null,
        conclusion: 'neutral',
    };
}

// EXTERNAL MODULE: ./src/modes/run-module-tests/test-run/stop.ts + 1 modules
var stop = __webpack_require__(7511);
// EXTERNAL MODULE: ./src/modes/run-module-tests/test-run/stop-policy.ts + 1 modules
var stop_policy = __webpack_require__(539);
// EXTERNAL MODULE: ./src/json-object.ts
var json_object = __webpack_require__(249);
;// CONCATENATED MODULE: ./src/modes/run-module-tests/results/test-log/parser.ts
/**
 * Reads the log of a test run (the document at `log-read-url`): JSON lines in the
 * machine-readable format of the test command's `-json` output, one message a line, each with
 * `@level`, `@message`, `@module`, `@timestamp`, a `type`, a field named after the type and,
 * for test messages, `@testfile` and `@testrun`.
 *
 * The log is read line by line as it arrives and only what the report needs is kept: the
 * status of every test file and run block, the diagnostics, the closing `test_summary`, the
 * resources left behind, and the last lines as a tail. What is kept is bounded whatever the log
 * holds (a log may run to gigabytes, or never end): so many run blocks, diagnostics and leftover
 * entries, each text clipped; the rest is counted. Nothing in it is fatal: a leading `\x02` and
 * a trailing `\x03` (the framing the service may add), `\r\n`, blank lines, lines that are not
 * JSON and message types this parser does not know are passed over and counted.
 */


/** Parses a whole log, given as text, bytes, or chunks (a response body) read as they come. */
async function parseTestLog(source, options = {}) {
    const parser = new TestLogParser(options);
    if (typeof source === 'string' || source instanceof Uint8Array) {
        parser.push(source);
    }
    else if (Symbol.asyncIterator in source) {
        for await (const chunk of source)
            parser.push(chunk);
    }
    else {
        for (const chunk of source)
            parser.push(chunk);
    }
    return parser.end();
}
/** Parses a log held as text. */
function parseTestLogText(text, options = {}) {
    const parser = new TestLogParser(options);
    parser.push(text);
    return parser.end();
}
const KNOWN_TYPES = new Set([
    'version',
    'log',
    'diagnostic',
    'test_abstract',
    'test_file',
    'test_run',
    'test_plan',
    'test_state',
    'test_summary',
    'test_cleanup',
    'test_interrupt',
    'test_status',
    'test_retry',
]);
/** A message that says its test file or run block ended: `complete`, or none (older versions). */
function ended(progress) {
    return progress === undefined || progress === 'complete';
}
const MAX_TAIL_LINE = 1000;
const MAX_DETAIL = 16 * 1024;
const MAX_SNIPPET = 4 * 1024;
/** Names, paths, addresses: anything but a message's own text. */
const MAX_NAME = 1024;
/** Files kept: each test file has at least one run block, so the bound on run blocks bounds them. */
const MAX_RESOURCES_PER_LEFTOVER = 200;
/** Incremental parser: `push` chunks as they arrive, then `end` for the result. */
class TestLogParser {
    #tailLines;
    #maxDiagnostics;
    #maxRunBlocks;
    #maxLeftovers;
    #maxLineLength;
    #decoder = new TextDecoder('utf-8');
    #pending = '';
    #discarding = false;
    #ended = false;
    #files = new Map();
    /** When each run block started, from its `starting` message's `@timestamp`. */
    #runStarts = new Map();
    #diagnostics = [];
    #diagnosticsOmitted = 0;
    #runBlocks = 0;
    #runBlocksOmitted = 0;
    #leftoversOmitted = 0;
    #summary;
    #leftovers = [];
    #interrupted = false;
    #version;
    #counts = { lines: 0, messages: 0, notJson: 0, unknownType: 0, oversized: 0 };
    #tail = [];
    #redact;
    #onEnded;
    constructor(options = {}) {
        this.#tailLines = Math.max(0, options.tailLines ?? 50);
        this.#maxDiagnostics = Math.max(0, options.maxDiagnostics ?? 500);
        this.#maxRunBlocks = Math.max(0, options.maxRunBlocks ?? 2000);
        this.#maxLeftovers = Math.max(0, options.maxLeftovers ?? 100);
        this.#maxLineLength = Math.max(1024, options.maxLineLength ?? 4 * 1024 * 1024);
        this.#redact = options.redact ?? ((text) => text);
        this.#onEnded = options.onEnded;
    }
    push(chunk) {
        if (this.#ended)
            throw new Error('TestLogParser: push after end');
        const text = typeof chunk === 'string' ? chunk : this.#decoder.decode(chunk, { stream: true });
        this.#take(text);
    }
    end() {
        if (!this.#ended) {
            this.#ended = true;
            this.#take(this.#decoder.decode());
            if (this.#pending !== '' && !this.#discarding)
                this.#line(this.#pending);
            this.#pending = '';
        }
        return this.#result();
    }
    #take(text) {
        let start = 0;
        for (;;) {
            const newline = text.indexOf('\n', start);
            if (newline < 0)
                break;
            const piece = text.slice(start, newline);
            start = newline + 1;
            if (this.#discarding) {
                // The rest of an oversized line.
                this.#discarding = false;
                continue;
            }
            const line = this.#pending === '' ? piece : this.#pending + piece;
            this.#pending = '';
            this.#line(line);
        }
        if (start < text.length && !this.#discarding) {
            this.#pending += text.slice(start);
            if (this.#pending.length > this.#maxLineLength) {
                this.#pending = '';
                this.#discarding = true;
                this.#counts.lines++;
                this.#counts.oversized++;
                this.#addTail('[a line too long to read was passed over]');
            }
        }
    }
    #line(raw) {
        this.#counts.lines++;
        if (raw.length > this.#maxLineLength) {
            this.#counts.oversized++;
            this.#addTail('[a line too long to read was passed over]');
            return;
        }
        // The service may frame the log with STX ... ETX; a BOM may lead the first line.
        /* eslint-disable no-control-regex -- the framing bytes are what is removed */
        const line = raw
            .replace(/^[\uFEFF\x02]+/, '')
            .replace(/[\x03\r]+$/, '')
            .replace(/\x03/g, '');
        /* eslint-enable no-control-regex */
        if (line.trim() === '')
            return;
        const message = parseJsonLine(line);
        if (message === undefined) {
            this.#counts.notJson++;
            this.#addTail(line);
            return;
        }
        const text = typeof message['@message'] === 'string' ? message['@message'] : line;
        this.#addTail(text);
        const type = message['type'];
        if (typeof type !== 'string' || !KNOWN_TYPES.has(type)) {
            this.#counts.unknownType++;
            return;
        }
        this.#counts.messages++;
        this.#message(type, message);
    }
    #message(type, message) {
        const testFile = stringField(message, '@testfile');
        const testRun = stringField(message, '@testrun');
        const body = message[type];
        switch (type) {
            case 'version':
                this.#version =
                    clipped(stringField(message, 'terraform') ?? stringField(message, 'tofu'), MAX_NAME) ?? this.#version;
                break;
            case 'test_abstract':
                if ((0,json_object/* isObject */.Gv)(body)) {
                    for (const [path, runs] of Object.entries(body)) {
                        const file = this.#file(path);
                        if (Array.isArray(runs))
                            for (const run of runs)
                                if (typeof run === 'string')
                                    this.#run(file, run);
                    }
                }
                break;
            case 'test_file': {
                const path = ((0,json_object/* isObject */.Gv)(body) ? stringField(body, 'path') : undefined) ?? testFile;
                if (path === undefined)
                    break;
                const file = this.#file(path);
                const status = (0,json_object/* isObject */.Gv)(body) ? testStatus(body['status']) : undefined;
                if (status)
                    file.status = status;
                if (status && (0,json_object/* isObject */.Gv)(body) && ended(body['progress']))
                    this.#report({ file: path, status });
                break;
            }
            case 'test_run': {
                if (!(0,json_object/* isObject */.Gv)(body))
                    break;
                const path = stringField(body, 'path') ?? testFile;
                const name = stringField(body, 'run') ?? testRun;
                if (path === undefined || name === undefined)
                    break;
                const file = this.#file(path);
                const run = this.#run(file, name);
                const status = testStatus(body['status']);
                if (status && ended(body['progress']))
                    this.#report({ file: path, run: name, status });
                if (run === undefined) {
                    // Not kept, but its outcome still counts towards its file's; counted once, when it
                    // completes (logs of older versions give no progress: one message a run block).
                    if (status)
                        file.omittedStatus = mergeStatuses([file.omittedStatus ?? 'pending', status]);
                    const progress = body['progress'];
                    if (progress === undefined || progress === 'complete')
                        this.#runBlocksOmitted++;
                    break;
                }
                if (status)
                    run.status = status;
                // `starting` carries 0 and `teardown` times the teardown: only `running` updates and
                // `complete` say how long the run block itself took.
                const elapsed = body['elapsed'];
                const progress = body['progress'];
                const timed = progress === 'running' || progress === 'complete';
                if (timed && typeof elapsed === 'number' && Number.isFinite(elapsed) && elapsed >= 0) {
                    run.elapsedMs = Math.max(run.elapsedMs ?? 0, elapsed);
                }
                else if (progress === 'complete') {
                    // The test command gives no `elapsed` with `complete`: the time from the run block's
                    // `starting` message to this one is how long it took.
                    const started = this.#runStarts.get(run);
                    const at = timestampMs(message['@timestamp']);
                    if (started !== undefined && at !== undefined && at >= started)
                        run.elapsedMs = Math.max(run.elapsedMs ?? 0, at - started);
                }
                if (progress === 'starting') {
                    const at = timestampMs(message['@timestamp']);
                    if (at !== undefined)
                        this.#runStarts.set(run, at);
                }
                break;
            }
            case 'diagnostic':
                if ((0,json_object/* isObject */.Gv)(body))
                    this.#diagnostic(body, testFile, testRun);
                break;
            case 'test_summary':
                if ((0,json_object/* isObject */.Gv)(body)) {
                    this.#summary = {
                        status: testStatus(body['status']) ?? 'pending',
                        passed: count(body['passed']),
                        failed: count(body['failed']),
                        errored: count(body['errored']),
                        skipped: count(body['skipped']),
                    };
                }
                break;
            case 'test_cleanup':
                this.#leftover('cleanup', message, testFile, testRun, (0,json_object/* isObject */.Gv)(body) ? resourceList(body['failed_resources']) : []);
                break;
            case 'test_interrupt': {
                this.#interrupted = true;
                const resources = [];
                if ((0,json_object/* isObject */.Gv)(body)) {
                    resources.push(...resourceList(body['state']));
                    if ((0,json_object/* isObject */.Gv)(body['states']))
                        for (const list of Object.values(body['states']))
                            resources.push(...resourceList(list));
                    if (Array.isArray(body['planned']))
                        for (const p of body['planned'])
                            if (typeof p === 'string')
                                resources.push(p);
                }
                this.#leftover('interrupt', message, testFile, testRun, resources);
                break;
            }
            case 'log': {
                const text = stringField(message, '@message') ?? '';
                if (/\binterrupt/i.test(text))
                    this.#interrupted = true;
                break;
            }
            default:
                // test_plan, test_state (the -verbose output), test_status, test_retry: not reported.
                break;
        }
    }
    #report(ended) {
        if (this.#onEnded === undefined)
            return;
        const run = ended.run === undefined ? {} : { run: this.#kept(ended.run, MAX_NAME) };
        this.#onEnded({ file: this.#kept(ended.file, MAX_NAME), ...run, status: ended.status });
    }
    /** A text of the log as kept: its secrets masked, then cut to `max`. */
    #kept(text, max) {
        return (0,src_text/* clip */.$Q)(this.#redact(text), max);
    }
    #diagnostic(body, testFile, testRun) {
        if (this.#diagnostics.length >= this.#maxDiagnostics) {
            this.#diagnosticsOmitted++;
            return;
        }
        const severity = body['severity'];
        const diagnostic = {
            severity: severity === 'error' || severity === 'warning' ? severity : 'unknown',
            summary: this.#kept(stringField(body, 'summary') ?? '', MAX_DETAIL),
            detail: this.#kept(stringField(body, 'detail') ?? '', MAX_DETAIL),
        };
        if (testFile !== undefined)
            diagnostic.testFile = this.#kept(testFile, MAX_NAME);
        if (testRun !== undefined)
            diagnostic.testRun = this.#kept(testRun, MAX_NAME);
        const address = stringField(body, 'address');
        if (address)
            diagnostic.address = this.#kept(address, MAX_NAME);
        const range = body['range'];
        if ((0,json_object/* isObject */.Gv)(range)) {
            const filename = stringField(range, 'filename');
            const start = position(range['start']);
            if (filename && start) {
                diagnostic.range = { filename: this.#kept(filename, MAX_NAME), start };
                const end = position(range['end']);
                if (end)
                    diagnostic.range.end = end;
            }
        }
        const snippet = body['snippet'];
        if ((0,json_object/* isObject */.Gv)(snippet) && typeof snippet['code'] === 'string') {
            diagnostic.snippet = { code: this.#kept(snippet['code'], MAX_SNIPPET) };
            const context = stringField(snippet, 'context');
            if (context)
                diagnostic.snippet.context = this.#kept(context, MAX_NAME);
            const startLine = snippet['start_line'];
            if (typeof startLine === 'number' && Number.isInteger(startLine) && startLine > 0)
                diagnostic.snippet.startLine = startLine;
        }
        this.#diagnostics.push(diagnostic);
    }
    #leftover(kind, message, testFile, testRun, resources) {
        if (this.#leftovers.length >= this.#maxLeftovers) {
            this.#leftoversOmitted++;
            return;
        }
        const kept = resources.slice(0, MAX_RESOURCES_PER_LEFTOVER).map((r) => this.#kept(r, MAX_NAME));
        this.#leftoversOmitted += resources.length - kept.length;
        const entry = {
            kind,
            message: this.#kept(stringField(message, '@message') ?? '', MAX_DETAIL),
            resources: kept,
        };
        if (testFile !== undefined)
            entry.testFile = this.#kept(testFile, MAX_NAME);
        if (testRun !== undefined)
            entry.testRun = this.#kept(testRun, MAX_NAME);
        this.#leftovers.push(entry);
    }
    #file(rawPath) {
        const path = this.#kept(rawPath, MAX_NAME);
        let file = this.#files.get(path);
        if (!file) {
            // A file beyond the bound is counted with the run blocks it would bring; its messages
            // still go somewhere, to a state that is not reported.
            if (this.#files.size >= this.#maxRunBlocks)
                return { path, runs: new Map() };
            file = { path, runs: new Map() };
            this.#files.set(path, file);
        }
        return file;
    }
    /** The run block's state, or undefined once the bound on run blocks is reached. */
    #run(file, rawName) {
        const name = this.#kept(rawName, MAX_NAME);
        let run = file.runs.get(name);
        if (!run) {
            if (this.#runBlocks >= this.#maxRunBlocks || !this.#files.has(file.path))
                return undefined;
            this.#runBlocks++;
            run = { name, status: 'pending' };
            file.runs.set(name, run);
        }
        return run;
    }
    #addTail(text) {
        if (this.#tailLines === 0)
            return;
        const clean = this.#kept(stripAnsi(text).trimEnd(), MAX_TAIL_LINE);
        this.#tail.push(clean);
        // Trimmed in batches so that a long log costs no more than one copy per tail length.
        if (this.#tail.length >= this.#tailLines * 2)
            this.#tail = this.#tail.slice(-this.#tailLines);
    }
    #result() {
        const files = [...this.#files.values()].map((file) => {
            const runs = [...file.runs.values()].map((run) => ({ ...run }));
            const status = file.status ?? mergeStatuses([...runs.map((r) => r.status), file.omittedStatus ?? 'pending']);
            return { path: file.path, status, runs };
        });
        const result = {
            files,
            diagnostics: this.#diagnostics.map((d) => ({ ...d })),
            diagnosticsOmitted: this.#diagnosticsOmitted,
            runBlocksOmitted: this.#runBlocksOmitted,
            leftovers: this.#leftovers.map((l) => ({ ...l, resources: [...l.resources] })),
            leftoversOmitted: this.#leftoversOmitted,
            interrupted: this.#interrupted,
            counts: { ...this.#counts },
            tail: this.#tail.slice(-this.#tailLines),
        };
        if (this.#summary)
            result.summary = { ...this.#summary };
        if (this.#version !== undefined)
            result.version = this.#version;
        return result;
    }
}
/** Statuses in increasing order of precedence. */
const STATUS_ORDER = ['pending', 'skip', 'pass', 'fail', 'error'];
/** The status that represents several together: the one of highest precedence. */
function mergeStatuses(statuses) {
    let merged = 'pending';
    for (const status of statuses) {
        if (STATUS_ORDER.indexOf(status) > STATUS_ORDER.indexOf(merged))
            merged = status;
    }
    return merged;
}
/** A line of the machine-readable log: a JSON object. */
function parseJsonLine(line) {
    const trimmed = line.trim();
    // A line that does not open an object is text (a human-readable log): it costs no parse.
    return trimmed.startsWith('{') ? (0,json_object/* parseJsonObject */.dw)(trimmed) : undefined;
}
function stringField(object, key) {
    const value = object[key];
    return typeof value === 'string' ? value : undefined;
}
function testStatus(value) {
    return typeof value === 'string' && STATUS_ORDER.includes(value)
        ? value
        : undefined;
}
function timestampMs(value) {
    if (typeof value !== 'string')
        return undefined;
    const ms = Date.parse(value);
    return Number.isFinite(ms) ? ms : undefined;
}
function count(value) {
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.trunc(value) : 0;
}
function position(value) {
    if (!(0,json_object/* isObject */.Gv)(value))
        return undefined;
    const line = value['line'];
    if (typeof line !== 'number' || !Number.isInteger(line) || line < 1)
        return undefined;
    const column = value['column'];
    return typeof column === 'number' && Number.isInteger(column) && column > 0 ? { line, column } : { line };
}
function resourceList(value) {
    if (!Array.isArray(value))
        return [];
    const resources = [];
    for (const item of value) {
        if (!(0,json_object/* isObject */.Gv)(item))
            continue;
        const instance = stringField(item, 'instance');
        if (!instance)
            continue;
        const deposed = stringField(item, 'deposed_key');
        resources.push(deposed ? `${instance} (deposed ${deposed})` : instance);
    }
    return resources;
}
function clipped(text, max) {
    return text === undefined ? undefined : (0,src_text/* clip */.$Q)(text, max);
}
function stripAnsi(text) {
    // CSI sequences (colours, cursor movement) and OSC sequences (titles, links).
    // eslint-disable-next-line no-control-regex -- escape sequences start with ESC
    return text.replace(/\x1b\[[0-?]*[ -/]*[@-~]/g, '').replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g, '');
}

;// CONCATENATED MODULE: ./src/modes/run-module-tests/results/test-log/live.ts
// The test log while the run runs: where the service already gives the run a `log-read-url`, the
// log is read again now and then for what was added, and each test file and run block that ended
// is printed in the job log, as the test command prints it in a terminal. Only a view: the report
// is built from the whole log, read once the run has ended (read.ts).





/**
 * A service that sends the whole log every time (it honours neither `Range` nor the log store's
 * paging) is read again only while the log is this small: past it, each read would cost more
 * than the view is worth.
 */
const MAX_REREAD_BYTES = 1024 * 1024;
/** The most a read of the log store's own paging takes at once; the rest comes at the next read. */
const PAGE_BYTES = 256 * 1024;
/** The bytes a page read asks for again, to tell a page from a whole log: a log line's worth. */
const TAIL_BYTES = 64;
/** Reads that fail one after another before the view gives up (the final read still happens). */
const MAX_FAILED_READS = 3;
/**
 * A line of the job log for a test file or run block that ended: `tests/a.tftest.hcl: run "b"... pass`.
 * The names are the log's, which the service serves: each is one item, its control characters
 * (ESC, C1, line breaks) shown escaped, so that the line is one line and only says what ended.
 */
function endedLine(ended) {
    const file = (0,neutralise/* escapeControls */.UN)(ended.file);
    return ended.run === undefined
        ? `${file}... ${ended.status}`
        : `${file}: run "${(0,neutralise/* escapeControls */.UN)(ended.run)}"... ${ended.status}`;
}
class LiveTestLog {
    #options;
    #parser;
    #stop = new AbortController();
    /** Bytes of the log read so far. */
    #offset = 0;
    #lastReadAt = -Infinity;
    #failures = 0;
    #reading;
    #stopped = false;
    /** Test files and run blocks printed so far, in the log's order. */
    #printed = 0;
    #mode = 'range';
    /** The last bytes read, for a page read to be told from a whole log (ReadLogOptions.overlap). */
    #tail = Buffer.alloc(0);
    constructor(options) {
        this.#options = options;
        this.#parser = new TestLogParser({
            redact: (text) => options.sink.redact(text),
            onEnded: (ended) => this.#print(ended),
            // Nothing of it is reported but what ended: keep as little as the parser allows.
            tailLines: 0,
            maxDiagnostics: 0,
            maxLeftovers: 0,
        });
    }
    /** Each read of the run, as the wait sees it: reads the log when it is there and it is time. */
    seen(run) {
        if (this.#stopped || this.#reading !== undefined || (0,test_run_status/* isFinal */.dR)(run))
            return;
        const url = run.attributes['log-read-url'];
        if (!url)
            return;
        const now = this.#options.clock.now();
        if (now - this.#lastReadAt < this.#options.everyMs)
            return;
        this.#lastReadAt = now;
        // An address with its own authorization (spec 2.2): a secret, never printed.
        this.#options.sink.addSecret(url);
        this.#reading = this.#read(url).finally(() => (this.#reading = undefined));
    }
    /** A piece of the log, to the parser; its last bytes kept. */
    #take(chunk) {
        this.#parser.push(chunk);
        this.#tail = Buffer.concat([this.#tail, chunk]).subarray(-TAIL_BYTES);
    }
    #print(ended) {
        this.#printed++;
        this.#options.sink.info(endedLine(ended));
    }
    /**
     * What ended after the view's last read, for the read of the whole log once the run has ended
     * to print: each test file and run block in the log's order, the ones already printed passed
     * over, so that every one is printed exactly once, the last before the step's final line.
     */
    rest() {
        let seen = 0;
        return (ended) => {
            seen++;
            if (seen > this.#printed)
                this.#print(ended);
        };
    }
    /** Ends the view: a read under way is cut short, and done with when this resolves. */
    async stop() {
        this.#stopped = true;
        this.#stop.abort();
        await this.#reading;
    }
    async #read(url) {
        const { client, sink, readMs, signal } = this.#options;
        try {
            const read = await client.moduleTests.readLog(url, (chunk) => this.#take(chunk), {
                from: this.#offset,
                signal: AbortSignal.any([signal, this.#stop.signal]),
                timeoutMs: readMs,
                maxMs: readMs,
                ...(this.#mode === 'page' ? { page: PAGE_BYTES, overlap: this.#tail } : {}),
            });
            this.#offset += read.bytes;
            this.#failures = 0;
            // The whole log for a Range read: the store's paging next; the paging ignored too: whole.
            if (this.#mode === 'range' && read.ranged === false)
                this.#mode = 'page';
            else if (this.#mode === 'page' && read.paged === false)
                this.#mode = 'whole';
            if (this.#mode === 'whole' && read.ranged === false && this.#offset > MAX_REREAD_BYTES) {
                this.#stopped = true;
                sink.debug(`The service sends the whole test log at each read (${(0,format/* formatBytes */.z3)(this.#offset)} so far): ` +
                    'it is not read again until the run has ended.');
            }
        }
        catch (error) {
            if (this.#stop.signal.aborted || signal.aborted)
                return;
            this.#failures++;
            sink.debug(`The test log could not be read while the run runs: ${(0,errors/* getErrorMessage */.u1)(error)}`);
            if (this.#failures >= MAX_FAILED_READS)
                this.#stopped = true;
        }
    }
}

;// CONCATENATED MODULE: ./src/modes/run-module-tests/results/test-log/read.ts
// The log of a test run, read from its `log-read-url` (spec 2.2) as it streams in. A log that
// cannot be read is a warning, never a failure: the run's own counters are the authority for the
// totals, and they are reported whatever became of the log.




const LOG_NOT_READ = {};
async function readTestLog(run, options) {
    const { sink, signal, timeoutMs } = options;
    const url = run.attributes['log-read-url'];
    if (!url) {
        const error = 'the service gave the run no log-read-url';
        sink.warning(`The log of test run ${run.id} could not be read (${error}); the run's own counters are reported.`);
        return { error };
    }
    // An address with its own authorization (spec 2.2): a secret, never printed.
    sink.addSecret(url);
    try {
        // Streamed into the parser, which keeps a bounded report of it: memory stays flat whatever
        // the log's size, and a log that never ends is read for `timeoutMs` at most.
        // Secrets masked as the log is read, before its texts are cut to what the report keeps.
        const parser = new TestLogParser({
            redact: (text) => sink.redact(text),
            ...(options.onEnded ? { onEnded: options.onEnded } : {}),
        });
        const read = await options.client.moduleTests.readLog(url, (chunk) => parser.push(chunk), {
            signal,
            timeoutMs,
            maxMs: timeoutMs,
        });
        const parsed = parser.end();
        const skipped = parsed.counts.notJson + parsed.counts.oversized;
        if (skipped > 0)
            sink.debug(`Passed over ${(0,src_text/* plural */.LS)(skipped, 'line')} of the test log that the test command did not write as a message.`);
        if (read.cut?.reason === 'time' && read.bytes === 0) {
            const error = `it did not answer within ${(0,format/* formatDuration */.a3)(read.cut.afterMs)}`;
            sink.warning(`The log of test run ${run.id} could not be read (${error}); the run's own counters are reported.`);
            return { error };
        }
        if (read.cut) {
            const why = read.cut.reason === 'time'
                ? `it was still being read after ${(0,format/* formatDuration */.a3)(read.cut.afterMs)}`
                : `the connection failed (${read.cut.error})`;
            sink.warning(`The log of test run ${run.id} was read only in part (${(0,format/* formatBytes */.z3)(read.bytes)}; ${why}); what was read is reported, with the run's own counters.`);
        }
        return { parsed };
    }
    catch (error) {
        const message = signal.aborted ? 'the step was cancelled while it was read' : (0,errors/* getErrorMessage */.u1)(error);
        sink.warning(`The log of test run ${run.id} could not be read (${message}); the run's own counters are reported.`);
        return { error: message };
    }
}

// EXTERNAL MODULE: ./src/report/wait-status.ts
var wait_status = __webpack_require__(8648);
;// CONCATENATED MODULE: ./src/modes/run-module-tests/test-run/wait.ts
// The wait for the test run: its reads, spaced out, until the run is final, the step's timeout
// runs out, the step is cancelled or a read fails for good. It only reads; stopping the run is
// the caller's (follow.ts).






const WAIT_BUDGETS = ['initialIntervalMs', 'maxIntervalMs', 'statusEveryMs'];
const DEFAULT_WAIT_TIMING = { ...(0,budgets/* budgetsOf */.k7)(...WAIT_BUDGETS), backoff: 1.5 };
/**
 * Follows the run from `first` (as the start saw it). One deadline for the wait
 * (action-interface "timeout"): it cuts every read and every back-off, so that neither a read
 * that never answers nor a 429 whose Retry-After reaches past it holds the step.
 */
async function waitForTestRun(first, options) {
    if ((0,test_run_status/* isFinal */.dR)(first))
        return { end: 'final', run: first };
    const { client, module, signal } = options;
    const timing = { ...DEFAULT_WAIT_TIMING, ...options.timing };
    const deadline = lifetime_deadline/* Deadline */.B.after(options.timeoutMs, options.clock);
    const report = (0,wait_status/* statusReporter */.W)((line) => options.log(`Test run ${first.id}: ${line}`), timing.statusEveryMs);
    let last = first;
    try {
        const outcome = await (0,poll/* pollUntil */.g3)({
            read: (readSignal) => client.moduleTests.getTestRun(module, first.id, { signal: readSignal }),
            isFinal: test_run_status/* isFinal */.dR,
            signal,
            deadline,
            onValue: (run, elapsedMs) => {
                last = run;
                options.onRun?.(run);
                report(run.attributes.status, elapsedMs);
            },
            pauses: (0,poll/* growingPauses */.Pd)(timing),
        });
        return outcome.outcome === 'final' ? { end: 'final', run: outcome.value } : { end: 'timed-out', last };
    }
    catch (error) {
        if (signal.aborted)
            return { end: 'cancelled', last };
        if (deadline.expired)
            return { end: 'timed-out', last };
        return { end: 'failed', last, error: (0,errors/* getErrorMessage */.u1)(error) };
    }
}

;// CONCATENATED MODULE: ./src/modes/run-module-tests/follow.ts
// Following the step's test run to its end: the wait, and the stop that takes its place when the
// job is cancelled, the timeout runs out or the run can no longer be read. The first signal
// cancels the run (a queued one as soon as it runs); SIGTERM or a second signal force-cancels
// it, which the spec allows only after a cancel (3.1), and the step leaves before the runner's
// kill. Every other run of the configuration version is stopped by the watch meanwhile; both
// stops are the version guard's (version-guard.ts).










/** Waits for the run and reads its log; on the step's cancellation, its timeout or a failed wait, stops it first. */
async function followRun(input) {
    const { first, module, guard, watch, client, cancellation, saveState, sink, tuning: t } = input;
    // The guard starts its stop at the first signal (at once, for a signal that came before the
    // run was known), within the wind-down counted from each signal's arrival.
    const stopper = guard.ownRun(first, () => (0,state/* saveCancelRequested */.M_)(saveState));
    // Each test file and run block in the job log as it ends, where the service gives the log
    // while the run runs.
    const live = new LiveTestLog({
        client,
        sink,
        clock: t.clock,
        everyMs: t.liveLogEveryMs,
        readMs: t.liveLogReadMs,
        signal: cancellation.signal,
    });
    live.seen(first);
    try {
        const waited = await waitForTestRun(first, {
            client,
            module,
            timeoutMs: input.timeoutMs,
            signal: cancellation.signal,
            log: (line) => sink.info(line),
            onRun: (run) => {
                stopper.seen(run);
                live.seen(run);
            },
            timing: t.wait,
            clock: t.clock,
        });
        await live.stop();
        switch (waited.end) {
            case 'final': {
                (0,state/* saveRunFinal */.$e)(saveState);
                // The whole log, read once the run has ended: what ended after the view's last read is
                // printed now, before the step's final line.
                const log = await readLog(input, waited.run, cancellation.signal, t.logReadTimeoutMs, live.rest());
                const others = await watch.finish();
                if (watch.uploadRunSeen)
                    (0,state/* saveUploadRunSeen */.Vm)(saveState);
                return { run: waited.run, log, others };
            }
            case 'cancelled':
                return await stopAfterCancellation(input, stopper, waited.last);
            case 'timed-out':
            case 'failed':
                return await stopAfterWait(input, stopper, waited);
        }
    }
    finally {
        await live.stop();
    }
}
/** The job is being cancelled: the stop the first signal started is seen through, within the wind-down. */
async function stopAfterCancellation(input, stopper, last) {
    const { guard, watch, tuning: t } = input;
    const { clock } = t;
    const { firstAt, stopBy, lookBy } = guard.afterSignal(t);
    const [stopped, others] = await Promise.all([
        stopper.outcome ?? stopper.start({ deadline: stopBy }),
        watch.finish({ by: stopBy, lookBy }),
    ]);
    const run = stopped.run ?? last;
    let log = LOG_NOT_READ;
    if ((0,test_run_status/* isFinal */.dR)(run)) {
        (0,state/* saveRunFinal */.$e)(input.saveState);
        // The log of a cancelled run names what it could not destroy; read it if time allows.
        const budget = new lifetime_deadline/* Deadline */.B(firstAt + budgets/* LOG_AFTER_SIGNAL_UNTIL_MS */.f, clock);
        if (!guard.killNear() && budget.remainingMs() > 500) {
            const by = budget.within(budgets/* LOG_AFTER_SIGNAL_MS */.Ch);
            log = await readLog(input, run, by.signal, by.remainingMs());
        }
    }
    return { run, log, interruption: { kind: 'cancelled', note: (0,stop/* describeStop */.C)(run, stopped) }, others };
}
/**
 * The wait ended without a final status: the timeout ran out, or the run could no longer be
 * read. Either way the cancel is sent at once, and the step ends within `stopAfterWaitMs`.
 */
async function stopAfterWait(input, stopper, waited) {
    const { first, watch, sink, tuning: t } = input;
    const { last } = waited;
    const statusAtTimeout = last.attributes.status;
    const { plan, lookBy } = (0,stop_policy/* afterWait */.CW)(t, t.clock);
    const by = plan.deadline;
    sink.info(waited.end === 'timed-out'
        ? `Timed out after ${(0,format/* formatDuration */.a3)(input.timeoutMs)} waiting for test run ${first.id} (${(0,test_run_status/* describeTestRunStatus */.pB)(statusAtTimeout)}): cancelling it.`
        : `Test run ${first.id} could no longer be read (${waited.error}): cancelling it.`);
    const [stopped, others] = await Promise.all([stopper.start(plan), watch.finish({ by, lookBy })]);
    const run = stopped.run ?? last;
    const note = (0,stop/* describeStop */.C)(run, stopped);
    const interruption = waited.end === 'timed-out'
        ? { kind: 'timed-out', statusAtTimeout, note }
        : { kind: 'lost', error: waited.error, note };
    if (!(0,test_run_status/* isFinal */.dR)(run))
        return { run, log: LOG_NOT_READ, interruption, others };
    (0,state/* saveRunFinal */.$e)(input.saveState);
    const log = await readLog(input, run, input.cancellation.signal, Math.min(t.logReadTimeoutMs, budgets/* LOG_AFTER_STOP_MS */.wk));
    // It ended on its own as the wait ran out: its results are the answer.
    if (run.attributes.status !== 'canceled')
        return { run, log, others };
    return { run, log, interruption, others };
}
function readLog(input, run, signal, timeoutMs, onEnded) {
    return readTestLog(run, {
        client: input.client,
        sink: input.sink,
        signal,
        timeoutMs,
        ...(onEnded ? { onEnded } : {}),
    });
}

// EXTERNAL MODULE: ./src/modes/run-module-tests/test-run/version-guard.ts
var version_guard = __webpack_require__(8890);
// EXTERNAL MODULE: ./src/modes/run-module-tests/tuning.ts
var run_module_tests_tuning = __webpack_require__(240);
;// CONCATENATED MODULE: ./src/modes/run-module-tests/run.ts
















/**
 * Mode run-module-tests: packs the module, sets its test environment variables, uploads the
 * configuration, starts (or adopts) the one test run of that configuration version, waits for
 * it, and reports its results with annotations on the test files.
 */
async function runModuleTests(inputs, context, tuning = {}) {
    const t = { ...run_module_tests_tuning/* DEFAULT_TUNING */.o, clock: context.clock, ...tuning };
    const { sink, client } = context;
    const signal = context.cancellation.signal;
    const module = (0,module_ref/* moduleRefOf */.L)(inputs);
    // Local work first: a module that cannot be packed stops the step before any request.
    const moduleRoot = await checkModuleDirectory(context.workspaceRoot, inputs.moduleDirectory, inputs.allowLinksOutsideRepository);
    await warnWithoutTestDirectory(moduleRoot, inputs, (line) => sink.warning(line));
    const packed = await packConfiguration(moduleRoot, {
        signal,
        listEntries: inputs.dryRun,
        repositoryRoot: context.workspaceRoot,
        allowLinksOutsideRepository: inputs.allowLinksOutsideRepository,
        ...(t.tempDir ? { tempDir: t.tempDir } : {}),
    });
    try {
        for (const warning of packed.warnings)
            sink.warning(warning);
        sink.info(`Packed ${inputs.moduleDirectory}: ${(0,src_text/* plural */.LS)(packed.files, 'file')}, ${(0,format/* formatBytes */.z3)(packed.bytes)}` +
            (packed.ignored.length > 0
                ? ` (${(0,src_text/* plural */.LS)(packed.ignored.length, 'path')} left out by .terraformignore and the defaults)`
                : '') +
            '.');
        const tested = {
            inputs,
            module,
            workspaceRoot: context.workspaceRoot,
            annotationsOnCheckRun: context.annotationsOnCheckRun ?? false,
            configuration: { files: packed.files, bytes: packed.bytes, ignored: packed.ignored.length },
        };
        if (inputs.dryRun)
            return await dryRun(tested, packed, client, signal);
        return await testModule(tested, packed, context, t);
    }
    finally {
        await packed.remove();
    }
}
/**
 * The steps on the service, each handing a value to the next: the start (variables,
 * configuration version, upload, the run adopted or created), then the run followed to its end
 * or stopped; or, without a run, the stop of whatever the upload may have started.
 */
async function testModule(tested, packed, context, t) {
    const { sink, client, cancellation, saveState } = context;
    const { inputs, module } = tested;
    const start = await startRun({
        inputs,
        module,
        archive: packed,
        client,
        cancellation,
        saveState,
        sink,
        tuning: t,
    });
    const { setup } = start;
    // Every run of the version is stopped through one guard, wound down by the runner's signals.
    const guard = new version_guard/* VersionGuard */.A({
        client,
        module,
        cancellation,
        windDown: (0,stop_policy/* mainStepWindDown */.iU)(cancellation, t, t.clock),
        pollMs: t.stopPollMs,
        clock: t.clock,
        info: (line) => sink.info(line),
        warn: (line) => sink.annotate({ level: 'warning', message: line }),
        debug: (line) => sink.debug(line),
    });
    // The late-run window counts from the upload's answer; for an upload cut short (it may still
    // land), from now.
    const watchOtherRuns = (version, known, own) => guard.watchOtherRuns({
        version,
        ...(own !== undefined
            ? { ownRunId: own.id, ownRunFromUpload: own.attributes.source === 'svc-configuration-version' }
            : {}),
        uploadedAt: setup.upload?.answeredAt ?? t.clock.now(),
        timing: { ...other_runs/* DEFAULT_OTHER_RUNS_TIMING */.Re, ...t.otherRuns },
        known,
    });
    try {
        switch (start.kind) {
            case 'started': {
                const { started } = start;
                const watch = watchOtherRuns(start.setup.version, started.others, started.run);
                const ending = await follow(tested, started, guard, watch, context, t);
                // Made last, with nothing written after it: it reads the room the sink has left for annotations.
                return testRunResult(tested, setup, started, ending, sink);
            }
            case 'failed': {
                // The upload may have started a run by itself (spec 4.2): none is left running.
                const others = setup.upload && setup.version ? await watchOtherRuns(setup.version, []).finish() : [];
                return noRunResult(tested, setup, { kind: 'failed', note: start.failure }, others);
            }
            case 'cancelled': {
                const { version } = setup;
                const found = await afterCancelledStart({
                    setup,
                    requested: (0,version_runs/* requestedRunOf */.Ne)(inputs),
                    module,
                    client,
                    saveState,
                    sink,
                    tuning: t,
                    guard,
                    watchOtherRuns: (known, own) => watchOtherRuns(version, known, own),
                });
                if (found.kind === 'not-run')
                    return noRunResult(tested, setup, found.cancelled, found.others);
                const ending = await follow(tested, found.started, guard, found.watch, context, t);
                return testRunResult(tested, setup, found.started, ending, sink);
            }
        }
    }
    finally {
        guard.dispose();
    }
}
/** Follows the run, with the watch over the version's other runs started beside it. */
function follow(tested, started, guard, watch, context, t) {
    return followRun({
        first: started.run,
        module: tested.module,
        timeoutMs: tested.inputs.timeoutMs,
        guard,
        watch,
        client: context.client,
        cancellation: context.cancellation,
        saveState: context.saveState,
        sink: context.sink,
        tuning: t,
    });
}
async function warnWithoutTestDirectory(moduleRoot, inputs, warning) {
    const dir = (0,external_node_path_.resolve)(moduleRoot, inputs.testDirectory);
    try {
        if ((await (0,promises_.stat)(dir)).isDirectory())
            return;
    }
    catch {
        // Reported below.
    }
    warning(`The test-directory "${inputs.testDirectory}" is not a directory of ${(0,external_node_path_.join)(inputs.moduleDirectory, '')}: the test run may find no tests.`);
}


/***/ }),

/***/ 8648:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   W: () => (/* binding */ statusReporter)
/* harmony export */ });
/* harmony import */ var _lifetime_budgets_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2697);
/* harmony import */ var _format_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2011);
/* harmony import */ var _neutralise_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5942);
// How a long wait reads in the log: its status lines. The wait itself (pollUntil, its deadline
// and pauses) is in src/lifetime; durations are spelt by format.ts.



/**
 * Writes a status line when the status changes, and otherwise at most every `everyMs`, so a
 * long wait shows it is alive without flooding the log. The status is the service's: one item,
 * shown on one line with its control characters escaped.
 */
function statusReporter(log, everyMs = _lifetime_budgets_js__WEBPACK_IMPORTED_MODULE_0__/* .STATUS_LINE_EVERY_MS */ .fW) {
    let lastStatus;
    let lastAt = -Infinity;
    return (status, elapsedMs) => {
        if (status === lastStatus && elapsedMs - lastAt < everyMs)
            return;
        lastStatus = status;
        lastAt = elapsedMs;
        log(`${(0,_neutralise_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeControls */ .UN)(status)} (${(0,_format_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(elapsedMs)} elapsed)`);
    };
}


/***/ })

};

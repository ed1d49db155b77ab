export const id = 413;
export const ids = [413];
export const modules = {

/***/ 3413:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runCli: () => (/* binding */ runCli)
});

// UNUSED EXPORTS: envName

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
;// CONCATENATED MODULE: ./package.json
const package_namespaceObject = {"rE":"1.0.0"};
// EXTERNAL MODULE: ./src/action-metadata.ts
var action_metadata = __webpack_require__(227);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/report/neutralise.ts
var neutralise = __webpack_require__(5942);
// EXTERNAL MODULE: ./src/report/redact.ts
var report_redact = __webpack_require__(649);
// EXTERNAL MODULE: ./src/report/summary-budget.ts
var summary_budget = __webpack_require__(9570);
;// CONCATENATED MODULE: ./src/report/plain-sink.ts







/**
 * The sink for CI systems other than GitHub Actions: plain lines a person or a log parser can
 * read. Annotations follow the `file:line:column: level: message` convention that compilers use
 * and most CI systems recognise; outputs are `name=value` lines, with a multi-line value in the
 * same `name<<DELIMITER` form GitHub's output file uses.
 */
function plainSink(options = {}) {
    const out = options.stdout ?? process.stdout;
    const secrets = (0,report_redact/* redactor */.$)(options.secrets ?? []);
    const budget = (0,summary_budget/* summaryBudget */.q)(options.summaryLimitBytes ?? Number.POSITIVE_INFINITY);
    const redact = (text) => secrets.redact(text);
    // Stdout may still be read by a GitHub runner (the command line run from a workflow step), and
    // is read by a terminal or another CI system's log viewer: secrets masked first, then no control
    // character but the line breaks of a message, and nothing the runner would run. An item (an
    // annotation's title or file, a group's name) stays on one line.
    const shown = (text) => (0,neutralise/* neutraliseForLog */.gh)(redact(text), { lineBreaks: true });
    const item = (text) => (0,neutralise/* neutraliseForLog */.gh)(redact(text));
    const line = (text) => {
        out.write(`${shown(text)}\n`);
    };
    return {
        info(message) {
            line(message);
        },
        warning(message) {
            line(`warning: ${message}`);
        },
        error(message) {
            line(`error: ${message}`);
        },
        debug(message) {
            if (options.debug)
                line(`debug: ${message}`);
        },
        annotate(annotation) {
            const { title, file } = annotation;
            line(annotationLine({
                ...annotation,
                ...(title === undefined ? {} : { title: item(title) }),
                ...(file === undefined ? {} : { file: item(file) }),
            }));
        },
        setOutput(name, value) {
            if (options.outputFile) {
                try {
                    (0,external_node_fs_.appendFileSync)(options.outputFile, outputLines(name, redact(value)));
                    return;
                }
                catch (error) {
                    line(`warning: output ${name} could not be written to ${options.outputFile}: ${(0,errors/* getErrorMessage */.u1)(error)}`);
                }
            }
            out.write(outputLines(name, shown(value)));
        },
        async writeSummary(markdown) {
            const text = budget.fit(redact(markdown));
            if (text === '')
                return;
            const body = text.endsWith('\n') ? text : `${text}\n`;
            if (options.summaryFile) {
                try {
                    await (0,promises_.appendFile)(options.summaryFile, body, 'utf8');
                    return;
                }
                catch (error) {
                    line(`warning: the summary could not be written to ${options.summaryFile}: ${(0,errors/* getErrorMessage */.u1)(error)}`);
                }
            }
            // The summary printed whole: its lines, and the tabs of the code it quotes, as they are. On
            // a terminal (the command line, without --summary-file) it was rendered there, the colours
            // added after every control of the Markdown was escaped (terminal-summary.ts): they are
            // kept. Markdown that was bound for a file never had any.
            const colours = options.summaryFile === undefined;
            out.write(`\n${(0,neutralise/* neutraliseForLog */.gh)(body, { lineBreaks: true, tabs: true, colours })}`);
        },
        startGroup(name) {
            line(`── ${item(name)}`);
        },
        endGroup() { },
        annotationRoom() {
            return Number.POSITIVE_INFINITY;
        },
        fail(message) {
            line(`error: ${message}`);
        },
        addSecret(value) {
            secrets.add(value);
        },
        redact,
    };
}
/** `file:line:column: level: title: message`, continuation lines indented. */
function annotationLine(annotation) {
    let location = '';
    if (annotation.file) {
        location = annotation.file;
        if (annotation.startLine) {
            location += `:${annotation.startLine}`;
            if (annotation.startColumn)
                location += `:${annotation.startColumn}`;
        }
        location += ': ';
    }
    const title = annotation.title ? `${annotation.title}: ` : '';
    const [first = '', ...rest] = annotation.message.replace(/\r\n?/g, '\n').trimEnd().split('\n');
    const continuation = rest.map((l) => (l === '' ? '' : `    ${l}`));
    return [`${location}${annotation.level}: ${title}${first}`, ...continuation].join('\n');
}
/** `name=value`, or for a value on several lines `name<<DELIMITER`, the lines, `DELIMITER`. */
function outputLines(name, value) {
    if (!/[\r\n]/.test(value))
        return `${name}=${value}\n`;
    let delimiter = 'EOF';
    while (value.includes(delimiter))
        delimiter = `EOF_${(0,external_node_crypto_.randomUUID)()}`;
    return `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
}

;// CONCATENATED MODULE: ./src/report/terminal-summary.ts
// Renders a job summary (Markdown with the HTML GitHub accepts: tables, details, code) as plain
// text for a terminal: the command line prints it so (unless --summary-file asks for the
// Markdown), and the demo shows with it what GitHub would show on the run's page.

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
/** What a summary's text may hold of the control characters: its lines and the tabs of its code. */
const TEXT_LAYOUT = { lineBreaks: true, tabs: true };
function decodeEntities(text) {
    return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name) => {
        // A character an entity names is text like any other: a control one is shown escaped.
        const character = (code) => (0,neutralise/* escapeControls */.UN)(String.fromCodePoint(code), TEXT_LAYOUT);
        if (name.startsWith('#x'))
            return character(parseInt(name.slice(2), 16));
        if (name.startsWith('#') && name !== '#39')
            return character(Number(name.slice(1)));
        return ENTITIES[name.toLowerCase()] ?? whole;
    });
}
function inline(html, style) {
    return decodeEntities(html
        .replace(/<br\s*\/?>/gi, '\n')
        .replace(/<(strong|b)>([\s\S]*?)<\/\1>/gi, (_, _t, inner) => style.bold(inner))
        .replace(/<code>([\s\S]*?)<\/code>/gi, (_, inner) => style.code(inner))
        .replace(/<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href, text) => text === href ? text : `${text} (${href})`)
        .replace(/<[^>]+>/g, '')
        .replace(/\*\*([^*]+)\*\*/g, (_, inner) => style.bold(inner))
        .replace(/`([^`\n]+)`/g, (_, inner) => style.code(inner))
        .replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1'));
}
const PLAIN = { bold: (t) => t, code: (t) => t, dim: (t) => t, added: (t) => t, removed: (t) => t };
const ANSI = {
    bold: (t) => `\x1b[1m${t}\x1b[22m`,
    code: (t) => `\x1b[36m${t}\x1b[39m`,
    dim: (t) => `\x1b[2m${t}\x1b[22m`,
    added: (t) => `\x1b[32m${t}\x1b[39m`,
    removed: (t) => `\x1b[31m${t}\x1b[39m`,
};
// eslint-disable-next-line no-control-regex
const visibleLength = (text) => [...text.replace(/\x1b\[[0-9;]*m/g, '')].length;
function cut(text, width) {
    if (visibleLength(text) <= width)
        return text + ' '.repeat(width - visibleLength(text));
    // eslint-disable-next-line no-control-regex
    const plain = [...text.replace(/\x1b\[[0-9;]*m/g, '')];
    return `${plain.slice(0, width - 1).join('')}…`;
}
function renderTable(html, style, width) {
    const rows = [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/gi)].map((row) => [...row[1].matchAll(/<t([hd])[^>]*>([\s\S]*?)<\/t\1>/gi)].map((cell) => ({
        header: cell[1] === 'h',
        text: inline(cell[2], style)
            .replace(/\s*\n\s*/g, ' ')
            .trim(),
    })));
    if (rows.length === 0)
        return '';
    const columns = Math.max(...rows.map((r) => r.length));
    const natural = Array.from({ length: columns }, (_, i) => Math.max(1, ...rows.map((r) => visibleLength(r[i]?.text ?? ''))));
    // Each column takes ` text ` and a border: the table is as wide as its cells plus 3 a column and 1.
    const widths = width === undefined ? natural : fitColumns(natural, width - (3 * columns + 1));
    const line = (left, mid, right) => style.dim(left + widths.map((w) => '─'.repeat(w + 2)).join(mid) + right);
    const out = [line('┌', '┬', '┐')];
    rows.forEach((row, index) => {
        const cells = widths.map((w, i) => {
            const cell = row[i];
            const text = cut(cell?.text ?? '', w);
            return ` ${cell?.header ? style.bold(text) : text} `;
        });
        out.push(style.dim('│') + cells.join(style.dim('│')) + style.dim('│'));
        if (index === 0 && row.every((c) => c.header))
            out.push(line('├', '┼', '┤'));
    });
    out.push(line('└', '┴', '┘'));
    return out.join('\n');
}
/** Narrowest a column is cut to, however little room the terminal has: a word stays readable. */
const MIN_COLUMN = 8;
/**
 * Column widths within `room` characters of cells: the widest columns are cut first, each to the
 * same limit, so that short columns keep all they hold; none below MIN_COLUMN (or its own width).
 */
function fitColumns(natural, room) {
    if (natural.reduce((a, b) => a + b, 0) <= room)
        return [...natural];
    const floor = (w) => Math.min(w, MIN_COLUMN);
    // The largest limit at which the cut columns fit.
    let limit = Math.max(...natural);
    while (limit > MIN_COLUMN && natural.reduce((sum, w) => sum + Math.max(floor(w), Math.min(w, limit)), 0) > room)
        limit--;
    return natural.map((w) => Math.max(floor(w), Math.min(w, limit)));
}
/**
 * How wide the terminal is, for the tables of the summary: `COLUMNS` when set, else the width of
 * stdout when it is a terminal; undefined (nothing cut) when the text goes to a file or a pipe,
 * a CI system's log among them, where any line may be long.
 */
function terminalWidth(env, stdout) {
    const columns = Number(env.COLUMNS);
    if (env.COLUMNS !== undefined && Number.isInteger(columns) && columns > 0)
        return columns;
    return stdout.isTTY === true && stdout.columns !== undefined && stdout.columns > 0 ? stdout.columns : undefined;
}
/**
 * `width`: the terminal's (terminalWidth); tables are fitted to it. Undefined: nothing is cut.
 * Every control character of the Markdown (text of the service's, a log's, a file's among it)
 * is shown escaped before the colours are added, so that the only escape sequences in what this
 * returns are its own colours.
 */
function renderSummaryForTerminal(markdown, options = {}) {
    const style = options.color ? ANSI : PLAIN;
    const blocks = [];
    let text = (0,neutralise/* escapeControls */.UN)(markdown, TEXT_LAYOUT)
        .replace(/<table>[\s\S]*?<\/table>/gi, (table) => {
        blocks.push(renderTable(table, style, options.width));
        return `\n\u0000${blocks.length - 1}\u0000\n`;
    })
        .replace(/<details[^>]*>\s*<summary>([\s\S]*?)<\/summary>/gi, (_, summary) => `\n▸ ${inline(summary, style)}\n`)
        .replace(/<\/details>/gi, '\n');
    const lines = [];
    // The open fence and its language; a fence closes only with its own marker, at least as long.
    let fence;
    for (const raw of text.split('\n')) {
        const marker = /^\s{0,3}(`{3,}|~{3,})\s*([\w+.-]*)\s*$/.exec(raw);
        if (fence === undefined && marker) {
            fence = { marker: marker[1], language: marker[2] ?? '' };
            continue;
        }
        if (fence !== undefined &&
            marker &&
            marker[2] === '' &&
            marker[1][0] === fence.marker[0] &&
            marker[1].length >= fence.marker.length) {
            fence = undefined;
            continue;
        }
        if (fence !== undefined) {
            const paint = fence.language !== 'diff'
                ? style.dim
                : raw.startsWith('+')
                    ? style.added
                    : raw.startsWith('-')
                        ? style.removed
                        : style.dim;
            lines.push(`    ${paint(raw)}`);
            continue;
        }
        // eslint-disable-next-line no-control-regex -- NUL marks where a rendered block goes back
        const block = /^\u0000(\d+)\u0000$/.exec(raw);
        if (block) {
            lines.push(blocks[Number(block[1])]);
            continue;
        }
        const heading = /^(#{1,6})\s+(.*)$/.exec(raw);
        if (heading) {
            const title = inline(heading[2], PLAIN);
            lines.push('', style.bold(heading[1].length <= 2 ? title.toUpperCase() : title));
            continue;
        }
        if (/^\s*> ?\[!(NOTE|WARNING|IMPORTANT|TIP|CAUTION)\]/i.test(raw)) {
            lines.push(style.bold(raw.replace(/^\s*> ?\[!(\w+)\]/i, (_, kind) => `${kind.toUpperCase()}:`)));
            continue;
        }
        lines.push(inline(raw.replace(/^\s*> ?/, '  '), style));
    }
    text = lines.join('\n').replace(/\n{3,}/g, '\n\n');
    return text.trim() + '\n';
}

;// CONCATENATED MODULE: ./src/cli-sink.ts
// The report as the command line shows it: the plain sink, plus what a person at a terminal
// needs from it. Messages name flags (`--base-url`), not the action's inputs; the summary is text
// unless --summary-file asks for the Markdown; the outputs are `name=value` lines, but the long
// JSON of `result` is written only to --output-file.


/** Outputs too long for a terminal line: written only to --output-file. */
const FILE_ONLY_OUTPUTS = new Set(['result']);
function commandLineSink(options) {
    const base = plainSink({
        stdout: options.stdout,
        debug: options.debug,
        ...(options.summaryFile ? { summaryFile: options.summaryFile } : {}),
        ...(options.outputFile ? { outputFile: options.outputFile } : {}),
    });
    const flags = (text) => inputsAsFlags(text, options.inputs, options.envName);
    return {
        ...base,
        summaryInLog: !options.summaryFile,
        info: (message) => base.info(flags(message)),
        warning: (message) => base.warning(flags(message)),
        error: (message) => base.error(flags(message)),
        fail: (message) => base.fail(flags(message)),
        annotate: (annotation) => base.annotate({ ...annotation, message: flags(annotation.message) }),
        setOutput(name, value) {
            if (!options.outputFile && FILE_ONLY_OUTPUTS.has(name))
                return;
            base.setOutput(name, value);
        },
        async writeSummary(markdown) {
            if (options.summaryFile)
                return base.writeSummary(flags(markdown));
            // Secrets are masked after rendering too: the base sink redacts what it prints.
            return base.writeSummary(renderSummaryForTerminal(flags(markdown), {
                color: options.color,
                ...(options.width !== undefined ? { width: options.width } : {}),
            }));
        },
    };
}
/**
 * `Input "base-url" must be…` → `--base-url must be…`, `the organization input` →
 * `--organization`, `Inputs "a" and "b"` → `--a and --b`. A missing input also says which
 * environment variable can give it (a token is better kept off the command line, where other
 * users of the machine can read it). Only names of inputs are rewritten.
 */
function inputsAsFlags(text, inputs, envName) {
    const flag = (name, whole) => (inputs.has(name) ? `--${name}` : whole);
    // A quote as a message writes it, or as the job summary's Markdown escapes it.
    const q = '(?:"|&quot;)';
    const name = '([a-z][a-z0-9-]*)';
    return (text
        .replace(new RegExp(`\\b[Ii]nput ${q}${name}${q} is required\\b`, 'g'), (whole, input) => inputs.has(input) ? `--${input} (or ${envName(input)}) is required` : whole)
        .replace(new RegExp(`\\b[Ii]nputs ${q}${name}${q} and ${q}${name}${q}`, 'g'), (whole, a, b) => inputs.has(a) && inputs.has(b) ? `--${a} and --${b}` : whole)
        .replace(new RegExp(`\\b[Ii]nput (?:${q}${name}${q}|\`${name}\`)`, 'g'), (whole, quoted, ticked) => flag((quoted ?? ticked), whole))
        // `--registry-module-id (to allow a module) or "no-code-module-id"`
        .replace(new RegExp(`(--[a-z][a-z0-9-]*(?: \\([^)]*\\))? or )${q}${name}${q}`, 'g'), (whole, before, input) => (inputs.has(input) ? `${before}--${input}` : whole))
        .replace(/\b(?:[Tt]he )?([a-z][a-z0-9-]*) input\b/g, (whole, input) => flag(input, whole)));
}

// EXTERNAL MODULE: ./src/inputs/schema.ts + 1 modules
var schema = __webpack_require__(710);
;// CONCATENATED MODULE: ./src/cli-flags.ts
// The command line's vocabulary: which flags each mode takes, and how an input is named as a
// flag and as an environment variable. The inputs themselves are the action's (inputs/schema.ts
// says which mode reads which, action.yml describes them).

/** Flags of the command line itself, in every mode. */
const COMMAND_LINE_FLAGS = ['summary-file', 'output-file', 'debug', 'help'];
/** The inputs a mode reads and acts on, as its flags, in the order of the input table. */
function inputFlagsOf(mode) {
    return (0,schema/* inputsOf */.Vc)(mode).filter((name) => name !== 'mode' && (0,schema/* gitHubOnlyReason */.c5)(name) === undefined && (0,schema/* isUsedIn */.Fn)(mode, name));
}
/** The modes that take an input as a flag. */
function modesWithFlag(name) {
    return schema/* MODES */.FN.filter((mode) => inputFlagsOf(mode).includes(name));
}
/** A flag that stands alone means `true`: the boolean inputs (default true or false), --debug, --help. */
function isSwitch(metadata, name) {
    if (name === 'help' || name === 'debug')
        return true;
    const value = metadata.inputs[name]?.default;
    return value === 'true' || value === 'false';
}
/** `base-url` → `SVC_BASE_URL`. */
function envName(input) {
    return `SVC_${input.replace(/-/g, '_').toUpperCase()}`;
}

;// CONCATENATED MODULE: ./src/cli-help.ts
// What the command line prints about itself: the usage line, the general help, and the flags of
// a mode, described from action.yml.



const NAME = 'svc-ci-action';
const EXIT_CODES = 'Exit codes: 0 success, 1 failure, 2 bad input (nothing was sent).';
/** Printed on stderr when the command line is started without a mode. */
function usage() {
    return [
        `Usage: ${NAME} <mode> [--flag value ...]`,
        `       ${NAME} <mode> --help`,
        `       ${NAME} --help | --version`,
        '',
        `Modes: ${schema/* MODES */.FN.join(', ')}.`,
        `Run "${NAME} --help" for more.`,
        '',
    ].join('\n');
}
function generalHelp(version) {
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
function modeHelp(mode, metadata) {
    const lines = [`Usage: ${NAME} ${mode} [--flag value ...]`, '', 'Flags:'];
    for (const name of inputFlagsOf(mode)) {
        const meta = metadata.inputs[name];
        if (!meta)
            continue;
        const shownDefault = meta.default && !meta.default.includes('${{') ? ` (default: ${meta.default.replace(/\n/g, ', ')})` : '';
        const required = meta.required || (0,schema/* isRequiredIn */.VD)(mode, name) ? ' (required)' : '';
        lines.push(`  --${name}${required}${shownDefault}`, ...wrap(meta.description, 6), `      env: ${envName(name)}`);
    }
    const fileOnly = [...FILE_ONLY_OUTPUTS].join(', ');
    lines.push('', 'Command line only:', '  --summary-file PATH   append the Markdown job summary to PATH; without it the summary is', '                        printed as text', '  --output-file PATH    append the outputs to PATH (name=value lines, name<<EOF for several', `                        lines); without it they are printed, except ${fileOnly} (JSON), which`, '                        is written only to this file', '  --debug               print debug lines (requests, retries)', '  -h, --help            this help', '', 'A boolean flag alone means true (--dry-run). A flag of several lines may be repeated.', EXIT_CODES, '');
    return lines.join('\n');
}
function wrap(text, indent, width = 96) {
    const out = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
        if (line && line.length + word.length + 1 > width - indent) {
            out.push(' '.repeat(indent) + line);
            line = word;
        }
        else
            line = line ? `${line} ${word}` : word;
    }
    if (line)
        out.push(' '.repeat(indent) + line);
    return out;
}

// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
// EXTERNAL MODULE: ./src/main.ts + 12 modules
var main = __webpack_require__(6771);
;// CONCATENATED MODULE: ./src/cli.ts












/**
 * `svc-ci-action <mode> --flag value ...` for CI systems other than GitHub Actions: flags and
 * environment variables become the very inputs the action reads, and run() does the rest.
 * Exit codes: 0 success, 1 failure, 2 bad input.
 */
async function runCli(args, io = { stdout: process.stdout, stderr: process.stderr, env: process.env }) {
    const [mode, ...rest] = args;
    if (mode === undefined) {
        io.stderr.write(usage());
        return errors/* EXIT_BAD_INPUT */.yt;
    }
    if (mode === '--version') {
        io.stdout.write(`${package_namespaceObject.rE}\n`);
        return errors/* EXIT_SUCCESS */.DD;
    }
    if (mode === '--help' || mode === '-h' || mode === 'help') {
        io.stdout.write(generalHelp(package_namespaceObject.rE));
        return errors/* EXIT_SUCCESS */.DD;
    }
    if (!(0,schema/* isMode */.SF)(mode)) {
        const what = mode.startsWith('-')
            ? `${mode} comes after a mode.`
            : `unknown mode "${mode}".${(0,src_text/* didYouMean */.au)(mode, schema/* MODES */.FN)}`;
        io.stderr.write(`error: ${what}\n\n${usage()}`);
        return errors/* EXIT_BAD_INPUT */.yt;
    }
    const metadata = (0,action_metadata/* readActionMetadata */.O)();
    let parsed;
    try {
        parsed = parseFlags(mode, rest, metadata);
    }
    catch (error) {
        io.stderr.write(`error: ${error.message}\nRun "svc-ci-action ${mode} --help" for the flags of this mode.\n`);
        return errors/* EXIT_BAD_INPUT */.yt;
    }
    if (parsed.help) {
        io.stdout.write(modeHelp(mode, metadata));
        return errors/* EXIT_SUCCESS */.DD;
    }
    const offered = new Set(inputFlagsOf(mode));
    const read = (name) => {
        if (name === 'mode')
            return mode;
        // An input this mode has no flag for is not read from the environment either.
        if (!offered.has(name))
            return '';
        return (parsed.inputs.get(name) ?? io.env[envName(name)] ?? io.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '');
    };
    const sink = commandLineSink({
        stdout: io.stdout,
        inputs: new Set(Object.keys(metadata.inputs)),
        envName: envName,
        debug: parsed.debug,
        color: io.stdout.isTTY === true && !io.env.NO_COLOR && io.env.TERM !== 'dumb',
        ...widthOf(io),
        ...(parsed.summaryFile ? { summaryFile: parsed.summaryFile } : {}),
        ...(parsed.outputFile ? { outputFile: parsed.outputFile } : {}),
    });
    return (0,main/* run */.e)({ read, sink, checkRuns: false });
}
function widthOf(io) {
    const width = terminalWidth(io.env, io.stdout);
    return width === undefined ? {} : { width };
}
function parseFlags(mode, args, metadata) {
    const names = inputFlagsOf(mode);
    const result = { inputs: new Map(), debug: false, help: false };
    for (let i = 0; i < args.length; i++) {
        const arg = args[i];
        if (arg === '-h') {
            result.help = true;
            continue;
        }
        const match = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/s.exec(arg);
        if (!match)
            throw new Error(unexpectedArgument(args, i));
        const name = match[1];
        if (!names.includes(name) && !COMMAND_LINE_FLAGS.includes(name))
            throw new Error(notAFlag(mode, name));
        let value = match[2];
        if (value === undefined) {
            const next = args[i + 1];
            // No positional arguments exist, so a switch takes the next word as its value only when
            // it is not another flag: `--dry-run --prune true` and `--dry-run` alone both work.
            if (isSwitch(metadata, name) && (next === undefined || next.startsWith('--')))
                value = 'true';
            else if (next === undefined || next.startsWith('--'))
                throw new Error(`--${name} needs a value.`);
            else
                value = args[++i];
        }
        if (name === 'help')
            result.help = value === 'true';
        else if (name === 'debug')
            result.debug = value === 'true';
        else if (name === 'summary-file')
            result.summaryFile = value;
        else if (name === 'output-file')
            result.outputFile = value;
        else {
            const previous = result.inputs.get(name);
            if (previous !== undefined && !(0,schema/* takesLines */.M8)(name))
                throw new Error(`--${name} is given twice.`);
            result.inputs.set(name, previous === undefined ? value : `${previous}\n${value}`);
        }
    }
    return result;
}
/**
 * Why the word at `index` is refused: no flag takes it. After a flag and its value, the likely
 * cause is a pattern the shell expanded into several files before the command saw it.
 */
function unexpectedArgument(args, index) {
    const arg = args[index];
    const flag = index >= 2 ? /^--([a-z][a-z0-9-]*)$/.exec(args[index - 2])?.[1] : undefined;
    if (flag === undefined || args[index - 1].startsWith('--')) {
        return `unexpected argument "${arg}"; flags look like --name value.`;
    }
    const words = [args[index - 1]];
    for (let j = index; j < args.length && !args[j].startsWith('--'); j++)
        words.push(args[j]);
    const head = `unexpected argument "${arg}" after --${flag} ${args[index - 1]}: a flag takes one value`;
    if (flag !== 'policy-files')
        return `${head}; quote a value that holds spaces, and repeat the flag for each value.`;
    return (`${head}. Likely the shell expanded an unquoted pattern into these ${words.length} files: ` +
        `quote it so that it reaches the command whole, --${flag} '${patternOf(words)}'.`);
}
/** A pattern that matches the files a shell expanded one into, as a person would have written it. */
function patternOf(files) {
    const dirs = [...new Set(files.map((f) => external_node_path_.posix.dirname(f)))];
    const exts = [...new Set(files.map((f) => external_node_path_.posix.extname(f)))];
    const ext = exts.length === 1 ? exts[0] : '';
    if (dirs.length === 1)
        return `${dirs[0] === '.' ? '' : `${dirs[0]}/`}*${ext}`;
    // The directory all of them are under.
    let common = dirs[0].split('/');
    for (const dir of dirs.slice(1)) {
        const parts = dir.split('/');
        let k = 0;
        while (k < common.length && common[k] === parts[k])
            k++;
        common = common.slice(0, k);
    }
    return `${common.length > 0 && common[0] !== '.' ? `${common.join('/')}/` : ''}**/*${ext}`;
}
/** Why --name is refused: a flag of other modes, GitHub's alone, or no flag at all. */
function notAFlag(mode, name) {
    if (name === 'mode')
        return `--mode is not a flag: the mode is the first argument (${mode} here).`;
    const gitHubOnly = name in schema/* INPUTS */.mc ? (0,schema/* gitHubOnlyReason */.c5)(name) : undefined;
    if (gitHubOnly !== undefined)
        return `--${name} is not a flag: ${gitHubOnly}.`;
    const modes = modesWithFlag(name);
    if (modes.length > 0) {
        const why = name === 'timeout' ? `: ${mode} never waits for the service` : '';
        return `--${name} is not a flag of ${mode}${why} (it is a flag of ${modes.join(' and ')}).`;
    }
    const flags = [...inputFlagsOf(mode), ...COMMAND_LINE_FLAGS];
    return `unknown flag --${name}.${(0,src_text/* didYouMean */.au)(name, flags, (flag) => `--${flag}`)}`;
}


/***/ })

};

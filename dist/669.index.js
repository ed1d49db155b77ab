export const id = 669;
export const ids = [669];
export const modules = {

/***/ 3669:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runCli: () => (/* binding */ runCli)
});

// UNUSED EXPORTS: envName

// EXTERNAL MODULE: ./src/action-metadata.ts
var action_metadata = __webpack_require__(227);
// EXTERNAL MODULE: ./src/inputs/schema.ts + 2 modules
var schema = __webpack_require__(3880);
// EXTERNAL MODULE: ./src/main.ts + 7 modules
var main = __webpack_require__(1483);
// EXTERNAL MODULE: ./src/report/neutralise.ts
var neutralise = __webpack_require__(5942);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
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
    // Stdout may still be read by a GitHub runner (the command line run from a workflow step):
    // secrets masked first, then nothing the runner would run.
    const shown = (text) => (0,neutralise/* neutraliseCommands */.$)(redact(text));
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
            line(annotationLine(annotation));
        },
        setOutput(name, value) {
            if (options.outputFile) {
                try {
                    (0,external_node_fs_.appendFileSync)(options.outputFile, outputLines(name, redact(value)));
                    return;
                }
                catch (error) {
                    line(`warning: output ${name} could not be written to ${options.outputFile}: ${(0,errors/* getErrorMessage */.u)(error)}`);
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
                    line(`warning: the summary could not be written to ${options.summaryFile}: ${(0,errors/* getErrorMessage */.u)(error)}`);
                }
            }
            out.write(`\n${(0,neutralise/* neutraliseCommands */.$)(body)}`);
        },
        startGroup(name) {
            line(`── ${name}`);
        },
        endGroup() { },
        annotationRoom() {
            return Number.POSITIVE_INFINITY;
        },
        fail(message) {
            line(`error: ${message}`);
            process.exitCode = 1;
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

;// CONCATENATED MODULE: ./src/cli.ts





/** Inputs that take several lines: a repeated flag adds a line. */
const MULTI_LINE = new Set(['policy-files', 'policy-sets', 'test-filters', 'test-variables', 'test-env-variables', 'workspace-id', 'workspace-variables']);
/** Inputs of the action that make no sense on the command line. */
const GITHUB_ONLY = new Set(['mode', 'github-token', 'check-name', 'comment-on-pr']);
const CLI_FLAGS = ['summary-file', 'output-file', 'debug', 'help'];
/**
 * `svc-ci-action <mode> --flag value ...` for CI systems other than GitHub Actions: flags and
 * environment variables become the very inputs the action reads, and run() does the rest.
 * Exit codes: 0 success, 1 failure, 2 bad input.
 */
async function runCli(args, io = { stdout: process.stdout, stderr: process.stderr, env: process.env }) {
    const metadata = (0,action_metadata/* readActionMetadata */.O)();
    const [mode, ...rest] = args;
    if (mode === undefined || mode === '--help' || mode === '-h' || mode === 'help') {
        io.stdout.write(generalHelp());
        return mode === undefined ? main/* EXIT_BAD_INPUT */.yt : 0;
    }
    if (!schema/* MODES */.FN.includes(mode)) {
        io.stderr.write(`error: unknown mode "${mode}"; one of ${schema/* MODES */.FN.join(', ')}.\n\n${generalHelp()}`);
        return main/* EXIT_BAD_INPUT */.yt;
    }
    const names = inputsOf(mode);
    let parsed;
    try {
        parsed = parseFlags(rest, names, metadata);
    }
    catch (error) {
        io.stderr.write(`error: ${error.message}\nRun "svc-ci-action ${mode} --help" for the flags of this mode.\n`);
        return main/* EXIT_BAD_INPUT */.yt;
    }
    if (parsed.help) {
        io.stdout.write(modeHelp(mode, metadata));
        return 0;
    }
    const read = (name) => {
        if (name === 'mode')
            return mode;
        return parsed.inputs.get(name) ?? io.env[envName(name)] ?? io.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '';
    };
    const sinkOptions = { stdout: io.stdout, debug: parsed.debug };
    if (parsed.summaryFile)
        sinkOptions.summaryFile = parsed.summaryFile;
    if (parsed.outputFile)
        sinkOptions.outputFile = parsed.outputFile;
    const restore = translateWorkflowCommands(parsed.debug);
    try {
        return await (0,main/* run */.eF)({ read, sink: plainSink(sinkOptions), checkRuns: false });
    }
    finally {
        restore();
    }
}
/**
 * Libraries of the Actions toolkit (@actions/glob) log through @actions/core, which writes
 * workflow commands such as `::debug::...` to stdout. Outside GitHub nobody interprets them, so
 * they are dropped, or shown as plain debug lines with --debug.
 */
function translateWorkflowCommands(debug) {
    const original = process.stdout.write;
    process.stdout.write = function (chunk, ...rest) {
        if (typeof chunk === 'string' && chunk.startsWith('::debug::')) {
            if (!debug)
                return true;
            // The paths it names come from the repository: printed plain, they must not become commands.
            chunk = (0,neutralise/* neutraliseCommands */.$)(`debug: ${chunk.slice('::debug::'.length)}`);
        }
        return original.call(this, chunk, ...rest);
    };
    return () => {
        process.stdout.write = original;
    };
}
function parseFlags(args, names, metadata) {
    const result = { inputs: new Map(), debug: false, help: false };
    for (let i = 0; i < args.length; i++) {
        const arg = args[i];
        if (arg === '-h') {
            result.help = true;
            continue;
        }
        const match = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/s.exec(arg);
        if (!match)
            throw new Error(`unexpected argument "${arg}"; flags look like --name value.`);
        const name = match[1];
        if (!names.includes(name) && !CLI_FLAGS.includes(name))
            throw new Error(`unknown flag --${name}.`);
        const isSwitch = name === 'help' || name === 'debug' || isBooleanInput(metadata, name);
        let value = match[2];
        if (value === undefined) {
            const next = args[i + 1];
            // No positional arguments exist, so a switch takes the next word as its value only when
            // it is not another flag: `--dry-run --prune true` and `--dry-run` alone both work.
            if (isSwitch && (next === undefined || next.startsWith('--')))
                value = 'true';
            else if (next === undefined || next.startsWith('--'))
                throw new Error(`flag --${name} needs a value.`);
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
            if (previous !== undefined && !MULTI_LINE.has(name))
                throw new Error(`flag --${name} is given twice.`);
            result.inputs.set(name, previous === undefined ? value : `${previous}\n${value}`);
        }
    }
    return result;
}
function inputsOf(mode) {
    return [...schema/* COMMON_INPUTS */.s7, ...schema/* MODE_INPUTS */.Mq[mode]].filter((n) => !GITHUB_ONLY.has(n));
}
function isBooleanInput(metadata, name) {
    const d = metadata.inputs[name]?.default;
    return d === 'true' || d === 'false';
}
/** `base-url` → `SVC_BASE_URL`. */
function envName(input) {
    return `SVC_${input.replace(/-/g, '_').toUpperCase()}`;
}
function generalHelp() {
    return [
        'Usage: svc-ci-action <mode> [--flag value ...]',
        '',
        'Modes:',
        ...schema/* MODES */.FN.map((m) => `  ${m}`),
        '',
        'Run "svc-ci-action <mode> --help" for the flags of a mode. Every flag can also be given as an',
        'environment variable: --base-url as SVC_BASE_URL (or INPUT_BASE-URL, as in GitHub Actions).',
        'Exit codes: 0 success, 1 failure, 2 bad input.',
        '',
    ].join('\n');
}
function modeHelp(mode, metadata) {
    const lines = [`Usage: svc-ci-action ${mode} [--flag value ...]`, '', 'Flags:'];
    for (const name of inputsOf(mode)) {
        const meta = metadata.inputs[name];
        if (!meta)
            continue;
        const shownDefault = meta.default && !meta.default.includes('${{') ? ` (default: ${meta.default.replace(/\n/g, ', ')})` : '';
        const required = (0,schema/* isRequiredIn */.VD)(mode, name) ? ' (required)' : '';
        lines.push(`  --${name}${required}${shownDefault}`, ...wrap(meta.description, 6), `      env: ${envName(name)}`);
    }
    lines.push('', 'Command line only:', '  --summary-file PATH   append the Markdown summary to PATH instead of printing it', '  --output-file PATH    append the outputs (name=value lines) to PATH instead of printing them', '  --debug               print debug lines (requests, retries)', '', 'Outputs are printed as name=value lines. Exit codes: 0 success, 1 failure, 2 bad input.', '');
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


/***/ })

};

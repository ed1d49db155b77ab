export const id = 927;
export const ids = [927];
export const modules = {

/***/ 5927:
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

;// CONCATENATED MODULE: ./node_modules/ansi-regex/index.js
// Valid string terminator sequences are ESC\ and 0x9c; OSC also accepts BEL.
const ST = String.raw`(?:\u001B\u005C|\u009C)`;

// OSC sequences only: ESC ] ... BEL/ST (or the C1 introducer 0x9d ... BEL/ST).
// Payloads stop at terminators, cancellations, and C1 controls. An unterminated string cannot swallow the next sequence or repeatedly scan its payload from later introducers. Terminals likewise abort a control string on an unexpected ESC.
const stringControls = String.raw`\u0018\u001A\u001B\u0080-\u009F`;
const osc = String.raw`(?:\u001B\]|\u009D)[^\u0007${stringControls}]*(?:\u0007|${ST})`;

// DCS, SOS, PM, APC, and screen window titles have opaque payloads terminated by ST. Nested ESC payloads, such as tmux passthrough, require a parser.
const controlString = String.raw`(?:\u001B[PX^_k]|[\u0090\u0098\u009E\u009F])[^${stringControls}]*${ST}`;

// Linux console palette controls have fixed lengths and no string terminator; iTerm2 terminates its palette assignments. Consume an immediately adjacent OSC terminator, but match these controls before OSC so a later BEL cannot consume visible text.
const linuxPalette = String.raw`\u001B\](?:P[\dA-Fa-f]{7}|R)(?:\u0007|${ST})?`;

// CSI: ESC [ or C1 CSI, parameter bytes (0x30–0x3f), intermediate bytes (0x20–0x2f), then a final byte (0x40–0x7e).
// `= < >` are final bytes in two-byte VT52 escapes (`ESC >`) but parameter bytes in a CSI (`ESC [ > 0 ; 276 ; 0 c`, the device attributes reply). Match CSI first to consume the whole sequence, where its introducer makes the two unambiguous.
const csi = String.raw`(?:\u001B\[|\u009B)[\u0030-\u003F]*[\u0020-\u002F]*[\u0040-\u007E]`;

// Related escapes: ESC, intermediate bytes (0x20–0x2f), then a final byte (0x30–0x7e), or a supported two-byte escape.
// The two-byte final class stays narrow so that ESC followed by an arbitrary character is not read as a sequence. CSI parameters belong only to the CSI form, preventing partial matches and avoiding a second scan with nested repetition.
// Escapes whose final byte is a digit include `ESC 7` and `ESC 8` (save and restore cursor), `ESC ( 0` (line drawing character set), and `ESC # 8` (screen alignment).
// A digit is never a CSI final byte. These escapes end immediately at their final byte, so `ESC 7 l` is read as the escape followed by text rather than a sequence with parameter 7 and final byte `l`.
const ansi_regex_escape = String.raw`\u001B(?:[\u0020-\u002F]+[\u0030-\u007E]|[\dA-PR-TZcf-oq-uy=><~|}])`;

const pattern = `${linuxPalette}|${osc}|${controlString}|${csi}|${ansi_regex_escape}`;

function ansiRegex({onlyFirst = false} = {}) {
	return new RegExp(pattern, onlyFirst ? undefined : 'g');
}

;// CONCATENATED MODULE: ./node_modules/strip-ansi/index.js


const regex = ansiRegex();

function stripAnsi(string) {
	if (typeof string !== 'string') {
		throw new TypeError(`Expected a \`string\`, got \`${typeof string}\``);
	}

	// Fast path: ANSI codes require ESC (7-bit) or CSI (8-bit) introducer
	if (!string.includes('\u001B') && !string.includes('\u009B')) {
		return string;
	}

	// Even though the regex is global, we don't need to reset the `.lastIndex`
	// because unlike `.exec()` and `.test()`, `.replace()` does it automatically
	// and doing it manually has a performance penalty.
	return string.replace(regex, '');
}

;// CONCATENATED MODULE: ./node_modules/get-east-asian-width/lookup-data.js
// Generated by scripts/build.js

const ambiguousMinimalCodePoint = 161;
const ambiguousMaximumCodePoint = 1114109;
const ambiguousRanges = [161, 161, 164, 164, 167, 168, 170, 170, 173, 174, 176, 180, 182, 186, 188, 191, 198, 198, 208, 208, 215, 216, 222, 225, 230, 230, 232, 234, 236, 237, 240, 240, 242, 243, 247, 250, 252, 252, 254, 254, 257, 257, 273, 273, 275, 275, 283, 283, 294, 295, 299, 299, 305, 307, 312, 312, 319, 322, 324, 324, 328, 331, 333, 333, 338, 339, 358, 359, 363, 363, 462, 462, 464, 464, 466, 466, 468, 468, 470, 470, 472, 472, 474, 474, 476, 476, 593, 593, 609, 609, 708, 708, 711, 711, 713, 715, 717, 717, 720, 720, 728, 731, 733, 733, 735, 735, 768, 879, 913, 929, 931, 937, 945, 961, 963, 969, 1025, 1025, 1040, 1103, 1105, 1105, 8208, 8208, 8211, 8214, 8216, 8217, 8220, 8221, 8224, 8226, 8228, 8231, 8240, 8240, 8242, 8243, 8245, 8245, 8251, 8251, 8254, 8254, 8308, 8308, 8319, 8319, 8321, 8324, 8364, 8364, 8451, 8451, 8453, 8453, 8457, 8457, 8467, 8467, 8470, 8470, 8481, 8482, 8486, 8486, 8491, 8491, 8531, 8532, 8539, 8542, 8544, 8555, 8560, 8569, 8585, 8585, 8592, 8601, 8632, 8633, 8658, 8658, 8660, 8660, 8679, 8679, 8704, 8704, 8706, 8707, 8711, 8712, 8715, 8715, 8719, 8719, 8721, 8721, 8725, 8725, 8730, 8730, 8733, 8736, 8739, 8739, 8741, 8741, 8743, 8748, 8750, 8750, 8756, 8759, 8764, 8765, 8776, 8776, 8780, 8780, 8786, 8786, 8800, 8801, 8804, 8807, 8810, 8811, 8814, 8815, 8834, 8835, 8838, 8839, 8853, 8853, 8857, 8857, 8869, 8869, 8895, 8895, 8978, 8978, 9312, 9449, 9451, 9547, 9552, 9587, 9600, 9615, 9618, 9621, 9632, 9633, 9635, 9641, 9650, 9651, 9654, 9655, 9660, 9661, 9664, 9665, 9670, 9672, 9675, 9675, 9678, 9681, 9698, 9701, 9711, 9711, 9733, 9734, 9737, 9737, 9742, 9743, 9756, 9756, 9758, 9758, 9792, 9792, 9794, 9794, 9824, 9825, 9827, 9829, 9831, 9834, 9836, 9837, 9839, 9839, 9886, 9887, 9919, 9919, 9926, 9933, 9935, 9939, 9941, 9953, 9955, 9955, 9960, 9961, 9963, 9969, 9972, 9972, 9974, 9977, 9979, 9980, 9982, 9983, 10045, 10045, 10102, 10111, 11094, 11097, 12872, 12879, 57344, 63743, 65024, 65039, 65533, 65533, 127232, 127242, 127248, 127277, 127280, 127337, 127344, 127373, 127375, 127376, 127387, 127404, 917760, 917999, 983040, 1048573, 1048576, 1114109];

const fullwidthMinimalCodePoint = 12288;
const fullwidthMaximumCodePoint = 65510;
const fullwidthRanges = [12288, 12288, 65281, 65376, 65504, 65510];

const lookup_data_halfwidthMinimalCodePoint = 8361;
const lookup_data_halfwidthMaximumCodePoint = 65518;
const lookup_data_halfwidthRanges = (/* unused pure expression or super */ null && ([8361, 8361, 65377, 65470, 65474, 65479, 65482, 65487, 65490, 65495, 65498, 65500, 65512, 65518]));

const lookup_data_narrowMinimalCodePoint = 32;
const lookup_data_narrowMaximumCodePoint = 10630;
const lookup_data_narrowRanges = (/* unused pure expression or super */ null && ([32, 126, 162, 163, 165, 166, 172, 172, 175, 175, 10214, 10221, 10629, 10630]));

const wideMinimalCodePoint = 4352;
const wideMaximumCodePoint = 262141;
const wideRanges = [4352, 4447, 8986, 8987, 9001, 9002, 9193, 9196, 9200, 9200, 9203, 9203, 9725, 9726, 9748, 9749, 9776, 9783, 9800, 9811, 9855, 9855, 9866, 9871, 9875, 9875, 9889, 9889, 9898, 9899, 9917, 9918, 9924, 9925, 9934, 9934, 9940, 9940, 9962, 9962, 9970, 9971, 9973, 9973, 9978, 9978, 9981, 9981, 9989, 9989, 9994, 9995, 10024, 10024, 10060, 10060, 10062, 10062, 10067, 10069, 10071, 10071, 10133, 10135, 10160, 10160, 10175, 10175, 11035, 11036, 11088, 11088, 11093, 11093, 11904, 11929, 11931, 12019, 12032, 12245, 12272, 12287, 12289, 12350, 12353, 12438, 12441, 12543, 12549, 12591, 12593, 12686, 12688, 12773, 12783, 12830, 12832, 12871, 12880, 42124, 42128, 42182, 43360, 43388, 44032, 55203, 63744, 64255, 65040, 65049, 65072, 65106, 65108, 65126, 65128, 65131, 94176, 94180, 94192, 94198, 94208, 101594, 101631, 101664, 101760, 101874, 101888, 102801, 102816, 102866, 110576, 110579, 110581, 110587, 110589, 110590, 110592, 110888, 110898, 110898, 110928, 110930, 110933, 110933, 110948, 110952, 110960, 111355, 119552, 119638, 119648, 119670, 126980, 126980, 127183, 127183, 127374, 127374, 127377, 127386, 127406, 127406, 127488, 127490, 127504, 127547, 127552, 127560, 127568, 127569, 127584, 127589, 127744, 127776, 127789, 127797, 127799, 127868, 127870, 127891, 127904, 127946, 127951, 127955, 127968, 127984, 127988, 127988, 127992, 128062, 128064, 128064, 128066, 128252, 128255, 128317, 128331, 128334, 128336, 128359, 128378, 128378, 128405, 128406, 128420, 128420, 128507, 128591, 128640, 128709, 128716, 128716, 128720, 128722, 128725, 128729, 128732, 128735, 128747, 128748, 128756, 128764, 128986, 128986, 128992, 129003, 129008, 129008, 129292, 129338, 129340, 129349, 129351, 129535, 129648, 129660, 129664, 129734, 129736, 129736, 129740, 129757, 129759, 129771, 129775, 129786, 131072, 196605, 196608, 262141];

;// CONCATENATED MODULE: ./node_modules/get-east-asian-width/utilities.js
/**
Binary search on a sorted flat array of [start, end] pairs.

@param {number[]} ranges - Flat array of inclusive [start, end] range pairs, e.g. [0, 5, 10, 20].
@param {number} codePoint - The value to search for.
@returns {boolean} Whether the value falls within any of the ranges.
*/
const utilities_isInRange = (ranges, codePoint) => {
	let low = 0;
	let high = Math.floor(ranges.length / 2) - 1;
	while (low <= high) {
		const mid = Math.floor((low + high) / 2);
		const i = mid * 2;
		if (codePoint < ranges[i]) {
			high = mid - 1;
		} else if (codePoint > ranges[i + 1]) {
			low = mid + 1;
		} else {
			return true;
		}
	}

	return false;
};

;// CONCATENATED MODULE: ./node_modules/get-east-asian-width/lookup.js



const commonCjkCodePoint = 0x4E_00;
const [wideFastPathStart, wideFastPathEnd] = /* #__PURE__ */ findWideFastPathRange(wideRanges);

// Use a hot-path range so common `isWide` calls can skip binary search.
// The range containing U+4E00 covers common CJK ideographs;
// fallback to the largest range for resilience to Unicode table changes.
function findWideFastPathRange(ranges) {
	let fastPathStart = ranges[0];
	let fastPathEnd = ranges[1];

	for (let index = 0; index < ranges.length; index += 2) {
		const start = ranges[index];
		const end = ranges[index + 1];

		if (
			commonCjkCodePoint >= start
			&& commonCjkCodePoint <= end
		) {
			return [start, end];
		}

		if ((end - start) > (fastPathEnd - fastPathStart)) {
			fastPathStart = start;
			fastPathEnd = end;
		}
	}

	return [fastPathStart, fastPathEnd];
}

const isAmbiguous = codePoint => {
	if (
		codePoint < ambiguousMinimalCodePoint
		|| codePoint > ambiguousMaximumCodePoint
	) {
		return false;
	}

	return utilities_isInRange(ambiguousRanges, codePoint);
};

const isFullwidth = codePoint => {
	if (
		codePoint < fullwidthMinimalCodePoint
		|| codePoint > fullwidthMaximumCodePoint
	) {
		return false;
	}

	return utilities_isInRange(fullwidthRanges, codePoint);
};

const isHalfwidth = codePoint => {
	if (
		codePoint < halfwidthMinimalCodePoint
		|| codePoint > halfwidthMaximumCodePoint
	) {
		return false;
	}

	return isInRange(halfwidthRanges, codePoint);
};

const isNarrow = codePoint => {
	if (
		codePoint < narrowMinimalCodePoint
		|| codePoint > narrowMaximumCodePoint
	) {
		return false;
	}

	return isInRange(narrowRanges, codePoint);
};

const isWide = codePoint => {
	if (
		codePoint >= wideFastPathStart
		&& codePoint <= wideFastPathEnd
	) {
		return true;
	}

	if (
		codePoint < wideMinimalCodePoint
		|| codePoint > wideMaximumCodePoint
	) {
		return false;
	}

	return utilities_isInRange(wideRanges, codePoint);
};

function lookup_getCategory(codePoint) {
	if (isAmbiguous(codePoint)) {
		return 'ambiguous';
	}

	if (isFullwidth(codePoint)) {
		return 'fullwidth';
	}

	if (isHalfwidth(codePoint)) {
		return 'halfwidth';
	}

	if (isNarrow(codePoint)) {
		return 'narrow';
	}

	if (isWide(codePoint)) {
		return 'wide';
	}

	return 'neutral';
}

;// CONCATENATED MODULE: ./node_modules/get-east-asian-width/index.js


function validate(codePoint) {
	if (!Number.isSafeInteger(codePoint)) {
		throw new TypeError(`Expected a code point, got \`${typeof codePoint}\`.`);
	}
}

function eastAsianWidthType(codePoint) {
	validate(codePoint);

	return getCategory(codePoint);
}

function eastAsianWidth(codePoint, {ambiguousAsWide = false} = {}) {
	validate(codePoint);

	if (
		isFullwidth(codePoint)
		|| isWide(codePoint)
		|| (ambiguousAsWide && isAmbiguous(codePoint))
	) {
		return 2;
	}

	return 1;
}

// Private exports for https://github.com/sindresorhus/is-fullwidth-code-point


;// CONCATENATED MODULE: ./node_modules/string-width/index.js



/**
Logic:
- Segment graphemes to match how terminals render clusters.
- Width rules:
	1. Skip non-printing clusters (Default_Ignorable, Control, pure nonspacing/enclosing Mark, lone Surrogates). Tabs are ignored by design.
	2. RGI emoji clusters (\p{RGI_Emoji}) are double-width.
	3. Minimally-qualified/unqualified emoji clusters (ZWJ sequences with 2+ Extended_Pictographic, or keycap sequences) are double-width.
	4. Hangul jamo collapse each standard modern Hangul L+V or L+V+T syllable piece to width 2.
	   Unmatched repeated leading/vowel/trailing jamo stay additive because that matches how the terminals we target render them.
	5. Otherwise use East Asian Width of the cluster's first visible code point, and add widths for trailing spacing marks and Halfwidth/Fullwidth Forms within the same cluster (e.g., dakuten/handakuten/prolonged sound mark).
*/

const segmenter = new Intl.Segmenter();

// Matches a visible (printing) character. Used to find the base scalar of a cluster (skipping leading Prepend/Format/Marks) and to detect whole-cluster zero-width.
// Intentionally a single negated class without a quantifier: a repeated pattern like `^(?:…|…)+$` backtracks exponentially on overlapping properties, and even `^[…]+$` overflows V8's backtrack stack (RangeError) on clusters with millions of marks.
const visibleCharacterRegex = /[^\p{Default_Ignorable_Code_Point}\p{Control}\p{Format}\p{Nonspacing_Mark}\p{Enclosing_Mark}\p{Surrogate}]/v;
const spacingMarkRegex = /\p{Spacing_Mark}/v;

// RGI emoji sequences
const rgiEmojiRegex = /^\p{RGI_Emoji}$/v;

// Detect minimally-qualified/unqualified emoji sequences (missing VS16 but still render as double-width)
const unqualifiedKeycapRegex = /^[\d#*]\u20E3$/;
const extendedPictographicRegex = /\p{Extended_Pictographic}/gu;

function isDoubleWidthNonRgiEmojiSequence(segment) {
	// Real emoji clusters are < 30 chars; guard against pathological input
	if (segment.length > 50) {
		return false;
	}

	if (unqualifiedKeycapRegex.test(segment)) {
		return true;
	}

	// ZWJ sequences with 2+ Extended_Pictographic
	if (segment.includes('\u200D')) {
		const pictographics = segment.match(extendedPictographicRegex);
		return pictographics !== null && pictographics.length >= 2;
	}

	return false;
}

// Returns the cluster starting at its first visible character, or `undefined` if the whole cluster is zero-width.
function baseVisible(segment) {
	const index = segment.search(visibleCharacterRegex);
	return index === -1 ? undefined : segment.slice(index);
}

function isHangulLeadingJamo(codePoint) {
	return (codePoint >= 0x11_00 && codePoint <= 0x11_5F)
		|| (codePoint >= 0xA9_60 && codePoint <= 0xA9_7C);
}

function isHangulVowelJamo(codePoint) {
	return (codePoint >= 0x11_60 && codePoint <= 0x11_A7)
		|| (codePoint >= 0xD7_B0 && codePoint <= 0xD7_C6);
}

function isHangulTrailingJamo(codePoint) {
	return (codePoint >= 0x11_A8 && codePoint <= 0x11_FF)
		|| (codePoint >= 0xD7_CB && codePoint <= 0xD7_FB);
}

function isHangulJamo(codePoint) {
	return isHangulLeadingJamo(codePoint)
		|| isHangulVowelJamo(codePoint)
		|| isHangulTrailingJamo(codePoint);
}

function hangulClusterWidth(visibleSegment, eastAsianWidthOptions) {
	const codePoints = [];

	for (const character of visibleSegment) {
		if (!visibleCharacterRegex.test(character)) {
			continue;
		}

		codePoints.push(character.codePointAt(0));
	}

	if (codePoints.length === 0) {
		return undefined;
	}

	let width = 0;

	for (let index = 0; index < codePoints.length; index++) {
		const codePoint = codePoints[index];
		if (!isHangulJamo(codePoint)) {
			if (width === 0) {
				return undefined;
			}

			// Mixed cluster (e.g., L + precomposed syllable): use EAW for non-jamo remainder
			for (let remaining = index; remaining < codePoints.length; remaining++) {
				width += eastAsianWidth(codePoints[remaining], eastAsianWidthOptions);
			}

			return width;
		}

		// Modern Hangul L+V(+T) shapes as one syllable block. Unmatched jamo stay additive:
		// U+1100 U+1100 U+1161 => U+1100 + (U+1100 U+1161) => 2 + 2.
		if (
			isHangulLeadingJamo(codePoint)
			&& isHangulVowelJamo(codePoints[index + 1])
		) {
			width += 2;
			index += isHangulTrailingJamo(codePoints[index + 2]) ? 2 : 1;
			continue;
		}

		width += eastAsianWidth(codePoint, eastAsianWidthOptions);
	}

	return width;
}

function trailingWidth(visibleSegment, eastAsianWidthOptions) {
	let extra = 0;
	let first = true;

	for (const character of visibleSegment) {
		if (first) {
			first = false;
			continue;
		}

		if (
			spacingMarkRegex.test(character)
			|| (character >= '\uFF00' && character <= '\uFFEF')
		) {
			extra += eastAsianWidth(character.codePointAt(0), eastAsianWidthOptions);
		}
	}

	return extra;
}

function stringWidth(input, options = {}) {
	if (typeof input !== 'string' || input.length === 0) {
		return 0;
	}

	const {
		ambiguousIsNarrow = true,
		countAnsiEscapeCodes = false,
	} = options;

	let string = input;

	// Avoid calling stripAnsi when there are no ANSI escape sequences (ESC = 0x1B, CSI = 0x9B)
	if (!countAnsiEscapeCodes && (string.includes('\u001B') || string.includes('\u009B'))) {
		string = stripAnsi(string);
	}

	if (string.length === 0) {
		return 0;
	}

	// Fast path: printable ASCII (0x20–0x7E) needs no segmenter, regex, or EAW lookup — width equals length.
	if (/^[\u0020-\u007E]*$/.test(string)) {
		return string.length;
	}

	let width = 0;
	const eastAsianWidthOptions = {ambiguousAsWide: !ambiguousIsNarrow};

	for (const {segment} of segmenter.segment(string)) {
		// Zero-width / non-printing clusters
		const visibleSegment = baseVisible(segment);
		if (visibleSegment === undefined) {
			continue;
		}

		// Emoji width logic
		if (rgiEmojiRegex.test(segment) || isDoubleWidthNonRgiEmojiSequence(segment)) {
			width += 2;
			continue;
		}

		const hangulWidth = hangulClusterWidth(visibleSegment, eastAsianWidthOptions);
		if (hangulWidth !== undefined) {
			width += hangulWidth;
			continue;
		}

		// Everything else: EAW of the cluster’s first visible scalar
		const codePoint = visibleSegment.codePointAt(0);
		width += eastAsianWidth(codePoint, eastAsianWidthOptions);

		// Add width for trailing spacing marks and Halfwidth/Fullwidth Forms (e.g., ﾞ, ﾟ, ｰ)
		width += trailingWidth(visibleSegment, eastAsianWidthOptions);
	}

	return width;
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
const COLOURS = /\x1b\[[0-9;]*m/g;
const GRAPHEMES = new Intl.Segmenter('en', { granularity: 'grapheme' });
/**
 * `text` padded or cut to `width` terminal columns. Width is counted as a terminal shows it (an
 * emoji such as `✅` or `⚠️` takes two), so the border after a cell stands where the others do;
 * a cut keeps whole characters (never half an emoji) and ends with `…`, without its colours.
 */
function cut(text, width) {
    const shown = stringWidth(text);
    if (shown <= width)
        return text + ' '.repeat(width - shown);
    let kept = '';
    for (const { segment } of GRAPHEMES.segment(text.replace(COLOURS, ''))) {
        if (stringWidth(kept + segment) > width - 1)
            break;
        kept += segment;
    }
    return `${kept}…${' '.repeat(Math.max(0, width - 1 - stringWidth(kept)))}`;
}
/**
 * A cell's lines: where GitHub breaks the line (`<br>`), the terminal does too, so that two
 * things a cell holds (a name and its id, a message's title and its text) do not run together
 * as one; other white space is one space, as in HTML. Blank lines are left out.
 */
function cellLines(html, style) {
    return html
        .split(/<br\s*\/?>/i)
        .map((part) => inline(part, style).replace(/\s+/g, ' ').trim())
        .filter((line) => line !== '');
}
function renderTable(html, style, width) {
    const rows = [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/gi)].map((row) => [...row[1].matchAll(/<t([hd])[^>]*>([\s\S]*?)<\/t\1>/gi)].map((cell) => ({
        header: cell[1] === 'h',
        lines: cellLines(cell[2], style),
    })));
    if (rows.length === 0)
        return '';
    const columns = Math.max(...rows.map((r) => r.length));
    const natural = Array.from({ length: columns }, (_, i) => Math.max(1, ...rows.flatMap((r) => (r[i]?.lines ?? []).map((line) => stringWidth(line)))));
    // Each column takes ` text ` and a border: the table is as wide as its cells plus 3 a column and 1.
    const widths = width === undefined ? natural : fitColumns(natural, width - (3 * columns + 1));
    const line = (left, mid, right) => style.dim(left + widths.map((w) => '─'.repeat(w + 2)).join(mid) + right);
    const out = [line('┌', '┬', '┐')];
    rows.forEach((row, index) => {
        const height = Math.max(1, ...row.map((cell) => cell.lines.length));
        for (let l = 0; l < height; l++) {
            const cells = widths.map((w, i) => {
                const cell = row[i];
                const text = cut(cell?.lines[l] ?? '', w);
                return ` ${cell?.header ? style.bold(text) : text} `;
            });
            out.push(style.dim('│') + cells.join(style.dim('│')) + style.dim('│'));
        }
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

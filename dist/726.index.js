export const id = 726;
export const ids = [726];
export const modules = {

/***/ 5726:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runSyncPolicies: () => (/* binding */ runSyncPolicies)
});

// EXTERNAL MODULE: ./src/text.ts
var src_text = __webpack_require__(8992);
// EXTERNAL MODULE: ./src/errors.ts
var errors = __webpack_require__(3916);
// EXTERNAL MODULE: ./src/service/errors.ts
var service_errors = __webpack_require__(5756);
// EXTERNAL MODULE: ./src/lifetime/abort.ts
var abort = __webpack_require__(3853);
// EXTERNAL MODULE: ./src/lifetime/limit.ts
var limit = __webpack_require__(3520);
// EXTERNAL MODULE: ./src/service/types.ts
var types = __webpack_require__(9450);
// EXTERNAL MODULE: ./src/files/reader.ts
var reader = __webpack_require__(8584);
;// CONCATENATED MODULE: ./src/modes/sync-policies/policy-model.ts
// The vocabulary of policy sync: policy names, files and the enforcement levels of each kind
// (spec 2.1, the kinds and levels as the service's types name them), the policies the repository
// asks for, and the problems found while reading it.


/** Spec 2.1: letters, numbers, `-`, `_`. */
const POLICY_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Spec 4.1 and 8: the upload endpoint refuses larger bodies with 413 and saves nothing (the reader's limit of a policy file). */
const MAX_POLICY_CODE_BYTES = reader/* FILE_SIZE_LIMITS */.Q6.policy;
/** The file extension that holds each kind of policy. */
const POLICY_FILE_EXTENSIONS = { native: '.native', opa: '.rego' };
function enforcementLevelsOf(kind) {
    return types/* ENFORCEMENT_LEVELS */.B[kind];
}
function isEnforcementLevelOf(kind, level) {
    return enforcementLevelsOf(kind).includes(level);
}
/** The kind a policy code file holds, from its extension; null for any other file. */
function policyKindOfFile(fileName) {
    if (fileName.endsWith(POLICY_FILE_EXTENSIONS.native))
        return 'native';
    if (fileName.endsWith(POLICY_FILE_EXTENSIONS.opa))
        return 'opa';
    return null;
}
/**
 * The level of a policy the sync creates when the repository states none: the spec makes the
 * level required without a default, and `advisory` enforces nothing by surprise on a new policy.
 */
const NEW_POLICY_LEVEL = 'advisory';
/**
 * A level of one kind as the same strength in another (a policy whose kind changes, its level
 * kept): a mandatory native level is `mandatory` in opa, and opa's `mandatory` is
 * `hard-mandatory` in native, so that a level is never weakened by the change.
 */
function equivalentLevel(level, kind) {
    if (isEnforcementLevelOf(kind, level))
        return level;
    if (level === 'advisory')
        return 'advisory';
    return kind === 'opa' ? 'mandatory' : 'hard-mandatory';
}

;// CONCATENATED MODULE: ./src/modes/sync-policies/plan.ts
// What sync would do, worked out as plain data from the repository's policies and the
// service's: one entry per policy, saying exactly what differs, so that applying it sends only
// the writes needed and a dry run can print it as it is.

/**
 * One entry per policy of either side, sorted by name. Code is compared exactly as stored
 * (no line-ending or whitespace normalisation): what the repository holds is what the service
 * should hold. A null and an empty description are the same.
 */
function planPolicySync(input) {
    const remoteByName = new Map();
    const extra = [];
    for (const policy of input.remote) {
        if (remoteByName.has(policy.name))
            extra.push(policy); // names are unique; be safe anyway
        else
            remoteByName.set(policy.name, policy);
    }
    const desiredNames = new Set(input.desired.map((p) => p.name));
    const entries = [];
    for (const stated of input.desired) {
        const remote = remoteByName.get(stated.name);
        const desired = remote === undefined ? stated : withServiceLevel(stated, remote);
        const levelKept = desired !== stated;
        if (!remote) {
            entries.push(entry(desired.name, desired.kind, 'create', desired, null, { codeChanged: true }));
            continue;
        }
        if (remote.kind !== desired.kind) {
            entries.push(entry(desired.name, desired.kind, 'replace', desired, remote, {
                changes: [`kind: ${remote.kind} → ${desired.kind}`],
                codeChanged: true,
                reason: `the kind changes from ${remote.kind} to ${desired.kind}, which the service cannot change in place: the policy is deleted and created again`,
                levelKept,
            }));
            continue;
        }
        const settingChanges = settingDifferences(desired, remote);
        const code = input.remoteCode.get(remote.id);
        const codeChanged = code === undefined || code !== desired.code;
        const changes = settingChanges.map(describeChange);
        if (codeChanged)
            changes.push('code');
        const action = settingChanges.length > 0 && codeChanged
            ? 'update-settings-and-upload-code'
            : settingChanges.length > 0
                ? 'update-settings'
                : codeChanged
                    ? 'upload-code'
                    : 'unchanged';
        const planned = entry(desired.name, desired.kind, action, desired, remote, {
            settingChanges,
            changes,
            codeChanged,
            levelKept,
        });
        if (code !== undefined)
            planned.storedCode = code;
        entries.push(planned);
    }
    const pruned = prunedBy(input.prune, input.pruneScope);
    for (const remote of [...remoteByName.values(), ...extra]) {
        if (desiredNames.has(remote.name) && remoteByName.get(remote.name) === remote)
            continue;
        if (pruned(remote)) {
            entries.push(entry(remote.name, remote.kind, 'delete', null, remote, {
                reason: 'not defined in the repository, and prune is on',
            }));
        }
        else {
            const reason = input.prune === 'off'
                ? 'not defined in the repository; left alone because prune is off'
                : 'not defined in the repository; left alone because it belongs to none of the policy-sets that limit prune';
            entries.push(entry(remote.name, remote.kind, 'ignored', null, remote, { reason }));
        }
    }
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
/**
 * Which policies without a definition prune deletes. Only `organization` reaches every policy:
 * a `policy-sets` prune without sets deletes nothing (inputs refuse it before this point; the
 * guard keeps an empty list from ever meaning the whole organization).
 */
function prunedBy(prune, policySetIds) {
    if (prune === 'organization')
        return () => true;
    if (prune === 'off' || policySetIds.length === 0)
        return () => false;
    return (remote) => remote.policySetIds.some((id) => policySetIds.includes(id));
}
/**
 * The service's policies whose code must be downloaded before planning: those the repository
 * also defines, with the same kind (a kind change replaces the policy whatever its code).
 */
function policiesNeedingCode(desired, remote) {
    const kinds = new Map(desired.map((p) => [p.name, p.kind]));
    const seen = new Set();
    return remote.filter((r) => {
        if (seen.has(r.name))
            return false;
        seen.add(r.name);
        return kinds.get(r.name) === r.kind;
    });
}
/** The attributes of the PATCH body for an entry: exactly its setting changes. */
function settingsPatch(entry) {
    return Object.fromEntries(entry.settingChanges.map((c) => [c.attribute, c.to]));
}
function settingDifferences(desired, remote) {
    const changes = [];
    if (desired.enforcementLevel !== remote.enforcementLevel) {
        changes.push({ attribute: 'enforcement-level', from: remote.enforcementLevel, to: desired.enforcementLevel });
    }
    const wantDescription = desired.description || null;
    const haveDescription = remote.description || null;
    if (wantDescription !== haveDescription) {
        changes.push({ attribute: 'description', from: haveDescription, to: wantDescription });
    }
    // Spec 2.1: query is only for opa policies, so a native policy's query is never compared.
    if (desired.kind === 'opa' && (desired.query || null) !== (remote.query || null)) {
        changes.push({ attribute: 'query', from: remote.query || null, to: desired.query });
    }
    return changes;
}
function describeChange(change) {
    if (change.attribute === 'description') {
        if (change.from === null)
            return 'description: added';
        if (change.to === null)
            return 'description: removed';
        return 'description';
    }
    return `${change.attribute}: ${change.from ?? '(none)'} → ${change.to ?? '(none)'}`;
}
function entry(name, kind, action, desired, remote, details) {
    return {
        name,
        kind,
        action,
        desired,
        remote,
        settingChanges: details.settingChanges ?? [],
        changes: details.changes ?? [],
        codeChanged: details.codeChanged ?? false,
        reason: details.reason ?? null,
        levelKept: details.levelKept ?? false,
    };
}
/**
 * The policy as it is to be, when the service has it: with the service's enforcement level
 * (its equivalent, when the kind changes) where the repository states none. The spec makes the
 * level required without a default, so a default is no statement: a policy the service enforces
 * `hard-mandatory` is never lowered by a sync that says nothing of its level.
 */
function withServiceLevel(desired, remote) {
    if (desired.enforcementLevelStated)
        return desired;
    return { ...desired, enforcementLevel: equivalentLevel(remote.enforcementLevel, desired.kind) };
}

// EXTERNAL MODULE: ./src/json-object.ts
var json_object = __webpack_require__(249);
;// CONCATENATED MODULE: ./src/modes/sync-policies/remote-state.ts
// A policy as the service stores it (spec 2.1), reduced to what sync compares.
function toRemotePolicyState(doc) {
    const a = doc.attributes;
    const kind = a.kind || 'native';
    const { level, origin } = enforcementLevelOf(a.name, kind, a['enforcement-level'], a.enforce);
    return {
        id: doc.id,
        name: a.name,
        kind,
        enforcementLevel: level,
        enforcementLevelOrigin: origin,
        description: a.description ? a.description : null,
        query: a.query ? a.query : null,
        policySetIds: (doc.relationships?.['policy-sets']?.data ?? []).map((s) => s.id),
    };
}
/**
 * Spec 2.1: `enforcement-level` when present; otherwise the deprecated `enforce` element.
 * "For a native policy, if the path in `enforce` does not match `<NAME>.native`, the level is
 * `hard-mandatory`. For an opa policy using `enforce`, the level defaults to `advisory`" — read
 * here as: the element's mode counts only when its path is the policy's own file name.
 */
function enforcementLevelOf(name, kind, level, enforce) {
    if (level)
        return { level, origin: 'enforcement-level' };
    const element = enforce?.[0];
    const ownPath = `${name}${kind === 'opa' ? '.rego' : '.native'}`;
    if (element?.mode && element.path === ownPath)
        return { level: element.mode, origin: 'enforce' };
    return { level: kind === 'opa' ? 'advisory' : 'hard-mandatory', origin: 'default' };
}

;// CONCATENATED MODULE: ./src/modes/sync-policies/verify.ts
// After the writes, the policy as the service reports it (in the write's answer, or read back)
// is compared with what was sent: a service that answers 2xx but keeps another value (a level
// it does not support, a field it ignores) must not pass for a successful sync.



/**
 * One sentence per setting the service did not take, empty when the policy is as desired.
 * Compared: name, kind, enforcement level (read as the plan reads it, the deprecated `enforce`
 * form included), description (null and empty alike), query (opa only, spec 2.1), and
 * membership of `policySetIds` (sets the policy was asked to join; other sets are allowed).
 */
function settingsNotApplied(desired, policySetIds, document) {
    const stored = toRemotePolicyState(document);
    const name = desired.name;
    const found = [];
    if (stored.name !== name) {
        found.push(`the service reports the policy ${stored.id} as "${stored.name}", not "${name}"`);
    }
    if (stored.kind !== desired.kind) {
        found.push(`the service did not apply kind ${desired.kind} to policy ${name}; it reports ${stored.kind}`);
    }
    if (stored.enforcementLevel !== desired.enforcementLevel) {
        found.push(`the service did not apply enforcement-level ${desired.enforcementLevel} to policy ${name}; it reports ${stored.enforcementLevel}`);
    }
    const description = desired.description || null;
    if (stored.description !== description) {
        found.push(description === null
            ? `the service did not remove the description of policy ${name}; it reports ${quoted(stored.description)}`
            : `the service did not apply description ${quoted(description)} to policy ${name}; it reports ${quoted(stored.description)}`);
    }
    if (desired.kind === 'opa' && stored.query !== (desired.query || null)) {
        found.push(`the service did not apply query ${desired.query ?? 'none'} to policy ${name}; it reports ${stored.query ?? 'none'}`);
    }
    const missingSets = policySetIds.filter((id) => !stored.policySetIds.includes(id));
    if (missingSets.length > 0) {
        const reported = stored.policySetIds.length > 0 ? stored.policySetIds.join(', ') : 'none';
        found.push(`the service did not add policy ${name} to ${(0,src_text/* nounFor */.Ax)(missingSets.length, 'policy set')} ${missingSets.join(', ')}; it reports ${reported}`);
    }
    return found;
}
/** A description quoted on one line, long ones cut: it is Markdown and may run to pages. */
function quoted(text) {
    if (text === null)
        return 'none';
    return (0,src_text/* quoteClipped */.Wr)(text.replace(/\s+/g, ' ').trim(), 80);
}
/**
 * The document of a create or update answer when it is about this policy: a `policies`
 * resource of this name (and this id, when known). Anything else (no body, another policy) says
 * nothing of what was stored, so the caller reads the policy instead.
 */
function answerAbout(answer, name, id) {
    if (answer === undefined || !(0,json_object/* isObject */.Gv)(answer.attributes))
        return undefined;
    if (answer.attributes.name !== name)
        return undefined;
    if (id !== undefined && answer.id !== id)
        return undefined;
    return answer;
}

// EXTERNAL MODULE: ./src/report/neutralise.ts
var neutralise = __webpack_require__(5942);
;// CONCATENATED MODULE: ./src/modes/sync-policies/policy-sets.ts
// Which policy sets a policy joins. A policy set holds policies of one kind (native or opa), so a
// set of the `policy-sets` input is joined only by policies of its kind: the input says a set's
// kind (`native:polset-…`), or, when it does not, the repository must define policies of one kind
// only, or the sync would put both kinds in one set; that is refused before any request. A policy
// that ends in no set is checked against nothing, and is named so.

/** The ids of the sets a new policy of `kind` joins. */
function setsOfKind(refs, kind) {
    return refs.filter((ref) => ref.kind === null || ref.kind === kind).map((ref) => ref.id);
}
/**
 * Refuses, before any request, sets given without their kind when the repository defines
 * policies of both kinds: each set would be joined by both.
 */
function refuseAmbiguousSets(refs, policies) {
    const kinds = new Set(policies.map((p) => p.kind));
    const unkinded = refs.filter((ref) => ref.kind === null);
    if (kinds.size < 2 || unkinded.length === 0)
        return;
    const listed = unkinded.map((ref) => ref.id).join(', ');
    throw new errors/* ConfigurationError */.j1(`Input "policy-sets" gives ${listed} without a kind, and the repository defines both native and opa policies: ` +
        `a policy set holds policies of one kind, so say which each is (native:${unkinded[0].id} or opa:${unkinded[0].id}). Nothing was sent.`);
}
/** The sets a policy is in once the plan is carried out: those it joins when created, else the service's. */
function setsAfter(entry, refs) {
    if (entry.action === 'create' || entry.action === 'replace')
        return setsOfKind(refs, entry.desired.kind);
    return entry.remote?.policySetIds ?? [];
}
/**
 * A warning for each policy of the repository that will be in no policy set: the service checks
 * a run only against the policies of the sets on its workspace, so such a policy checks nothing.
 */
function setlessPolicyWarnings(plan, refs, dryRun) {
    return plan
        .filter((entry) => entry.desired !== null && setsAfter(entry, refs).length === 0)
        .map((entry) => ({
        file: entry.desired.definedAt.file,
        ...(entry.desired.definedAt.line === undefined ? {} : { line: entry.desired.definedAt.line }),
        message: `Policy ${entry.name} (${entry.desired.kind}) ${dryRun ? 'would be' : 'is'} in no policy set, so it is checked against nothing: ` +
            `add it to a set in the service, or give a set of its kind in policy-sets (${entry.desired.kind}:polset-...) for the policies the sync creates.`,
    }));
}

;// CONCATENATED MODULE: ./src/modes/sync-policies/apply.ts
// Carries out a sync plan: only the writes each entry needs, several policies at a time, the
// settings of each written policy compared with what was sent (as the write's answer reports
// them, or as read back when the answer did not say). One policy failing does not stop the
// others; every entry ends with an outcome the report can show.









/** The actions that send no request. */
const NO_WRITE = new Set(['unchanged', 'ignored']);
/** Outcomes of a dry run: every entry as it would be, nothing sent. */
function plannedOutcomes(entries) {
    return entries.map((entry) => {
        const outcome = initialOutcome(entry);
        if (!NO_WRITE.has(entry.action))
            outcome.status = 'planned';
        return outcome;
    });
}
async function applyPolicyPlan(entries, options) {
    const outcomes = entries.map(initialOutcome);
    const pending = outcomes.filter((o) => !NO_WRITE.has(o.entry.action));
    await (0,limit/* mapLimited */.bB)(pending, options.workers ?? 16, (outcome) => applyEntry(outcome, options), {
        signal: options.signal,
        notStarted: (outcome) => {
            outcome.status = 'not-started';
        },
    });
    return outcomes;
}
function initialOutcome(entry) {
    return {
        entry,
        status: entry.action === 'ignored' ? 'not-managed' : 'unchanged',
        id: entry.action === 'create' || entry.action === 'replace' ? null : (entry.remote?.id ?? null),
        previousId: entry.action === 'replace' ? (entry.remote?.id ?? null) : null,
        steps: [],
        error: null,
    };
}
async function applyEntry(outcome, options) {
    const { entry } = outcome;
    const { client, signal } = options;
    const log = options.log ?? (() => undefined);
    try {
        switch (entry.action) {
            case 'create': {
                const desired = requireDesired(entry);
                await createWithCode(outcome, desired, setsOfKind(options.policySets, desired.kind), options);
                break;
            }
            case 'replace': {
                const remote = entry.remote;
                await deletePolicy(outcome, remote.id, options);
                // The new policy joins the `policy-sets` of its kind; not the old one's sets, which hold
                // policies of the old kind (a policy set holds one kind).
                const desired = requireDesired(entry);
                await createWithCode(outcome, desired, setsOfKind(options.policySets, desired.kind), options);
                break;
            }
            case 'update-settings':
            case 'upload-code':
            case 'update-settings-and-upload-code': {
                const id = entry.remote.id;
                const desired = requireDesired(entry);
                let answer;
                if (entry.settingChanges.length > 0) {
                    answer = answerAbout(await client.policies.update(id, updateInput(entry), { signal }), desired.name, id);
                    outcome.steps.push(`updated ${entry.settingChanges.map((c) => c.attribute).join(', ')}`);
                }
                if (entry.codeChanged) {
                    await client.policies.uploadCode(id, Buffer.from(desired.code, 'utf8'), { signal });
                    outcome.steps.push('uploaded the code');
                }
                if (entry.settingChanges.length > 0)
                    await verifySettings(outcome, id, answer, desired, [], options);
                break;
            }
            case 'delete':
                await deletePolicy(outcome, entry.remote.id, options);
                break;
            case 'unchanged':
            case 'ignored':
                return;
        }
        outcome.status = 'done';
        log(`${(0,neutralise/* escapeControls */.UN)(entry.name)}: ${outcome.steps.join(', ')}`);
    }
    catch (error) {
        outcome.status = 'failed';
        outcome.error = failureMessage(outcome, error, signal);
        log(`${(0,neutralise/* escapeControls */.UN)(entry.name)}: failed: ${outcome.error}`);
    }
}
/**
 * Creates the policy (exactly once: after a dropped connection the client looks it up by name
 * before trying again), uploads its code, and checks the settings it was created with.
 */
async function createWithCode(outcome, desired, policySetIds, options) {
    const { client, signal } = options;
    const answer = answerAbout(await client.policies.createOnce(options.organization, createInput(desired, policySetIds), { signal }), desired.name);
    // An answer without the new policy's document leaves its id unknown: the policy is looked up
    // by its name, which is unique in the organization, and that read is what gets checked.
    const created = answer ?? (await client.policies.findByName(options.organization, desired.name, { signal }));
    if (created === undefined) {
        throw new Error(`the service answered the create of policy ${desired.name} without its document, and no policy of that name exists afterwards`);
    }
    outcome.id = created.id;
    outcome.steps.push(`created ${created.id}`);
    await client.policies.uploadCode(created.id, Buffer.from(desired.code, 'utf8'), { signal });
    outcome.steps.push('uploaded the code');
    checkSettings(outcome, desired, policySetIds, created, answer === undefined);
}
async function deletePolicy(outcome, id, options) {
    try {
        await options.client.policies.delete(id, { signal: options.signal });
        outcome.steps.push(`deleted ${id}`);
    }
    catch (error) {
        // Already gone (deleted by someone else since it was listed): what prune or replace wanted.
        if (!(0,service_errors/* isNotFound */.c4)(error))
            throw error;
        outcome.steps.push(`${id} was already deleted`);
    }
}
/**
 * Checks the settings of a written policy as the write's answer reports them (spec 4.1: create
 * and update answer with the `policies` document); only when the answer carried none about this
 * policy is the policy read back. The code is not downloaded again: the upload endpoint stores
 * the body as sent or refuses it (spec 4.1: 413 saves nothing), so its 2xx is taken as stored;
 * a later sync compares the stored code byte for byte anyway.
 */
async function verifySettings(outcome, id, answer, desired, policySetIds, options) {
    const stored = answer ?? (await options.client.policies.show(id, { signal: options.signal }));
    checkSettings(outcome, desired, policySetIds, stored, answer === undefined);
}
/** Fails the policy when the service kept another value than the one sent. */
function checkSettings(outcome, desired, policySetIds, stored, readBack) {
    const differences = settingsNotApplied(desired, policySetIds, stored);
    if (differences.length > 0)
        throw new SettingsNotAppliedError(differences);
    outcome.steps.push(readBack ? 'read back' : 'settings checked');
}
class SettingsNotAppliedError extends Error {
    name = 'SettingsNotAppliedError';
    constructor(differences) {
        super(differences.join('; '));
    }
}
function createInput(desired, policySetIds) {
    const input = {
        name: desired.name,
        kind: desired.kind,
        enforcementLevel: desired.enforcementLevel,
    };
    if (desired.description !== null)
        input.description = desired.description;
    // Spec 2.1: query is only for opa policies.
    if (desired.kind === 'opa' && desired.query !== null)
        input.query = desired.query;
    if (policySetIds.length > 0)
        input.policySetIds = policySetIds;
    return input;
}
function updateInput(entry) {
    const patch = settingsPatch(entry);
    const input = {};
    if ('enforcement-level' in patch && patch['enforcement-level'])
        input.enforcementLevel = patch['enforcement-level'];
    if ('description' in patch)
        input.description = patch.description ?? null;
    if ('query' in patch && patch.query)
        input.query = patch.query;
    return input;
}
function requireDesired(entry) {
    if (entry.desired === null)
        throw new Error(`the plan entry for ${entry.name} (${entry.action}) has no desired policy`);
    return entry.desired;
}
/** The error in words, with what had been done before it, so that a person knows where the policy stands. */
function failureMessage(outcome, error, signal) {
    const { entry } = outcome;
    const cancelled = signal?.aborted === true && (0,abort/* isAbortError */.zf)(error);
    const what = cancelled ? 'the step was cancelled while this policy was being written' : (0,errors/* getErrorMessage */.u1)(error);
    const done = outcome.steps.length > 0 ? ` (already done: ${outcome.steps.join(', ')})` : '';
    if (error instanceof SettingsNotAppliedError)
        return `${what}${done}`;
    let next = ' Run the sync again to finish it.';
    if (entry.action === 'replace' && outcome.id === null && outcome.steps.some((s) => s.startsWith('deleted'))) {
        const sets = entry.remote?.policySetIds ?? [];
        next =
            ` The ${entry.remote?.kind ?? 'old'} policy was deleted and the ${entry.kind} one not created: run the sync again to create it` +
                (sets.length > 0
                    ? `, then add it back to ${(0,src_text/* nounFor */.Ax)(sets.length, 'policy set')} ${sets.join(', ')}, which it belonged to.`
                    : '.');
    }
    else if (outcome.id !== null &&
        (entry.action === 'create' || entry.action === 'replace') &&
        !outcome.steps.includes('uploaded the code')) {
        next = ` The policy exists without its code; the next sync uploads it.`;
    }
    return `${what}${done}.${next}`;
}

// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./src/fs-errors.ts
var fs_errors = __webpack_require__(6790);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: ./src/files/byte-path.ts
var byte_path = __webpack_require__(2013);
// EXTERNAL MODULE: ./src/files/confinement.ts
var files_confinement = __webpack_require__(9787);
// EXTERNAL MODULE: ./src/files/git-metadata.ts
var git_metadata = __webpack_require__(6021);
;// CONCATENATED MODULE: ./src/modes/sync-policies/policy-sources.ts
// Where a policy's code may be, worked out from paths alone. The gathering of the files
// (local-files.ts) uses it to know what to look at, the checks (local-policies.ts) to say what
// was found: both read a block's source the same way.


const DEFAULT_CONFIG_FILE_NAME = 'policies.hcl';
/** A path as messages show it: relative to the workspace root, with `/` separators. */
function displayPath(root, path) {
    return (0,external_node_path_.relative)(root, path).split(external_node_path_.sep).join('/') || '.';
}
function isInside(root, path) {
    const rel = (0,external_node_path_.relative)(root, path);
    return rel === '' || (rel !== '..' && !rel.startsWith(`..${external_node_path_.sep}`) && !(0,external_node_path_.isAbsolute)(rel));
}
/** `x_test.rego`, `.../test/<policy>/...` (cases and mocks of the native test runner), `.../testdata/...`. */
function isTestFile(relativePath) {
    if (relativePath.endsWith('_test.rego'))
        return true;
    const dirs = relativePath.split('/').slice(0, -1);
    return dirs.includes('testdata') || dirs.slice(0, -1).includes('test');
}
function blockSource(block, configDir, root) {
    if (block.invalidAttributes.includes('source'))
        return { is: 'unreadable' };
    if (block.source === undefined) {
        const kinds = ['native', 'opa'];
        return {
            is: 'beside-config',
            candidates: kinds.map((kind) => ({ kind, path: (0,external_node_path_.join)(configDir, block.name + POLICY_FILE_EXTENSIONS[kind]) })),
        };
    }
    const source = block.source;
    if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(source))
        return { is: 'address', source };
    const path = (0,external_node_path_.resolve)(configDir, source);
    if (!isInside(root, path))
        return { is: 'outside', source, path };
    const kind = policyKindOfFile(path);
    if (kind === null)
        return { is: 'not-a-policy-file', source, path };
    return { is: 'file', source, path, kind };
}
/** The paths whose files decide where a block's code is; a `source` outside the workspace is not one. */
function pathsToLookAt(source) {
    if (source.is === 'beside-config')
        return source.candidates.map((c) => c.path);
    if (source.is === 'file')
        return [source.path];
    return [];
}

;// CONCATENATED MODULE: ./src/modes/sync-policies/confined-files.ts
// The repository's files as sync-policies reads them: every path (a matched policy file, a
// folder the patterns search, a policies.hcl, the policy-config input, a block's `source`) is
// judged by the confinement rule (files/confinement.ts) before anything of it is read, and a
// file is read only as the file that was checked. The paths refused are collected and refused
// together, before any request, as one error naming each link and the input that governs them.








async function confinedFiles(root, allowOutside) {
    const confinement = await (0,files_confinement/* confinementOf */.uZ)({ directory: root, label: 'the repository', allowOutside });
    const checked = new Map();
    const refused = new Map();
    /** What is at `path`; null when nothing can be (missing, a dangling link, a loop, no permission). */
    const check = async (path) => {
        const result = await checkedOrError(path);
        return 'error' in result ? null : result;
    };
    const checkedOrError = (path) => {
        let found = checked.get(path);
        if (!found) {
            found = (0,files_confinement/* checkPath */.Cg)(confinement, (0,byte_path/* bytePathOf */.D9)(path)).catch((error) => ({ error }));
            checked.set(path, found);
        }
        return found;
    };
    /** `path` as it is about to be read or searched: remembered when the rule refuses it. */
    const judge = (path, result) => {
        if (result === null)
            return false;
        if (result.refusal === null)
            return true;
        if (!refused.has(path))
            refused.set(path, refusal(root, path, result));
        return false;
    };
    return {
        async foundAt(path) {
            const result = await check(path);
            if (result === null)
                return 'missing';
            judge(path, result);
            return result.stats.isFile() ? 'file' : 'not-a-file';
        },
        async checkFolders(searchPaths) {
            await walkFolders(confinement, searchPaths, async (path) => {
                const result = await check(path);
                // A link to a file is judged if a pattern matches it (foundAt); a folder is searched.
                if (!result?.stats.isDirectory())
                    return null;
                return judge(path, result) ? result : null;
            });
        },
        async refuseLinks() {
            if (refused.size === 0)
                return;
            const byName = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
            const links = (await Promise.all(refused.values())).sort(byName);
            const what = links.length === 1 ? 'a link that leads' : `${links.length} links that lead`;
            throw new errors/* ConfigurationError */.j1(`The policy files hold ${what} ${(0,files_confinement/* whereRefusedLinksLead */.l5)(confinement, links)}: ${(0,files_confinement/* listRefusedLinks */.a)(links)}. ` +
                `Nothing was read from ${links.length === 1 ? 'it' : 'them'} and nothing was sent. ${(0,files_confinement/* refusedLinksAdvice */.Wm)(links)}`);
        },
        async read(path, kind, signal) {
            const result = await checkedOrError(path);
            // Why it cannot be read (no permission on the way, say), for the caller to say in words.
            if ('error' in result)
                throw result.error;
            // A bug, not the user's: only what refuseLinks let through is read.
            if (result.refusal !== null)
                throw new Error(`${path} was refused and may not be read`);
            try {
                const shown = displayPath(root, path);
                return { bytes: await (0,reader/* readCheckedFile */.m2)(confinement, result, { kind, shown, ...(signal ? { signal } : {}) }) };
            }
            catch (error) {
                if (error instanceof reader/* FileTooLargeError */.yq)
                    return { tooLarge: error.bytes };
                throw error;
            }
        },
    };
}
/** How a message names a refused path: as the repository holds it, with the first link on its way. */
async function refusal(root, path, result) {
    const shown = displayPath(root, path);
    const link = await (0,files_confinement/* firstLinkOnTheWay */.On)((0,byte_path/* bytePathOf */.D9)(root), (0,byte_path/* bytePathOf */.D9)(path));
    return {
        name: shown,
        ...(link === null || link === shown ? {} : { via: link }),
        target: (0,byte_path/* textOf */.b6)(result.real),
        refusal: result.refusal,
    };
}
/**
 * The folders below `searchPaths`, as the glob library walks them (it follows links to folders):
 * each is checked (`folder`: the checked folder, or null when it is none or refused), and entered
 * only when it lies in the repository (a folder outside, which the rule lets links reach, holds no
 * link that the matched files' own checks would miss). `.git` folders are passed over: nothing in
 * them is read.
 */
async function walkFolders(confinement, searchPaths, folder) {
    const seen = new Set();
    const pending = [];
    const enter = async (path) => {
        const result = await folder(path);
        if (result === null)
            return;
        const real = (0,byte_path/* textOf */.b6)(result.real);
        if (seen.has(real) || (0,byte_path/* pathInsideRoot */.oo)(confinement.root, result.real) === null)
            return;
        seen.add(real);
        pending.push(path);
    };
    for (const path of searchPaths)
        await enter((0,external_node_path_.resolve)(path));
    for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
        const entries = await (0,promises_.readdir)(dir, { withFileTypes: true }).catch(() => []);
        await Promise.all(entries
            .filter((entry) => entry.name.toLowerCase() !== git_metadata/* GIT_METADATA_NAME */.RG && (entry.isDirectory() || entry.isSymbolicLink()))
            .map((entry) => enter((0,external_node_path_.join)(dir, entry.name))));
    }
}

;// CONCATENATED MODULE: ./src/modes/sync-policies/hcl-outline.ts
// Where blocks and attributes sit in an HCL file. hcl2json gives values but no positions, so
// annotations would have no line; this scanner walks the text once (strings, templates,
// heredocs and comments skipped) and records each block header and attribute with its line.
// It is only ever run on text the real parser accepted, and only used to place messages:
// `placeBlocks` pairs the blocks hcl2json read with the headers found here.

const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_-]/;
function outlineHcl(text) {
    const outline = { attributes: [], blocks: [] };
    new HclScanner(text).readBody(outline, false);
    return outline;
}
/** One pass over the text: where the scan is (`#i`), on which line, and the skips and reads it is made of. */
class HclScanner {
    #text;
    #i = 0;
    #line = 1;
    #lineStart = 0;
    constructor(text) {
        this.#text = text;
    }
    #more() {
        return this.#i < this.#text.length;
    }
    #peek(offset = 0) {
        return this.#text[this.#i + offset] ?? '';
    }
    #advance() {
        if (this.#text[this.#i] === '\n') {
            this.#line++;
            this.#lineStart = this.#i + 1;
        }
        this.#i++;
    }
    #column() {
        return this.#i - this.#lineStart + 1;
    }
    #skipComment() {
        if (this.#peek() === '#' || (this.#peek() === '/' && this.#peek(1) === '/')) {
            while (this.#more() && this.#peek() !== '\n')
                this.#advance();
            return true;
        }
        if (this.#peek() === '/' && this.#peek(1) === '*') {
            this.#advance();
            this.#advance();
            while (this.#more() && !(this.#peek() === '*' && this.#peek(1) === '/'))
                this.#advance();
            this.#advance();
            this.#advance();
            return true;
        }
        return false;
    }
    /** Skips blanks and comments; newlines too when `newlines` is set. */
    #skipSpace(newlines) {
        while (this.#more()) {
            const c = this.#peek();
            if (c === ' ' || c === '\t' || c === '\r' || (newlines && c === '\n'))
                this.#advance();
            else if (!this.#skipComment())
                return;
        }
    }
    #readIdent() {
        const start = this.#i;
        while (this.#more() && IDENT_PART.test(this.#peek()))
            this.#advance();
        return this.#text.slice(start, this.#i);
    }
    /** Skips a quoted string (the opening quote is at the scan), templates included; returns its raw body. */
    #skipQuoted() {
        this.#advance();
        const start = this.#i;
        while (this.#more() && this.#peek() !== '"' && this.#peek() !== '\n') {
            if (this.#peek() === '\\') {
                this.#advance();
                this.#advance();
            }
            else if ((this.#peek() === '$' || this.#peek() === '%') && this.#peek(1) === '{') {
                if (this.#peek(-1) === this.#peek() && this.#peek(-2) !== this.#peek()) {
                    this.#advance(); // `$${` and `%%{` are escapes, not templates
                }
                else {
                    this.#advance();
                    this.#advance();
                    this.#skipExpression('}');
                }
                this.#advance();
            }
            else {
                this.#advance();
            }
        }
        const raw = this.#text.slice(start, this.#i);
        if (this.#peek() === '"')
            this.#advance();
        return raw;
    }
    /** Skips a heredoc (`<<` at the scan) through its closing marker line. */
    #skipHeredoc() {
        this.#advance();
        this.#advance();
        if (this.#peek() === '-')
            this.#advance();
        const marker = this.#readIdent();
        while (this.#more() && this.#peek() !== '\n')
            this.#advance();
        while (this.#more()) {
            this.#advance(); // the newline ending the previous line
            const end = this.#text.indexOf('\n', this.#i);
            const content = this.#text.slice(this.#i, end === -1 ? this.#text.length : end);
            if (content.trim() === marker) {
                while (this.#more() && this.#peek() !== '\n')
                    this.#advance();
                return;
            }
            while (this.#more() && this.#peek() !== '\n')
                this.#advance();
        }
    }
    /**
     * Skips an expression up to (not over) a newline or `stop` at nesting level zero;
     * with `stop` = '}' inside a template, the closing brace is left at the scan.
     */
    #skipExpression(stop) {
        let depth = 0;
        while (this.#more()) {
            const c = this.#peek();
            if (depth === 0 && (c === '\n' || c === stop))
                return;
            if (depth === 0 && c === '}')
                return; // the end of a one-line block
            if (this.#skipComment())
                continue;
            if (c === '"')
                this.#skipQuoted();
            else if (c === '<' && this.#peek(1) === '<' && /[-A-Za-z_]/.test(this.#peek(2)))
                this.#skipHeredoc();
            else {
                if (c === '(' || c === '[' || c === '{')
                    depth++;
                else if (c === ')' || c === ']' || c === '}')
                    depth--;
                this.#advance();
            }
        }
    }
    readBody(body, nested) {
        while (this.#more()) {
            this.#skipSpace(true);
            if (!this.#more())
                return;
            const c = this.#peek();
            if (c === '}') {
                this.#advance();
                if (nested)
                    return;
                continue; // stray brace: the parser accepted the text, so this does not happen
            }
            if (!IDENT_START.test(c)) {
                this.#skipExpression();
                if (this.#peek() === '}' && !nested)
                    this.#advance();
                continue;
            }
            const startLine = this.#line;
            const startColumn = this.#column();
            const name = this.#readIdent();
            this.#skipSpace(false);
            if (this.#peek() === '=' || this.#peek() === ':') {
                this.#advance();
                body.attributes.push({ name, line: startLine, column: startColumn });
                this.#skipSpace(false);
                this.#skipExpression();
                continue;
            }
            const labels = this.#readLabels();
            if (this.#peek() !== '{')
                continue;
            this.#advance();
            const block = {
                type: name,
                labels,
                line: startLine,
                column: startColumn,
                attributes: [],
                blocks: [],
            };
            body.blocks.push(block);
            this.readBody(block, true);
        }
    }
    /** A block header's labels, quoted or bare, up to its `{` or the end of the line. */
    #readLabels() {
        const labels = [];
        while (this.#more() && this.#peek() !== '{' && this.#peek() !== '\n') {
            if (this.#peek() === '"')
                labels.push(decodeLabel(this.#skipQuoted()));
            else if (IDENT_START.test(this.#peek()))
                labels.push(this.#readIdent());
            else
                this.#advance();
            this.#skipSpace(false);
        }
        return labels;
    }
}
function decodeLabel(raw) {
    try {
        return JSON.parse(`"${raw}"`);
    }
    catch {
        return raw;
    }
}
/**
 * Pairs the bodies hcl2json gives for the blocks of one type and label (`policy "x"`) with the
 * headers the outline found for them. Both list such blocks in the order of the text, so the
 * n-th body is the n-th header's block; the pair is kept only when both sides agree on it: as
 * many bodies as headers, and each body setting exactly the attributes and nested blocks its
 * header's block holds. Otherwise no block of this label gets a position: a message may lose
 * its line, but never lands on another block's.
 */
function placeBlocks(bodies, headers) {
    const objects = bodies.map((body) => ((0,json_object/* isObject */.Gv)(body) ? body : {}));
    const agree = objects.length === headers.length &&
        objects.every((body, i) => sameNames(Object.keys(body), [
            ...headers[i].attributes.map((a) => a.name),
            ...headers[i].blocks.map((b) => b.type),
        ]));
    return objects.map((body, i) => (agree ? { body, position: headers[i] } : { body }));
}
function sameNames(a, b) {
    const left = new Set(a);
    const right = new Set(b);
    return left.size === right.size && [...left].every((name) => right.has(name));
}

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(3136);
;// CONCATENATED MODULE: ./src/modes/sync-policies/hcl.ts
// Parses HCL with HashiCorp's own parser (@cdktf/hcl2json, Go compiled to WebAssembly) and
// turns its error text into positioned diagnostics.




class HclSyntaxError extends Error {
    name = 'HclSyntaxError';
    diagnostics;
    constructor(file, diagnostics) {
        super(`${file}: ${diagnostics.map((d) => d.message).join('; ')}`);
        this.diagnostics = diagnostics;
    }
}
let parser;
function loadParser() {
    // The library reads `join(__dirname, '..', 'main.wasm.gz')` when it is first imported. In the
    // ESM bundle there is no `__dirname`, and the build ships the file as
    // `<bundle dir>/hcl2json/main.wasm.gz`, so point the global at the matching `lib` folder
    // first. Unbundled (tests, type stripping) the library is a CommonJS module of its own and
    // finds its file itself. The import is dynamic so that nothing is loaded until a config is
    // actually parsed. The library reads the path while it is being imported, so the global is
    // removed again right after, and no other bundled module ever sees it.
    parser ??= (async () => {
        const global = globalThis;
        let pointed = false;
        if (typeof __dirname === 'undefined') {
            const bundleDir = (0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url));
            if ((0,external_node_fs_.existsSync)((0,external_node_path_.join)(bundleDir, 'hcl2json', 'main.wasm.gz'))) {
                global.__dirname = (0,external_node_path_.join)(bundleDir, 'hcl2json', 'lib');
                pointed = true;
            }
        }
        try {
            const mod = (await Promise.all(/* import() */[__webpack_require__.e(382), __webpack_require__.e(460)]).then(__webpack_require__.t.bind(__webpack_require__, 4382, 23)));
            return typeof mod.parse === 'function' ? mod : mod.default;
        }
        finally {
            if (pointed)
                delete global.__dirname;
        }
    })();
    return parser;
}
/**
 * Parses HCL text into hcl2json's JSON form (`{"policy": {"NAME": [{...}, ...]}, ...}`).
 * `file` is the name used in diagnostics. Throws HclSyntaxError when the text does not parse.
 */
async function parseHcl(file, text) {
    const hcl2json = await loadParser();
    try {
        return await hcl2json.parse(file, text);
    }
    catch (error) {
        throw new HclSyntaxError(file, parseDiagnostics(file, error instanceof Error ? error.message : String(error)));
    }
}
/**
 * The parser reports every error in one string:
 * `parse config: [FILE:2,12-3,1: Summary; Detail. FILE:3,3-9: Summary; Detail.]`
 * (range `line,column-line,column`, or `line,column-column` on one line). Errors found while
 * converting to JSON have no position: `convert to HCL: convert file: ...: reason`.
 */
function parseDiagnostics(file, raw) {
    const text = raw.replace(/^parse config: \[/, '').replace(/\]\s*$/, '');
    const at = new RegExp(`${(0,src_text/* escapeRegExp */.Nt)(file)}:(\\d+),(\\d+)-\\d+(?:,\\d+)?: `, 'g');
    const matches = [...text.matchAll(at)];
    if (matches.length === 0) {
        const reason = text.replace(/^(?:convert [^:]*: )+/, '').trim();
        return [{ message: reason || raw }];
    }
    return matches.map((m, i) => {
        const end = matches[i + 1]?.index ?? text.length;
        const message = text.slice(m.index + m[0].length, end).trim();
        return { line: Number(m[1]), column: Number(m[2]), message };
    });
}

;// CONCATENATED MODULE: ./src/modes/sync-policies/policy-config.ts
// Reads one policy config file: `policy "NAME" { source, enforcement_level, description, query }`
// blocks, in the format of the policy-set config files real policy libraries keep (their
// `import`, `module` and `param` blocks and per-policy `params` are reported and ignored,
// because a policy synced on its own cannot use them).






const POLICY_ATTRIBUTES = ['source', 'enforcement_level', 'description', 'query'];
const WHY_IGNORED = {
    import: 'a policy synced on its own cannot use imports',
    module: 'a policy synced on its own cannot use modules',
    param: 'a policy synced on its own cannot take parameters',
};
/**
 * Reads (`read`: its bytes) and checks the config `file` (its name relative to the workspace
 * root, used in every message). Problems are collected, never thrown.
 */
async function readPolicyConfig(file, read) {
    let text;
    try {
        text = (await read()).toString('utf8');
    }
    catch (error) {
        return {
            file,
            blocks: [],
            warnings: [],
            problems: [
                {
                    file,
                    message: `Policy config ${file} cannot be read (${(0,fs_errors/* describeFsError */.T)(error) ?? (0,errors/* getErrorMessage */.u1)(error)}).`,
                },
            ],
        };
    }
    return parsePolicyConfig(file, text);
}
/** Checks the text of the config `file` (its name relative to the workspace root). */
async function parsePolicyConfig(file, source) {
    const config = { file, blocks: [], warnings: [], problems: [] };
    const text = source.replace(/^\uFEFF/, '');
    let json;
    try {
        json = await parseHcl(file, text);
    }
    catch (error) {
        if (!(error instanceof HclSyntaxError))
            throw error;
        config.problems.push(...syntaxProblems(file, text, error));
        return config;
    }
    const outline = outlineHcl(text);
    reportIgnoredTopLevel(config, json, outline);
    const policies = json['policy'];
    if (policies === undefined)
        return config;
    const policyPositions = outline.blocks.filter((b) => b.type === 'policy');
    if (Array.isArray(policies) || !(0,json_object/* isObject */.Gv)(policies)) {
        reportLabelCount(config, policyPositions, (b) => b.labels.length === 0);
        return config;
    }
    for (const [name, bodies] of Object.entries(policies)) {
        if (!Array.isArray(bodies)) {
            reportLabelCount(config, policyPositions, (b) => b.labels.length > 1 && b.labels[0] === name);
            continue;
        }
        const headers = policyPositions.filter((b) => b.labels.length === 1 && b.labels[0] === name);
        for (const { body, position } of placeBlocks(bodies, headers))
            config.blocks.push(readPolicyBlock(config, name, body, position));
    }
    return config;
}
function readPolicyBlock(config, name, body, position) {
    const block = { name, configFile: config.file, attributeLines: {}, invalidAttributes: [] };
    if (position)
        block.line = position.line;
    const where = (attribute) => {
        const line = position?.attributes.find((a) => a.name === attribute)?.line ??
            position?.blocks.find((b) => b.type === attribute)?.line ??
            position?.line;
        return line === undefined ? { file: config.file, message: '' } : { file: config.file, line, message: '' };
    };
    // On the attribute's line, which the message names too: one line for the annotation, the
    // message and the summary (the block's own line would be a second one).
    const at = (attribute, message) => {
        const site = where(attribute);
        return { ...site, message: `${config.file}${site.line ? `:${site.line}` : ''}: policy "${name}": ${message}` };
    };
    for (const [attribute, value] of Object.entries(body)) {
        if (!POLICY_ATTRIBUTES.includes(attribute)) {
            // A misspelt setting is an error: ignored, the policy would quietly get the default instead.
            const meant = attribute === 'params' ? undefined : (0,src_text/* nearest */.pA)(attribute, POLICY_ATTRIBUTES);
            if (meant !== undefined) {
                const shown = typeof value === 'string' ? JSON.stringify(value) : '"..."';
                config.problems.push(at(attribute, `unknown attribute "${attribute}"; did you mean ${meant}? Write the line as: ${meant} = ${shown}`));
                continue;
            }
            const why = attribute === 'params'
                ? 'a policy synced on its own cannot take parameters, so the policy runs with its defaults'
                : `only ${POLICY_ATTRIBUTES.join(', ')} are used`;
            config.warnings.push(at(attribute, `"${attribute}" is ignored: ${why}.`));
            continue;
        }
        const known = attribute;
        const line = where(known).line;
        if (line !== undefined)
            block.attributeLines[known] = line;
        if (value === null)
            continue; // HCL null means "not set"
        if (typeof value !== 'string') {
            config.problems.push(at(known, `${known} must be a string, not ${describeValue(value)}; write it as ${known} = "..."`));
            block.invalidAttributes.push(known);
            continue;
        }
        if (/(?<!\$)\$\{|(?<!%)%\{/.test(value)) {
            config.problems.push(at(known, `${known} must be a literal string; ` +
                `variables, expressions and templates (\${...}, %{...}) are not evaluated here. Write the value itself.`));
            block.invalidAttributes.push(known);
            continue;
        }
        // hcl2json keeps the template escapes of literal text: `$${` stands for `${`.
        const literal = value.replaceAll('$${', '${').replaceAll('%%{', '%{');
        if (known === 'source')
            block.source = literal;
        else if (known === 'enforcement_level')
            block.enforcementLevel = literal;
        else if (known === 'description')
            block.description = literal;
        else
            block.query = literal;
    }
    return block;
}
function reportIgnoredTopLevel(config, json, outline) {
    const placed = new Set(['policy']);
    for (const block of outline.blocks) {
        if (block.type === 'policy')
            continue;
        placed.add(block.type);
        const header = [block.type, ...block.labels.map((l) => JSON.stringify(l))].join(' ');
        const why = WHY_IGNORED[block.type] ?? 'only policy blocks are read';
        config.warnings.push({
            file: config.file,
            line: block.line,
            message: `${config.file}:${block.line}: the ${header} block is ignored: ${why}. A policy that relies on it may fail when it is evaluated.`,
        });
    }
    for (const attribute of outline.attributes) {
        placed.add(attribute.name);
        config.warnings.push({
            file: config.file,
            line: attribute.line,
            message: `${config.file}:${attribute.line}: the top-level "${attribute.name}" setting is ignored: only policy blocks are read.`,
        });
    }
    for (const key of Object.keys(json)) {
        if (placed.has(key))
            continue;
        config.warnings.push({
            file: config.file,
            message: `${config.file}: "${key}" is ignored: only policy blocks are read.`,
        });
    }
}
function reportLabelCount(config, positions, wrong) {
    const bad = positions.filter(wrong);
    const message = (line) => `${config.file}${line ? `:${line}` : ''}: a policy block takes exactly one label, the policy name: policy "NAME" { ... }.`;
    if (bad.length === 0)
        config.problems.push({ file: config.file, message: message() });
    for (const b of bad)
        config.problems.push({ file: config.file, line: b.line, message: message(b.line) });
}
function syntaxProblems(file, text, error) {
    const problems = [];
    for (const d of error.diagnostics) {
        if (d.line !== undefined) {
            problems.push({
                file,
                line: d.line,
                ...(d.column !== undefined ? { column: d.column } : {}),
                message: `${file}:${d.line}:${d.column ?? 1}: HCL syntax error: ${d.message} Fix the file; nothing is synced until it parses.`,
            });
            continue;
        }
        // Errors from the conversion to JSON carry no position; the one a user can make is mixing
        // policy blocks with and without labels, so point at the blocks without exactly one.
        const outline = outlineHcl(text);
        const unlabelled = outline.blocks.filter((b) => b.type === 'policy' && b.labels.length !== 1);
        if (unlabelled.length > 0) {
            for (const b of unlabelled) {
                problems.push({
                    file,
                    line: b.line,
                    message: `${file}:${b.line}: a policy block takes exactly one label, the policy name: policy "NAME" { ... }.`,
                });
            }
            continue;
        }
        problems.push({
            file,
            message: `${file}: HCL error: ${d.message.replace(/\.$/, '')}. Fix the file; nothing is synced until it parses.`,
        });
    }
    return problems;
}
function describeValue(value) {
    if (Array.isArray(value))
        return 'a list';
    if (typeof value === 'object')
        return 'an object or block';
    return `a ${typeof value} (${JSON.stringify(value)})`;
}

// EXTERNAL MODULE: ./node_modules/@actions/glob/lib/glob.js + 17 modules
var glob = __webpack_require__(2377);
;// CONCATENATED MODULE: ./src/report/toolkit-debug.ts
/**
 * Libraries of the Actions toolkit (@actions/glob) log through @actions/core, whose debug()
 * writes a `::debug::` workflow command straight to stdout for every step of their work, past
 * the sink: unneutralised on GitHub, and noise on the command line and in tests. While `work`
 * runs, those lines are taken out of stdout and their messages handed to `debug` (the sink's,
 * which shows them where the step runs and only when debug output is asked for); without
 * `debug`, they are dropped. Every other write passes.
 */
async function toolkitDebugTo(debug, work) {
    const stop = captureDebugCommands(debug ?? (() => { }));
    try {
        return await work();
    }
    finally {
        stop();
    }
}
/** Captures in progress, the latest last: a line goes to the latest (they overlap only in tests). */
const receivers = [];
let originalWrite;
/** Set while a receiver runs: what it writes (the GitHub sink's own `::debug::`) goes out as is. */
let delivering = false;
function captureDebugCommands(receiver) {
    receivers.push(receiver);
    if (originalWrite === undefined) {
        // The very function goes back when the capture stops, and is only ever called with .call(this).
        // eslint-disable-next-line @typescript-eslint/unbound-method
        const original = process.stdout.write;
        originalWrite = original;
        process.stdout.write = function (chunk, ...rest) {
            if (!delivering && typeof chunk === 'string' && chunk.startsWith('::debug::')) {
                delivering = true;
                try {
                    receivers.at(-1)?.(commandData(chunk.slice('::debug::'.length)));
                }
                finally {
                    delivering = false;
                }
                // Written, as far as the caller knows: a callback among the arguments still runs.
                const callback = rest.find((a) => typeof a === 'function');
                if (callback)
                    queueMicrotask(callback);
                return true;
            }
            return original.call(this, chunk, ...rest);
        };
    }
    let stopped = false;
    return () => {
        if (stopped)
            return;
        stopped = true;
        receivers.splice(receivers.lastIndexOf(receiver), 1);
        if (receivers.length === 0 && originalWrite) {
            process.stdout.write = originalWrite;
            originalWrite = undefined;
        }
    };
}
/** The message of a command line as @actions/core escaped it (`%25`, `%0D`, `%0A`), without its line end. */
function commandData(text) {
    return text
        .replace(/\r?\n$/, '')
        .replace(/%0D/g, '\r')
        .replace(/%0A/g, '\n')
        .replace(/%25/g, '%');
}

;// CONCATENATED MODULE: ./src/modes/sync-policies/policy-files.ts
// Finds the files the `policy-files` input matches.





/**
 * Absolute paths of the regular files matched by the patterns (@actions/glob syntax, one a
 * line, `!` excludes, `#` comments), sorted. Relative patterns are taken from `workspaceRoot`,
 * not from the current directory, so that the command line and tests behave like a workflow
 * step. Throws ConfigurationError for a pattern the glob library refuses (for example `..`).
 * `debug` gets one line of what the patterns matched; the glob library's own lines (each
 * directory it searched, its options) are its internals, and are dropped. `beforeSearch` is given
 * the folders the search starts from, and may throw to stop it before any folder is listed.
 */
async function matchPolicyFiles(patterns, workspaceRoot, debug, beforeSearch) {
    const lines = patterns
        .flatMap((p) => p.split(/\r?\n/))
        .map((p) => p.trim())
        .filter((p) => p !== '' && !p.startsWith('#'));
    if (lines.length === 0)
        return [];
    const rooted = lines.map((line) => rootPattern(line, workspaceRoot));
    let globber;
    try {
        globber = await toolkitDebugTo(undefined, () => glob/* create */.v(rooted.join('\n'), { matchDirectories: false }));
    }
    catch (error) {
        throw refusedPattern(error, workspaceRoot);
    }
    await beforeSearch?.(globber.getSearchPaths());
    let files;
    try {
        files = await toolkitDebugTo(undefined, () => globber.glob());
    }
    catch (error) {
        throw refusedPattern(error, workspaceRoot);
    }
    const matched = [...new Set(files)].sort();
    debug?.(`policy-files (${lines.join(', ')}) matched ${(0,src_text/* plural */.LS)(matched.length, 'file')}.`);
    return matched;
}
/**
 * Files the patterns would match under the old extension of the native language, `.sentinel`
 * for `.native` (each pattern ending in `.native` is read ending in `.sentinel`): files a library kept under
 * that name, which the sync does not read. Relative to `workspaceRoot`, sorted.
 */
async function findSentinelFiles(patterns, workspaceRoot) {
    const lines = patterns
        .flatMap((p) => p.split(/\r?\n/))
        .map((p) => p.trim())
        .filter((p) => p.endsWith('.native'))
        .map((p) => `${p.slice(0, -'.native'.length)}.sentinel`);
    if (!lines.some((p) => !p.startsWith('!')))
        return [];
    try {
        const found = await matchPolicyFiles(lines, workspaceRoot);
        return found.map((file) => (0,external_node_path_.relative)(workspaceRoot, file).split(external_node_path_.sep).join('/'));
    }
    catch {
        // The policy-files patterns were matched already; a pattern refused here says nothing new.
        return [];
    }
}
function refusedPattern(error, workspaceRoot) {
    return new errors/* ConfigurationError */.j1(`Input "policy-files" has a pattern that cannot be used: ` +
        `${(0,errors/* getErrorMessage */.u1)(error).replaceAll(escapeGlob(workspaceRoot) + '/', '')} Use paths relative to the repository root, without "." or ".." segments.`);
}
function rootPattern(line, root) {
    const negation = /^!*/.exec(line)?.[0] ?? '';
    let pattern = line.slice(negation.length).trimStart();
    if ((0,external_node_path_.isAbsolute)(pattern) || pattern.startsWith('~'))
        return negation + pattern;
    while (pattern.startsWith('./'))
        pattern = pattern.slice(2);
    return `${negation}${escapeGlob(root)}/${pattern}`;
}
/** Makes a literal path safe to prefix to a pattern (the escapes @actions/glob understands). */
function escapeGlob(path) {
    const escaped = process.platform === 'win32' ? path : path.replace(/\\/g, '\\\\');
    return escaped.replace(/\[/g, '[[]').replace(/\?/g, '[?]').replace(/\*/g, '[*]');
}

;// CONCATENATED MODULE: ./src/modes/sync-policies/local-files.ts
// The repository's policy files as they are on disk, gathered before anything is checked: the
// files policy-files matches, the configs that apply (read and parsed), what is at each path a
// policy block names or implies, and the code of every file that may be a policy's. This is the
// only step of reading the local policies that touches the file system; local-policies.ts checks
// what it found. Every path is judged by the confinement rule before anything of it is read
// (confined-files.ts): links that lead outside the repository or into its git metadata stop the
// step, naming them, before the first request.









async function gatherLocalFiles(options) {
    const root = (0,external_node_path_.resolve)(options.workspaceRoot);
    const files = await confinedFiles(root, options.allowLinksOutsideRepository ?? false);
    const matched = await matchPolicyFiles(options.patterns, root, options.debug, async (searchPaths) => {
        // Before the glob lists a folder that a link leads to: the folders it would enter are judged first.
        await files.checkFolders(searchPaths);
        await files.refuseLinks();
    });
    await Promise.all(matched.map((file) => files.foundAt(file)));
    const gathered = { root, matched };
    let configPaths;
    const configPath = options.configPath?.trim() ?? '';
    if (configPath !== '') {
        const path = (0,external_node_path_.resolve)(root, configPath);
        const found = await files.foundAt(path);
        gathered.namedConfig = { path, found };
        configPaths = found === 'file' ? [path] : [];
    }
    else {
        configPaths = await discoverConfigs(files, matched, root);
    }
    await files.refuseLinks();
    const configs = await Promise.all(configPaths.map(async (path) => ({
        path,
        config: await readPolicyConfig(displayPath(root, path), () => readConfig(files, path, options.signal)),
    })));
    const blockPaths = new Set(configs.flatMap(({ path, config }) => config.blocks.flatMap((block) => pathsToLookAt(blockSource(block, (0,external_node_path_.dirname)(path), root)))));
    const found = new Map(await Promise.all([...blockPaths].map(async (path) => [path, await files.foundAt(path)])));
    await files.refuseLinks();
    const codePaths = new Set([...blockPaths].filter((path) => found.get(path) === 'file'));
    for (const file of matched) {
        if (policyKindOfFile(file) !== null && !isTestFile(displayPath(root, file)))
            codePaths.add(file);
    }
    const code = new Map(await Promise.all([...codePaths].map(async (path) => [path, await loadCode(files, path, options.signal)])));
    return { ...gathered, configs, found, code };
}
/** For each directory of a matched file, the nearest policies.hcl in it or above it, up to the root. */
async function discoverConfigs(files, matched, root) {
    const nearest = new Map();
    const find = (dir) => {
        let found = nearest.get(dir);
        if (!found) {
            found = (async () => {
                const candidate = (0,external_node_path_.join)(dir, DEFAULT_CONFIG_FILE_NAME);
                if ((await files.foundAt(candidate)) === 'file')
                    return candidate;
                const parent = (0,external_node_path_.dirname)(dir);
                return dir !== root && parent !== dir && isInside(root, parent) ? find(parent) : null;
            })();
            nearest.set(dir, found);
        }
        return found;
    };
    const found = await Promise.all([...new Set(matched.map(external_node_path_.dirname))].map(find));
    return [...new Set(found.filter((f) => f !== null))].sort();
}
async function readConfig(files, path, signal) {
    const read = await files.read(path, 'policy-config', signal);
    if ('tooLarge' in read) {
        const limit = reader/* FILE_SIZE_LIMITS */.Q6['policy-config'];
        throw new Error(`it holds ${read.tooLarge} bytes, more than the ${limit} a policy config may hold`);
    }
    return read.bytes;
}
async function loadCode(files, path, signal) {
    try {
        const read = await files.read(path, 'policy', signal);
        if ('tooLarge' in read)
            return { error: tooLarge(read.tooLarge) };
        const bytes = read.bytes;
        try {
            // ignoreBOM keeps a byte order mark in the text, so the upload sends the file's exact bytes.
            const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
            return { text, bytes: bytes.length };
        }
        catch {
            return { error: 'the file is not UTF-8 text; save it as UTF-8.' };
        }
    }
    catch (error) {
        return { error: `the file cannot be read (${(0,fs_errors/* describeFsError */.T)(error) ?? (0,errors/* getErrorMessage */.u1)(error)}).` };
    }
}
function tooLarge(bytes) {
    return `${bytes} bytes of code, more than the ${MAX_POLICY_CODE_BYTES} bytes (10 MB) the service accepts; split the policy or shrink it.`;
}

;// CONCATENATED MODULE: ./src/modes/sync-policies/opa-query.ts
// The query an opa policy runs when its config block gives none (action interface, mode
// sync-policies): the `deny` rule of the file's package.
/** The package of a Rego file (`package a.b.c` → `a.b.c`), or null when it has none. */
function regoPackage(code) {
    // A package clause is the first statement of a Rego module, so the first line that starts
    // with `package` is it; comments (`#`) never start with that word.
    // A byte order mark may precede it on the first line.
    const match = /^\uFEFF?[ \t]*package[ \t]+([^\s#]+)/m.exec(code);
    return match?.[1] ?? null;
}
/** `data.<package>.deny`, or null when the file has no package clause. */
function derivedOpaQuery(code) {
    const pkg = regoPackage(code);
    return pkg === null ? null : `data.${pkg}.deny`;
}

;// CONCATENATED MODULE: ./src/modes/sync-policies/local-policies.ts
// The policies the repository defines: policy code files matched by `policy-files`, and the
// `policy "NAME"` blocks of the policy config. The files are gathered first (local-files.ts, the
// only step that reads the disk), then everything is checked here, as a function of what was
// gathered, before any request; every problem is reported, not only the first.
//
// Which config applies:
// - `policy-config` set: that one file (relative to the workspace root) is the config.
// - otherwise: each matched file is governed by the nearest `policies.hcl` in its own directory
//   or a parent directory, up to the workspace root. Every config found this way is read, so
//   files spread over several directories can each have a `policies.hcl` beside them, or share
//   one above them (a policy library with its config at the root and its code in
//   `policies/<area>/`).
// Each block defines one policy, whose code is its `source` (relative to the config file that
// holds the block; when absent, `NAME.native` or `NAME.rego` beside that config). A block
// defines its policy even when the patterns do not match its source: the config is explicit.
// A matched file that no block of any config references is a policy named after the file. A
// source must lie inside the workspace root, so that a config cannot publish other files.
// Test files that no block references are skipped, with one warning: OPA tests (`*_test.rego`)
// and the native test runner's cases and mocks (`test/<policy>/...` at any depth, `testdata/`),
// which policy libraries keep beside their policies under the same extensions.






/** Gathers the policy files (local-files.ts), then checks them. */
async function readLocalPolicies(options) {
    return checkLocalPolicies(await gatherLocalFiles(options), options);
}
/**
 * The policies the gathered files define, and every problem found in them, in the order a
 * person fixes them (by file and line). Reads nothing: what is on disk is in `files`.
 */
function checkLocalPolicies(files, options) {
    const { root } = files;
    const display = (path) => displayPath(root, path);
    const warnings = [];
    const problems = [];
    // Configs.
    if (files.namedConfig && files.namedConfig.found !== 'file') {
        const shown = display(files.namedConfig.path);
        problems.push({
            file: shown,
            message: `The policy-config input names ${shown}, which ${files.namedConfig.found === 'not-a-file' ? 'is not a file' : 'does not exist'}; ` +
                `give the path of the HCL config relative to the repository root, ` +
                `or leave the input empty to use a ${DEFAULT_CONFIG_FILE_NAME} beside the policy files.`,
        });
    }
    const configPaths = files.configs.map((c) => c.path);
    for (const { config } of files.configs) {
        warnings.push(...config.warnings);
        problems.push(...config.problems);
    }
    const configProblems = problems.length;
    // Definitions from blocks.
    const definitions = [];
    const referenced = new Set();
    for (const { path, config } of files.configs) {
        for (const block of config.blocks) {
            const source = blockSource(block, (0,external_node_path_.dirname)(path), root);
            definitions.push(blockDefinition(block, config, source, files.found, display, referenced, problems));
        }
    }
    // Definitions from files that no block references.
    const fromFiles = fileDefinitions(files, new Set([...configPaths, ...referenced]), display, problems);
    definitions.push(...fromFiles.definitions);
    const { skippedTests } = fromFiles;
    const skipped = skippedTestsWarning(skippedTests);
    if (skipped)
        warnings.push(skipped);
    markRepeatedNames(definitions, problems);
    if (definitions.length === 0 && configProblems === 0) {
        problems.push(noPolicyFound(options.patterns, configPaths, skippedTests.length > 0, display));
    }
    const policies = desiredPolicies(definitions, files, options.defaultEnforcementLevel, display, problems);
    policies.sort((a, b) => compare(a.name, b.name));
    return { policies, warnings: sortProblems(warnings), problems: sortProblems(problems) };
}
/**
 * The policies of the files matched that are neither a config nor named by a block (`taken`):
 * each named after its file; test files are passed over (listed in `skippedTests`).
 */
function fileDefinitions(files, taken, display, problems) {
    const definitions = [];
    const skippedTests = [];
    for (const file of files.matched) {
        if (taken.has(file) || (0,external_node_path_.basename)(file) === DEFAULT_CONFIG_FILE_NAME)
            continue;
        const kind = policyKindOfFile(file);
        const shown = display(file);
        if (kind === null) {
            problems.push({
                file: shown,
                message: `policy-files matched ${shown}, which is not a policy file: ` +
                    `native policies are .native files and opa policies .rego files. ` +
                    (shown.endsWith('.sentinel')
                        ? `The service's native policy language uses the extension .native: rename it to sync it, or exclude it with "!${shown}".`
                        : `Narrow the patterns or exclude it with "!${shown}".`),
            });
            continue;
        }
        if (isTestFile(shown)) {
            skippedTests.push(shown);
            continue;
        }
        const name = (0,external_node_path_.basename)(file, POLICY_FILE_EXTENSIONS[kind]);
        const definition = { name, kind, source: file, definedAt: { file: shown }, label: shown, ok: true };
        if (!POLICY_NAME_PATTERN.test(name)) {
            problems.push({
                file: shown,
                message: `policy-files matched ${shown}: the policy would be named "${name}", but policy names may contain only letters, digits, "-" and "_". ` +
                    `Rename the file, or give it a policy block with a valid name in the config.`,
            });
            definition.ok = false;
        }
        definitions.push(definition);
    }
    return { definitions, skippedTests };
}
/** The warning that test files matched by policy-files are passed over, if any were. */
function skippedTestsWarning(skippedTests) {
    if (skippedTests.length === 0)
        return undefined;
    const listed = skippedTests.slice(0, 5).join(', ') + (skippedTests.length > 5 ? `, and ${skippedTests.length - 5} more` : '');
    return {
        file: skippedTests[0],
        message: `${(0,src_text/* plural */.LS)(skippedTests.length, 'test file')} matched by policy-files ${skippedTests.length === 1 ? 'is' : 'are'} skipped: ${listed}. ` +
            `Files named *_test.rego and files in test/<policy>/ or testdata/ directories are tests, not policies; ` +
            `to sync one as a policy, name it in a policy block.`,
    };
}
/** Each name once: a definition of a name already defined is refused, naming the first. */
function markRepeatedNames(definitions, problems) {
    const firstByName = new Map();
    for (const definition of definitions) {
        const first = firstByName.get(definition.name);
        if (!first) {
            firstByName.set(definition.name, definition);
            continue;
        }
        definition.ok = false;
        const hint = definition.block || first.block
            ? ''
            : ' If one of them is not a policy, exclude it from policy-files with a "!" pattern.';
        problems.push(problemAt(definition, undefined, `the policy name "${definition.name}" is already defined by ${first.label}. ` +
            `Each policy name may be defined once: rename or remove one of them.${hint}`));
    }
}
/** The problem of a sync that found no policy at all, naming where it looked. */
function noPolicyFound(patternInputs, configPaths, onlyTests, display) {
    const patterns = patternInputs
        .flatMap((p) => p.split(/\r?\n/))
        .map((p) => p.trim())
        .filter(Boolean);
    return {
        file: configPaths[0] ? display(configPaths[0]) : '',
        message: `No policy found: policy-files (${patterns.join(', ') || 'no patterns'}) ` +
            `matched ${onlyTests ? 'only test files' : 'no .native or .rego file'}` +
            `${configPaths.length > 0 ? ` and ${configPaths.map(display).join(', ')} defines no policy block` : ''}. ` +
            `Check the patterns (they are relative to the repository root) or the policy config.`,
    };
}
/** The policies as the repository wants them: each definition's code, level and query checked; a code that could not be read reported once. */
function desiredPolicies(definitions, files, defaultEnforcementLevel, display, problems) {
    const codeErrorsReported = new Set();
    const policies = [];
    const checked = definitions.map((definition) => ({
        definition,
        code: definition.source ? files.code.get(definition.source) : undefined,
    }));
    for (const { definition, code } of checked) {
        if (!definition.source || !definition.kind || !code)
            continue;
        if (code.error !== undefined) {
            if (!codeErrorsReported.has(definition.source)) {
                codeErrorsReported.add(definition.source);
                const users = checked
                    .filter((c) => c.definition.source === definition.source)
                    .map((c) => `"${c.definition.name}"`);
                problems.push({
                    file: display(definition.source),
                    message: `${display(definition.source)} (code of policy ${users.join(', ')}): ${code.error}`,
                });
            }
            continue;
        }
        const level = enforcementLevel(definition, definition.kind, defaultEnforcementLevel, problems);
        const query = policyQuery(definition, definition.kind, code.text, display(definition.source), problems);
        if (!definition.ok || level === null || query === undefined)
            continue;
        const description = definition.block?.description;
        policies.push({
            name: definition.name,
            kind: definition.kind,
            enforcementLevel: level.level,
            enforcementLevelStated: level.stated,
            description: description === undefined || description === '' ? null : description,
            query,
            code: code.text,
            codeBytes: code.bytes,
            sourceFile: display(definition.source),
            definedAt: definition.definedAt,
        });
    }
    return policies;
}
function blockDefinition(block, config, source, found, display, referenced, problems) {
    const definedAt = block.line === undefined ? { file: config.file } : { file: config.file, line: block.line };
    const label = `${config.file}${block.line === undefined ? '' : `:${block.line}`}: policy "${block.name}"`;
    const definition = { name: block.name, kind: null, source: null, definedAt, block, label, ok: true };
    const fail = (line, message) => {
        problems.push(problemAt(definition, line, message));
        definition.ok = false;
        return definition;
    };
    if (!POLICY_NAME_PATTERN.test(block.name)) {
        fail(undefined, 'policy names may contain only letters, digits, "-" and "_"; rename the block.');
    }
    // An attribute that is not a literal string has been reported already; the policy is not
    // built with a guess in its place.
    if (block.invalidAttributes.length > 0)
        definition.ok = false;
    const sourceLine = block.attributeLines.source;
    switch (source.is) {
        case 'unreadable':
            return definition;
        case 'beside-config': {
            const { candidates } = source;
            const existing = candidates.filter((c) => found.get(c.path) === 'file');
            for (const c of candidates)
                referenced.add(c.path);
            if (existing.length === 0) {
                return fail(undefined, `the block sets no source and neither ${candidates.map((c) => display(c.path)).join(' nor ')} exists. ` +
                    `Add source = "./path/to/${block.name}.native" (relative to ${config.file}) or create the file.`);
            }
            if (existing.length > 1) {
                return fail(undefined, `the block sets no source and both ${existing.map((c) => display(c.path)).join(' and ')} exist. Set source to the one this policy uses.`);
            }
            definition.kind = existing[0].kind;
            definition.source = existing[0].path;
            return definition;
        }
        case 'address':
            return fail(sourceLine, `source ${JSON.stringify(source.source)} is an address; policy code must be a file in the repository.`);
        case 'outside':
            referenced.add(source.path);
            return fail(sourceLine, `source ${JSON.stringify(source.source)} points outside the repository; policy code must be inside it.`);
        case 'not-a-policy-file':
            referenced.add(source.path);
            return fail(sourceLine, `source ${JSON.stringify(source.source)} is not a policy file: native policies are .native files and opa policies .rego files.`);
        case 'file': {
            referenced.add(source.path);
            const at = found.get(source.path) ?? 'missing';
            const quoted = JSON.stringify(source.source);
            if (at === 'missing')
                return fail(sourceLine, `source ${quoted} (${display(source.path)}) does not exist; fix the path (it is relative to ${config.file}) or add the file.`);
            if (at === 'not-a-file')
                return fail(sourceLine, `source ${quoted} (${display(source.path)}) is not a file.`);
            definition.kind = source.kind;
            definition.source = source.path;
            return definition;
        }
    }
}
/** The level a policy states (its block's, else the input's), or NEW_POLICY_LEVEL when neither says. */
function enforcementLevel(definition, kind, fallback, problems) {
    const allowed = enforcementLevelsOf(kind).join(', ');
    const block = definition.block;
    if (block?.enforcementLevel !== undefined) {
        if (isEnforcementLevelOf(kind, block.enforcementLevel))
            return { level: block.enforcementLevel, stated: true };
        problems.push(problemAt(definition, block.attributeLines.enforcement_level, `enforcement_level ${JSON.stringify(block.enforcementLevel)} is not a level of ${kind} policies; use one of ${allowed}.`));
        return null;
    }
    if (fallback === null)
        return { level: NEW_POLICY_LEVEL, stated: false };
    if (isEnforcementLevelOf(kind, fallback))
        return { level: fallback, stated: true };
    const fix = block ? 'set enforcement_level in its policy block' : 'give it a policy block with an enforcement_level';
    problems.push(problemAt(definition, undefined, `the policy sets no enforcement_level and ` +
        `the enforcement-level input ${JSON.stringify(fallback)} is not a level of ${kind} policies (${allowed}); ` +
        `${fix}, or change the input.`));
    return null;
}
/** The query to send (null for native); undefined when it is missing or misplaced (a problem is recorded). */
function policyQuery(definition, kind, code, sourceFile, problems) {
    const block = definition.block;
    const explicit = block?.query;
    const line = block?.attributeLines.query;
    if (kind === 'native') {
        if (explicit === undefined)
            return null;
        problems.push(problemAt(definition, line, `query applies only to opa policies, and this one is native (${sourceFile}); remove the query.`));
        return undefined;
    }
    if (explicit !== undefined) {
        if (explicit.trim() !== '')
            return explicit;
        problems.push(problemAt(definition, line, 'query is empty; give the OPA query to run, such as "data.terraform.policies.example.deny".'));
        return undefined;
    }
    const derived = derivedOpaQuery(code);
    if (derived !== null)
        return derived;
    const fix = block ? 'add query = "data.<package>.deny" to its policy block' : 'give it a policy block with a query';
    problems.push(problemAt(definition, undefined, `this opa policy has no query: ${sourceFile} has no package line to derive data.<package>.deny from. ` +
        `Add a package line to the file, or ${fix}.`));
    return undefined;
}
function site(definedAt, line) {
    const at = line ?? definedAt.line;
    return at === undefined ? { file: definedAt.file, message: '' } : { file: definedAt.file, line: at, message: '' };
}
/**
 * A problem of a definition on `line` (an attribute's; its block's when undefined), whose message
 * names that same line (`policies.hcl:7: policy "x": ...`): one line for the annotation, the
 * message and the summary.
 */
function problemAt(definition, line, message) {
    const problem = site(definition.definedAt, line);
    const label = definition.block === undefined || problem.line === undefined
        ? definition.label
        : `${definition.definedAt.file}:${problem.line}: policy "${definition.name}"`;
    return { ...problem, message: `${label}: ${message}` };
}
function compare(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
}
function sortProblems(problems) {
    return problems
        .map((p, i) => ({ p, i }))
        .sort((x, y) => compare(x.p.file, y.p.file) || (x.p.line ?? 0) - (y.p.line ?? 0) || x.i - y.i)
        .map(({ p }) => p);
}

;// CONCATENATED MODULE: ./src/modes/sync-policies/remote-read.ts
// What the organization holds: every policy (all pages), and the stored code of those the
// repository also defines with the same kind, so that the plan can compare code byte for byte.







/**
 * Lists the organization's policies (every page, 100 a page) and downloads the code of each
 * one the repository also defines with the same kind (following the download link's
 * redirects, as the HTTP layer does for every read).
 *
 * A failed list stops the reading and is thrown: a plan made from part of the organization
 * could delete what it did not see. A failed download is different: it hides only that
 * policy's stored code, and the plan already treats unknown code as different, so the
 * repository's code is uploaded (a PUT that leaves the policy as the repository defines it,
 * whatever was stored) and the policy is named in a warning. One broken download link (an
 * object store refusing an expired address, say) so costs one upload instead of stopping the
 * sync of every policy. Only a rejected token (401), which no write would get past either,
 * and the step's cancellation stop the reading.
 */
async function readRemotePolicies(client, organization, desired, options = {}) {
    const documents = await client.policies.list(organization, { signal: options.signal });
    const policies = documents.map(toRemotePolicyState);
    // The service reads each policy's code where the policy says (its download link).
    const documentOf = new Map(documents.map((doc) => [doc.id, doc]));
    const needed = policiesNeedingCode(desired, policies);
    options.log?.(`Organization ${organization} has ${(0,src_text/* plural */.LS)(policies.length, 'policy', 'policies')}; reading the code of ${needed.length} of them.`);
    // The first failure stops the downloads not yet started and aborts those in flight.
    const stop = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
    let failure;
    const code = new Map();
    const withoutCode = [];
    const unreadable = [];
    await (0,limit/* mapLimited */.bB)(needed, options.workers ?? 16, async (policy) => {
        try {
            // Spec 2.1 names the link, on every listed policy, and no other way to the code.
            const link = documentOf.get(policy.id)?.links?.download;
            if (!link) {
                unreadable.push({ name: policy.name, reason: 'the service listed it without a download link' });
                return;
            }
            code.set(policy.id, await client.policies.downloadCode(link, { signal }));
        }
        catch (error) {
            // Spec 2.1: the download exists once code was uploaded; a policy created without code
            // answers 404, and its code is simply uploaded.
            if ((0,service_errors/* isNotFound */.c4)(error)) {
                withoutCode.push(policy.name);
                return;
            }
            if (!(0,abort/* isAbortError */.zf)(error) && !(0,service_errors/* isApiError */.d7)(error, 401)) {
                unreadable.push({ name: policy.name, reason: (0,errors/* getErrorMessage */.u1)(error) });
                return;
            }
            if (failure === undefined && !((0,abort/* isAbortError */.zf)(error) && stop.signal.aborted))
                failure = { error };
            stop.abort();
        }
    }, { signal, notStarted: () => undefined });
    if (failure !== undefined)
        throw failure.error;
    (0,abort/* throwIfAborted */.Te)(options.signal);
    unreadable.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return { policies, code, withoutCode: withoutCode.sort(), unreadable };
}

// EXTERNAL MODULE: ./src/report/markdown.ts
var markdown = __webpack_require__(4285);
// EXTERNAL MODULE: ./src/lifetime/budgets.ts
var budgets = __webpack_require__(2697);
// EXTERNAL MODULE: ./src/lifetime/deadline.ts
var deadline = __webpack_require__(8451);
// EXTERNAL MODULE: ./src/lifetime/clock.ts
var clock = __webpack_require__(9269);
// EXTERNAL MODULE: ./src/report/format.ts
var format = __webpack_require__(2011);
// EXTERNAL MODULE: ./node_modules/diff/libesm/patch/create.js + 2 modules
var create = __webpack_require__(7291);
;// CONCATENATED MODULE: ./src/modes/sync-policies/code-diff.ts
// The difference between a policy's stored code and the repository's, as a reviewer reads it:
// a unified diff (three lines of context, as `diff -u` and `git diff` show), computed by jsdiff.



const DEFAULT_MAX_BYTES = 1024 * 1024;
/** How `oldCode` (the service's) becomes `newCode` (the repository's). */
function codeDifference(oldCode, newCode, options) {
    const oldBytes = Buffer.byteLength(oldCode, 'utf8');
    const newBytes = Buffer.byteLength(newCode, 'utf8');
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    if (oldBytes > maxBytes || newBytes > maxBytes) {
        return {
            kind: 'not-compared',
            explanation: `The code is too large to show a diff here (${(0,format/* formatBytes */.z3)(oldBytes)} in the service, ${(0,format/* formatBytes */.z3)(newBytes)} in the repository).`,
        };
    }
    const invisible = invisibleDifference(oldCode, newCode);
    if (invisible !== undefined)
        return { kind: 'invisible', explanation: invisible };
    const timeout = options.timeoutMs ?? budgets/* DIFF_TIMEOUT_MS */.p5;
    if (timeout <= 0)
        return {
            kind: 'not-compared',
            explanation: 'The code differs; no diff is shown: the time set aside for diffs is spent.',
        };
    const patch = (0,create/* structuredPatch */.YB)(options.oldLabel, options.newLabel, oldCode, newCode, '', '', {
        context: options.context ?? 3,
        timeout,
    });
    if (patch === undefined) {
        return { kind: 'not-compared', explanation: 'The code differs in too many places to show a diff here.' };
    }
    const lines = [`--- ${options.oldLabel}`, `+++ ${options.newLabel}`];
    let added = 0;
    let removed = 0;
    for (const hunk of patch.hunks) {
        lines.push(`@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@`);
        for (const line of hunk.lines) {
            if (line.startsWith('+'))
                added++;
            else if (line.startsWith('-'))
                removed++;
            // A carriage return kept at the end of a line would vanish from the rendered diff anyway.
            lines.push(line.replace(/\r$/, ''));
        }
    }
    return { kind: 'diff', text: lines.join('\n'), added, removed };
}
/** `start,count` as `diff -u` writes it: an empty side starts one line earlier. */
function range(start, count) {
    if (count === 0)
        return `${start - 1},0`;
    return count === 1 ? `${start}` : `${start},${count}`;
}
/**
 * Code compared byte for byte may differ where a rendered diff shows nothing: say so in words
 * instead of showing lines that look the same on both sides.
 */
function invisibleDifference(oldCode, newCode) {
    const bom = (text) => text.startsWith('\uFEFF');
    const crlf = (text) => text.includes('\r\n');
    const normal = (text) => text.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
    if (normal(oldCode) !== normal(newCode))
        return undefined;
    const parts = [];
    if (bom(oldCode) !== bom(newCode)) {
        parts.push(bom(newCode)
            ? 'the repository\u2019s file starts with a byte order mark'
            : 'the service\u2019s copy starts with a byte order mark');
    }
    if (crlf(oldCode) !== crlf(newCode) || oldCode.replace(/^\uFEFF/, '') !== newCode.replace(/^\uFEFF/, '')) {
        parts.push(`line endings differ (${crlf(oldCode) ? 'CRLF' : 'LF'} in the service, ${crlf(newCode) ? 'CRLF' : 'LF'} in the repository)`);
    }
    return `The code differs only in characters a diff does not show: ${parts.join('; ')}. The repository\u2019s bytes are uploaded as they are.`;
}

;// CONCATENATED MODULE: ./src/modes/sync-policies/change-details.ts
// What a reviewer needs to judge each policy the sync changes: the settings old → new and a
// unified diff of the code (service → repository), one collapsed block per policy. Code and
// diffs share a byte budget so that the summary stays within what GitHub keeps (1 MiB); past it,
// they are cut with a line saying how much was left out.







/** Together well under GitHub's 1 MiB, leaving room for the tables around them. */
const DEFAULT_CHANGE_DETAILS_BUDGET = {
    totalBytes: 640 * 1024,
    perPolicyBytes: 96 * 1024,
    totalDiffMs: budgets/* ALL_DIFFS_MS */.UT,
};
/** Below this, a cut diff would show too little to be worth its place. */
const SMALLEST_USEFUL_CUT = 512;
const SETTING_LABEL = {
    'enforcement-level': 'enforcement level',
    description: 'description',
    query: 'query',
};
/** One `<details>` block per changed policy, in the order given. */
function changeDetails(outcomes, label, budget = DEFAULT_CHANGE_DETAILS_BUDGET) {
    let remaining = budget.totalBytes;
    // The system's clock, not a test's: a diff is synchronous work, which a test's clock cannot move through,
    // and the diff library bounds each diff on Date.now() (its `timeout`); the total is measured
    // as each part is.
    const diffDeadline = deadline/* Deadline */.B.after(budget.totalDiffMs ?? DEFAULT_CHANGE_DETAILS_BUDGET.totalDiffMs ?? 0, clock/* systemClock */.ml);
    const room = {
        take(text) {
            const cut = cutAtLine(text, Math.min(budget.perPolicyBytes, remaining));
            remaining -= Buffer.byteLength(cut.text, 'utf8');
            return cut;
        },
        hasRoom: () => remaining >= SMALLEST_USEFUL_CUT,
        diffTimeoutMs: () => Math.min(budgets/* DIFF_TIMEOUT_MS */.p5, diffDeadline.remainingMs()),
    };
    return (0,markdown/* joinBlocks */.x9)(...outcomes.map((o) => policyBlock(o, label(o), room)));
}
function policyBlock(outcome, label, room) {
    const { entry } = outcome;
    const parts = policyParts(entry, room);
    const summary = (0,markdown/* html */.qy)(`${(0,markdown/* strong */.ko)(entry.name).html} · ${(0,markdown/* renderHtml */.K2)(label)}${parts.stat ? ` ${(0,markdown/* renderHtml */.K2)(parts.stat)}` : ''}`);
    return (0,markdown/* details */.zH)(summary, (0,markdown/* joinBlocks */.x9)(...parts.blocks));
}
function policyParts(entry, room) {
    const desired = entry.desired;
    const remote = entry.remote;
    switch (entry.action) {
        case 'create':
            return { blocks: [newPolicySettings(entry), ...shownCode(entry, room)] };
        case 'replace':
            return {
                blocks: [
                    (0,markdown/* paragraph */.FY)(`The kind changes from ${remote?.kind ?? '?'} to ${entry.kind}, which the service cannot change in place: policy`, (0,markdown/* inlineCode */.ti)(remote?.id ?? '?'), 'is deleted and the policy created again with a new id.'),
                    newPolicySettings(entry),
                    ...shownCode(entry, room),
                ],
            };
        case 'delete':
            return { blocks: [deletedPolicy(entry)] };
        case 'update-settings':
        case 'upload-code':
        case 'update-settings-and-upload-code': {
            const blocks = [];
            if (entry.settingChanges.length > 0) {
                blocks.push((0,markdown/* table */.tp)(['Setting', 'In the service', 'In the repository'], entry.settingChanges.map((c) => [SETTING_LABEL[c.attribute], valueCell(c.from), valueCell(c.to)])));
            }
            if (!entry.codeChanged || !desired)
                return { blocks };
            if (!room.hasRoom()) {
                blocks.push((0,markdown/* paragraph */.FY)('The code differs; its diff is left out: the summary has no more room for code (GitHub keeps 1 MiB of a job summary).'));
                return { blocks };
            }
            if (entry.storedCode === undefined) {
                blocks.push((0,markdown/* paragraph */.FY)('The service holds no code for this policy (none was ever uploaded, or it could not be read): the repository\u2019s code is uploaded.'));
                blocks.push(...shownCode(entry, room));
                return { blocks };
            }
            const difference = codeDifference(entry.storedCode, desired.code, {
                oldLabel: `${entry.name} (service, ${remote?.id ?? '?'})`,
                newLabel: `${desired.sourceFile} (repository)`,
                timeoutMs: room.diffTimeoutMs(),
            });
            if (difference.kind !== 'diff') {
                blocks.push((0,markdown/* paragraph */.FY)(difference.explanation));
                return { blocks };
            }
            blocks.push(...cutBlock(difference.text, 'diff', room, 'diff'));
            return { blocks, stat: `(+${difference.added} −${difference.removed})` };
        }
        case 'unchanged':
        case 'ignored':
            return { blocks: [] };
    }
}
function newPolicySettings(entry) {
    const desired = entry.desired;
    if (!desired)
        return '';
    const rows = [
        ['kind', desired.kind],
        ['enforcement level', desired.enforcementLevel],
        ['description', valueCell(desired.description)],
    ];
    if (desired.kind === 'opa')
        rows.push(['query', valueCell(desired.query)]);
    rows.push(['code', (0,markdown/* inlineCode */.ti)(desired.sourceFile)]);
    return (0,markdown/* table */.tp)(['Setting', 'In the repository'], rows);
}
function deletedPolicy(entry) {
    const remote = entry.remote;
    if (!remote)
        return '';
    const rows = [
        ['id', (0,markdown/* inlineCode */.ti)(remote.id)],
        ['kind', remote.kind],
        ['enforcement level', remote.enforcementLevel],
        ['description', valueCell(remote.description)],
    ];
    if (remote.kind === 'opa')
        rows.push(['query', valueCell(remote.query)]);
    rows.push(['policy sets', remote.policySetIds.length > 0 ? remote.policySetIds.join(', ') : 'none']);
    return (0,markdown/* joinBlocks */.x9)((0,markdown/* paragraph */.FY)('No file of the repository defines this policy, and prune is on: the policy and its code are deleted from the service.'), (0,markdown/* table */.tp)(['Setting', 'In the service'], rows));
}
function shownCode(entry, room) {
    const desired = entry.desired;
    if (!desired)
        return [];
    if (desired.code === '')
        return [(0,markdown/* paragraph */.FY)('The code file is empty.')];
    return cutBlock(desired.code, desired.kind === 'opa' ? 'rego' : '', room, 'code');
}
/** A fenced block of as much of `text` as the budget allows, and a line saying what was left out. */
function cutBlock(text, language, room, what) {
    const cut = room.take(text);
    if (cut.omittedLines === 0)
        return [(0,markdown/* codeBlock */.DV)(cut.text, language)];
    const why = 'the summary has no more room for code (GitHub keeps 1 MiB of a job summary).';
    if (cut.text === '')
        return [
            (0,markdown/* paragraph */.FY)(`This ${what} (${(0,src_text/* plural */.LS)(cut.omittedLines, 'line')}, ${(0,format/* formatBytes */.z3)(cut.omittedBytes)}) is left out: ${why}`),
        ];
    return [
        (0,markdown/* codeBlock */.DV)(cut.text, language),
        (0,markdown/* paragraph */.FY)(`\u2026 ${(0,src_text/* plural */.LS)(cut.omittedLines, 'more line')} (${(0,format/* formatBytes */.z3)(cut.omittedBytes)}) of this ${what} left out: ${why}`),
    ];
}
/** The head of `text` that fits `maxBytes`, cut at a line boundary; all of it when it fits. */
function cutAtLine(whole, maxBytes) {
    const text = whole.replace(/\r?\n$/, '');
    const size = Buffer.byteLength(text, 'utf8');
    if (size <= maxBytes)
        return { text, omittedLines: 0, omittedBytes: 0 };
    const lines = text.split('\n');
    let used = 0;
    let kept = 0;
    if (maxBytes >= SMALLEST_USEFUL_CUT) {
        for (const line of lines) {
            const bytes = Buffer.byteLength(line, 'utf8') + 1;
            if (used + bytes > maxBytes)
                break;
            used += bytes;
            kept++;
        }
    }
    const shown = lines.slice(0, kept).join('\n');
    return { text: shown, omittedLines: lines.length - kept, omittedBytes: size - Buffer.byteLength(shown, 'utf8') };
}
function valueCell(value) {
    return value === null || value === '' ? (0,markdown/* html */.qy)('<em>none</em>') : value;
}

;// CONCATENATED MODULE: ./src/modes/sync-policies/summary.ts
// The report of a policy sync, as plain functions of its outcomes: counts, title, job summary
// and outputs. A replaced policy (its kind changed, so it was deleted and created again) counts
// as one created and one deleted, in the summary as in the outputs: those are the writes made.



const IN_SYNC = 'Everything is in sync: no write request was sent.';
const IN_SYNC_DRY_RUN = 'Everything is in sync: nothing would change.';
function countOutcomes(outcomes) {
    const counts = {
        created: 0,
        updated: 0,
        deleted: 0,
        replaced: 0,
        unchanged: 0,
        notManaged: 0,
        failed: 0,
        notStarted: 0,
    };
    for (const outcome of outcomes) {
        if (outcome.status === 'unchanged')
            counts.unchanged++;
        else if (outcome.status === 'not-managed')
            counts.notManaged++;
        else if (outcome.status === 'failed')
            counts.failed++;
        else if (outcome.status === 'not-started')
            counts.notStarted++;
        else {
            switch (outcome.entry.action) {
                case 'create':
                    counts.created++;
                    break;
                case 'replace':
                    counts.replaced++;
                    counts.created++;
                    counts.deleted++;
                    break;
                case 'delete':
                    counts.deleted++;
                    break;
                case 'update-settings':
                case 'upload-code':
                case 'update-settings-and-upload-code':
                    counts.updated++;
                    break;
                case 'unchanged':
                case 'ignored':
                    break;
            }
        }
    }
    return counts;
}
/** Whether the sync had nothing to do: no write was (or would be) sent. */
function isInSync(outcomes) {
    return outcomes.every((o) => o.status === 'unchanged' || o.status === 'not-managed');
}
/** One line: the check run's title and the last log line. */
function syncTitle(report, counts = countOutcomes(report.outcomes)) {
    const total = report.outcomes.length;
    const org = report.organization;
    if (report.cancelled) {
        return `Policy sync of ${org} cancelled: ${counts.notStarted} of ${(0,src_text/* plural */.LS)(total, 'policy', 'policies')} not started, ${counts.failed} failed`;
    }
    if (counts.failed > 0)
        return `${counts.failed} of ${(0,src_text/* plural */.LS)(total, 'policy', 'policies')} failed to sync in ${org}`;
    if (isInSync(report.outcomes)) {
        return report.dryRun
            ? `Dry run: the policies of ${org} are in sync`
            : `The policies of ${org} are in sync; nothing was changed`;
    }
    const { created, updated, deleted, unchanged } = counts;
    return report.dryRun
        ? `Dry run: would create ${created}, update ${updated} and delete ${deleted} policies in ${org} (${unchanged} unchanged)`
        : `Policies synced in ${org}: ${created} created, ${updated} updated, ${deleted} deleted, ${unchanged} unchanged`;
}
function syncOutputs(report, counts = countOutcomes(report.outcomes)) {
    return {
        created: counts.created,
        updated: counts.updated,
        deleted: counts.deleted,
        unchanged: counts.unchanged,
        result: report.outcomes.map(resultEntry),
    };
}
function resultEntry(outcome) {
    const { entry } = outcome;
    const result = {
        name: entry.name,
        kind: entry.kind,
        action: entry.action,
        outcome: outcome.status,
        id: outcome.id,
        enforcementLevel: entry.desired?.enforcementLevel ?? entry.remote?.enforcementLevel ?? null,
        changes: [...entry.changes],
    };
    if (outcome.previousId !== null)
        result.previousId = outcome.previousId;
    if (entry.reason !== null)
        result.reason = entry.reason;
    if (outcome.error !== null)
        result.error = outcome.error;
    return result;
}
/** What a dry run sends, in the same words in the log and the summary. */
const DRY_RUN_SENDS = 'nothing was changed, only read requests were sent';
/** The job summary of a sync that read both sides (applied, dry run, or cancelled midway). */
function syncSummary(report, counts = countOutcomes(report.outcomes), budget = DEFAULT_CHANGE_DETAILS_BUDGET) {
    const dry = report.dryRun;
    const changed = report.outcomes.filter((o) => o.status !== 'unchanged' && o.status !== 'not-managed');
    const unchanged = report.outcomes.filter((o) => o.status === 'unchanged');
    const notManaged = report.outcomes.filter((o) => o.status === 'not-managed');
    const failed = report.outcomes.filter((o) => o.status === 'failed');
    // The three writes and what was left as it was always; the rarer counts only when they happen
    // (a dry run fails nothing).
    const countParts = dry
        ? [
            ['would be created', counts.created],
            ['would be updated', counts.updated],
            ['would be deleted', counts.deleted],
        ]
        : [
            ['created', counts.created],
            ['updated', counts.updated],
            ['deleted', counts.deleted],
        ];
    if (counts.replaced > 0)
        countParts.push([dry ? 'would be replaced' : 'replaced', counts.replaced]);
    countParts.push(['unchanged', counts.unchanged]);
    if (counts.notManaged > 0)
        countParts.push(['not managed', counts.notManaged]);
    if (!dry || counts.failed > 0)
        countParts.push(['failed', counts.failed]);
    if (counts.notStarted > 0)
        countParts.push(['not started', counts.notStarted]);
    return (0,markdown/* joinBlocks */.x9)(summaryHeading(report.organization, verdictOf(report, counts), dry), dry && (0,markdown/* dryRunBanner */.NI)(`This is what would be done: ${DRY_RUN_SENDS}.`), report.cancelled &&
        (0,markdown/* paragraph */.FY)((0,markdown/* strong */.ko)('Cancelled.'), `The step was cancelled: ${(0,src_text/* plural */.LS)(counts.notStarted, 'policy was', 'policies were')} not started; those already written are listed as done.`), (0,markdown/* countsLine */.J7)(countParts), counts.replaced > 0 &&
        (0,markdown/* paragraph */.FY)('A replaced policy (its kind changed, which the service cannot change in place) is deleted and created again: ' +
            'it counts as one created and one deleted, here and in the outputs.'), isInSync(report.outcomes) && (0,markdown/* paragraph */.FY)((0,markdown/* strong */.ko)(dry ? IN_SYNC_DRY_RUN : IN_SYNC)), failed.length > 0 && (0,markdown/* heading */.R_)('Failed', 3), failed.length > 0 &&
        (0,markdown/* bulletList */.fF)(failed.map((o) => (0,markdown/* html */.qy)(`${(0,markdown/* strong */.ko)(o.entry.name).html}: ${(0,markdown/* escapeMarkdown */.FV)(o.error ?? '')}`))), changed.length > 0 && (0,markdown/* heading */.R_)(dry ? 'Would change' : 'Changes', 3), changed.length > 0 && policyTable(changed, dry ? 'What happens' : 'What happened'), unchanged.length > 0 && (0,markdown/* details */.zH)(`${unchanged.length} unchanged`, policyTable(unchanged)), notManaged.length > 0 &&
        (0,markdown/* details */.zH)(`${notManaged.length} not managed by this repository (left alone)`, (0,markdown/* joinBlocks */.x9)((0,markdown/* paragraph */.FY)((0,src_text/* capitalise */.sK)(notManaged[0]?.entry.reason ?? 'not defined in the repository') + '.'), policyTable(notManaged))), problemsSection('Warnings', report.warnings), changed.length > 0 && (0,markdown/* heading */.R_)(dry ? 'What would change, policy by policy' : 'What changed, policy by policy', 3), changed.length > 0 && changeDetails(changed, outcomeWords, budget));
}
/** The summary when the policy files have problems: nothing was sent to the service. */
function problemsSummary(organization, problems, warnings) {
    return (0,markdown/* joinBlocks */.x9)(summaryHeading(organization, 'failed'), (0,markdown/* paragraph */.FY)((0,markdown/* strong */.ko)(problemsFailure(problems.length)), '(no request was sent to the service). Fix these and run again:'), problemsTable('Problem', problems), problemsSection('Warnings', warnings));
}
/** The step's failure message for problems in the policy files. */
function problemsFailure(count) {
    return `${(0,src_text/* plural */.LS)(count, 'problem')} in the policy files; nothing was changed`;
}
/** The summary when the organization could not be read: nothing was changed. */
function readFailureSummary(organization, message, warnings) {
    return (0,markdown/* joinBlocks */.x9)(summaryHeading(organization, 'failed'), (0,markdown/* paragraph */.FY)((0,markdown/* strong */.ko)('The organization\u2019s policies could not be read; nothing was changed.')), (0,markdown/* paragraph */.FY)(message), problemsSection('Warnings', warnings));
}
const VERDICT_MARKS = {
    synced: '✅',
    'with-warnings': '⚠️',
    failed: '❌',
    cancelled: '⏹️',
    'dry-run': '🔍',
};
/** The verdict of a sync that read both sides: a dry run's is that it is one. */
function verdictOf(report, counts) {
    if (report.cancelled)
        return 'cancelled';
    if (counts.failed > 0)
        return 'failed';
    if (report.dryRun)
        return 'dry-run';
    return report.warnings.length > 0 ? 'with-warnings' : 'synced';
}
function summaryHeading(organization, verdict, dryRun = false) {
    const title = `${VERDICT_MARKS[verdict]} Sync policies${dryRun ? ' (dry run)' : ''}: organization ${(0,markdown/* inlineCode */.ti)(organization).html}`;
    return (0,markdown/* heading */.R_)((0,markdown/* html */.qy)(title), 2);
}
/** What happened to a policy, in two or three words. */
function outcomeWords(o) {
    const action = o.entry.action;
    switch (o.status) {
        case 'unchanged':
            return 'unchanged';
        case 'not-managed':
            return 'left alone';
        case 'planned':
            return `would ${ACTION_WORDS[action].planned}`;
        case 'done':
            return ACTION_WORDS[action].done;
        case 'failed':
            return `${ACTION_WORDS[action].planned} failed`;
        case 'not-started':
            return 'not started (cancelled)';
    }
}
const ACTION_WORDS = {
    create: { planned: 'create', done: 'created' },
    'update-settings': { planned: 'update settings', done: 'settings updated' },
    'upload-code': { planned: 'update code', done: 'code updated' },
    'update-settings-and-upload-code': { planned: 'update settings and code', done: 'settings and code updated' },
    replace: { planned: 'replace', done: 'replaced' },
    delete: { planned: 'delete', done: 'deleted' },
    unchanged: { planned: 'leave unchanged', done: 'unchanged' },
    ignored: { planned: 'leave alone', done: 'left alone' },
};
/** A policy's level as the table shows it: `hard-mandatory (kept)` where the repository states none. */
function levelText(entry) {
    const level = entry.desired?.enforcementLevel ?? entry.remote?.enforcementLevel ?? '';
    if (entry.levelKept)
        return `${level} (kept)`;
    if (entry.desired !== null && !entry.desired.enforcementLevelStated)
        return `${level} (default for a new policy)`;
    return level;
}
/** One row a policy; the id once (the new one after a replace, with the one it replaced). */
function policyTable(outcomes, actionHeader) {
    const withAction = actionHeader !== undefined;
    const headers = ['Policy', 'Kind', 'Enforcement level', ...(withAction ? [actionHeader] : []), 'Id'];
    return (0,markdown/* table */.tp)(headers, outcomes.map((o) => {
        const { entry } = o;
        const level = levelText(entry);
        const id = o.previousId !== null
            ? (0,markdown/* html */.qy)(`${(0,markdown/* renderHtml */.K2)(o.id ?? '—')}<br>(replaces ${(0,markdown/* renderHtml */.K2)(o.previousId)})`)
            : (o.id ?? '—');
        return [(0,markdown/* strong */.ko)(entry.name), entry.kind, level, ...(withAction ? [outcomeWords(o)] : []), id];
    }));
}
function problemsSection(title, problems) {
    if (problems.length === 0)
        return false;
    return (0,markdown/* joinBlocks */.x9)((0,markdown/* heading */.R_)(`${title} (${problems.length})`, 3), problemsTable(title === 'Warnings' ? 'Warning' : 'Problem', problems));
}
function problemsTable(column, problems) {
    return (0,markdown/* table */.tp)(['File', 'Line', column], problems.map((p) => [p.file === '' ? '—' : (0,markdown/* inlineCode */.ti)(p.file), p.line ?? '', p.message]));
}

;// CONCATENATED MODULE: ./src/modes/sync-policies/run.ts
// Mode sync-policies: makes the organization's policies equal to the policy files in the
// repository (action-interface "Mode sync-policies"). Files are read and checked before any
// request; the organization is read whole; the plan is applied (or, in a dry run, only shown).











async function runSyncPolicies(inputs, context, options = {}) {
    const { sink, client } = context;
    const signal = context.cancellation.signal;
    const organization = inputs.organization;
    const local = await readLocalPolicies({
        patterns: inputs.policyFiles,
        configPath: inputs.policyConfig,
        defaultEnforcementLevel: inputs.enforcementLevel,
        workspaceRoot: context.workspaceRoot,
        allowLinksOutsideRepository: inputs.allowLinksOutsideRepository,
        debug: (message) => sink.debug(message),
        signal,
    });
    const warnings = local.warnings.map((w) => problemAnnotation(w, 'warning'));
    const sentinel = await findSentinelFiles(inputs.policyFiles, context.workspaceRoot);
    if (sentinel.length > 0)
        warnings.push(sentinelNotice(sentinel));
    if (local.problems.length > 0) {
        const message = problemsFailure(local.problems.length);
        return {
            title: message,
            summary: problemsSummary(organization, local.problems, local.warnings),
            annotations: [...local.problems.map((p) => problemAnnotation(p, 'error')), ...warnings],
            outputs: {},
            failure: (0,errors/* userError */.IF)(message),
            conclusion: 'failure',
        };
    }
    // A policy set holds one kind of policies: which sets each kind joins is settled before any request.
    refuseAmbiguousSets(inputs.policySets, local.policies);
    sink.info(`The repository defines ${(0,src_text/* plural */.LS)(local.policies.length, 'policy', 'policies')}` +
        (local.warnings.length > 0 ? ` (${(0,src_text/* plural */.LS)(local.warnings.length, 'warning')})` : '') +
        '.');
    let remote;
    try {
        remote = await readRemotePolicies(client, organization, local.policies, {
            signal,
            workers: options.workers,
            log: (m) => sink.info(m),
        });
    }
    catch (error) {
        // A base-url whose host does not exist is the user's to fix, and nothing was sent.
        if ((0,abort/* isAbortError */.zf)(error) || error instanceof errors/* ConfigurationError */.j1)
            throw error;
        // Only an error status can be about the organization: not a refused token (401), which says
        // what to do itself, nor a server not reached (no connection, no TLS) or an answer out of shape.
        const advice = !(0,service_errors/* isApiError */.d7)(error) || (0,service_errors/* isApiError */.d7)(error, 401)
            ? 'Nothing was changed.'
            : 'Check the organization input and that the token may manage its policies; nothing was changed.';
        const message = `Reading the policies of organization ${organization} failed: ${(0,errors/* getErrorMessage */.u1)(error)}. ${advice}`;
        return {
            title: `The policies of ${organization} could not be read; nothing was changed`,
            summary: readFailureSummary(organization, message, local.warnings),
            annotations: warnings,
            outputs: {},
            failure: (0,errors/* stepFailure */.nK)(message),
            conclusion: 'failure',
        };
    }
    // The code of these is uploaded from the repository, as when it differs (see readRemotePolicies).
    for (const u of remote.unreadable) {
        warnings.push({
            level: 'warning',
            title: `Policy ${u.name}`,
            message: `The stored code of policy ${u.name} could not be read (${u.reason}); the repository's code ${inputs.dryRun ? 'would be' : 'is'} uploaded.`,
        });
    }
    const plan = planPolicySync({
        desired: local.policies,
        remote: remote.policies,
        remoteCode: remote.code,
        prune: inputs.prune,
        pruneScope: inputs.policySets.map((set) => set.id),
    });
    sink.info(planLine(plan, inputs.dryRun));
    const setless = setlessPolicyWarnings(plan, inputs.policySets, inputs.dryRun);
    warnings.push(...setless.map((w) => problemAnnotation(w, 'warning')));
    const outcomes = inputs.dryRun
        ? plannedOutcomes(plan)
        : await applyPolicyPlan(plan, {
            client,
            organization,
            policySets: inputs.policySets,
            signal,
            workers: options.workers,
            log: (m) => sink.info(m),
        });
    const report = {
        organization,
        dryRun: inputs.dryRun,
        outcomes,
        warnings: [...local.warnings, ...setless],
        cancelled: signal.aborted,
    };
    const counts = countOutcomes(outcomes);
    const title = syncTitle(report, counts);
    const failing = counts.failed + counts.notStarted;
    return {
        title,
        summary: syncSummary(report, counts),
        annotations: [...outcomes.filter((o) => o.status === 'failed').map(failureAnnotation), ...warnings],
        outputs: syncOutputs(report, counts),
        failure: failing > 0 ? (0,errors/* stepFailure */.nK)(title) : null,
        conclusion: report.cancelled ? 'cancelled' : failing > 0 ? 'failure' : 'success',
    };
}
function planLine(plan, dryRun) {
    const count = (...actions) => plan.filter((e) => actions.includes(e.action)).length;
    const parts = [
        `${count('create')} to create`,
        `${count('update-settings', 'upload-code', 'update-settings-and-upload-code')} to update`,
        `${count('replace')} to replace`,
        `${count('delete')} to delete`,
        `${count('unchanged')} unchanged`,
        `${count('ignored')} not managed`,
    ];
    // The log says what the summary says: reads were sent, nothing that changes anything.
    return `${dryRun ? `Dry run, ${DRY_RUN_SENDS}: ` : 'Plan: '}${parts.join(', ')}.`;
}
/** Files kept under the language's old extension are not synced: named, with what to do. */
function sentinelNotice(files) {
    const listed = files.slice(0, 5).join(', ') + (files.length > 5 ? `, and ${files.length - 5} more` : '');
    const one = files.length === 1;
    return {
        level: 'notice',
        title: 'Policy files (not read)',
        file: files[0],
        message: `${(0,src_text/* plural */.LS)(files.length, 'file')} ending in .sentinel ${one ? 'is' : 'are'} not synced: ${listed}. ` +
            `The service's native policy language uses the extension .native: rename ${one ? 'it' : 'them'} to sync ${one ? 'it' : 'them'}.`,
    };
}
function problemAnnotation(problem, level) {
    const annotation = {
        level,
        message: problem.message,
        title: level === 'error' ? 'Policy files' : 'Policy files (ignored)',
    };
    // Problem.file is relative to the workspace root already, so the annotation lands on the diff.
    if (problem.file !== '')
        annotation.file = problem.file;
    if (problem.file !== '' && problem.line !== undefined)
        annotation.startLine = problem.line;
    if (problem.file !== '' && problem.line !== undefined && problem.column !== undefined)
        annotation.startColumn = problem.column;
    return annotation;
}
/** On the policy's definition (its block, or its file) when the repository defines it. */
function failureAnnotation(outcome) {
    const annotation = {
        level: 'error',
        title: `Policy ${outcome.entry.name}`,
        message: outcome.error ?? 'failed',
    };
    const site = outcome.entry.desired?.definedAt;
    if (site) {
        annotation.file = site.file;
        if (site.line !== undefined)
            annotation.startLine = site.line;
    }
    return annotation;
}


/***/ })

};

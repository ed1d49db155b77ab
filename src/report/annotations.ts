import { plural } from '../text.ts';
import { paragraph } from './markdown.ts';
import type { Annotation, AnnotationLevel, ReportSink } from './sink.ts';

/** GitHub keeps only this many workflow-command annotations of each level per step. */
export const GITHUB_ANNOTATIONS_PER_LEVEL = 10;

export interface CappedAnnotations {
  /** What to emit: the kept annotations in input order, then a "+N more" note per capped level. */
  emit: Annotation[];
  /** The annotations left out of `emit` (listed in the summary, carried by a check run). */
  heldBack: Annotation[];
}

export interface AnnotationRoutes {
  /** Those a check run carries: the ones with a file, which it places on the diff. */
  onCheckRun: Annotation[];
  /** Those written as workflow commands, within GitHub's cap (`emitAnnotations`). */
  asCommands: Annotation[];
}

/**
 * Where each annotation goes, so that each is said once on the pull request's diff: with a check
 * run, those with a file are the check run's and are not also workflow commands (a workflow
 * command would put them on the diff a second time); without one, all are workflow commands.
 */
export function routeAnnotations(annotations: readonly Annotation[], checkRun: boolean): AnnotationRoutes {
  if (!checkRun) return { onCheckRun: [], asCommands: [...annotations] };
  return {
    onCheckRun: annotations.filter((a) => Boolean(a.file)),
    asCommands: annotations.filter((a) => !a.file),
  };
}

/**
 * The job summary's closing paragraph when the check run did not publish every annotation sent
 * to it (GitHub refused them, or the step's time ran out first): the summary, written before
 * GitHub answered, says only that they were sent. `summaryOnly`: those of them GitHub's cap kept
 * from the workflow commands written instead (`emitAnnotations`'s `heldBack`).
 */
export function checkRunShortfallNote(sent: number, unpublished: number, summaryOnly: number): string {
  const one = unpublished === 1;
  const which =
    unpublished === sent ? `the ${plural(sent, 'annotation')}` : `${unpublished} of the ${plural(sent, 'annotation')}`;
  let said = `GitHub did not confirm ${which} sent to the check run, so ${one ? 'it was' : 'they were'} written as the step's annotations instead`;
  if (summaryOnly === 0) said += '.';
  else {
    let only = `${summaryOnly} of them ${summaryOnly === 1 ? 'is' : 'are'}`;
    if (summaryOnly === unpublished) only = one ? 'it is' : `all ${unpublished} are`;
    said += `, up to GitHub's limit of ${GITHUB_ANNOTATIONS_PER_LEVEL} of each level per step: ${only} listed only in this summary.`;
  }
  // Appended to a summary that ends with a block of its own: a blank line keeps the two apart.
  return `\n${paragraph(said)}`;
}

/**
 * Per level: all of them when there are `limit` or fewer; otherwise the first `limit - 1` and
 * a last one saying how many more there are, so that GitHub's cap never drops the count silently.
 */
export function capAnnotations(
  annotations: readonly Annotation[],
  limits: number | Readonly<Record<AnnotationLevel, number>> = GITHUB_ANNOTATIONS_PER_LEVEL,
): CappedAnnotations {
  const limitOf = (level: AnnotationLevel): number => (typeof limits === 'number' ? limits : limits[level]);
  const totals = new Map<AnnotationLevel, number>();
  for (const a of annotations) totals.set(a.level, (totals.get(a.level) ?? 0) + 1);

  const shown = new Map<AnnotationLevel, number>();
  const emit: Annotation[] = [];
  const heldBack: Annotation[] = [];
  for (const a of annotations) {
    const total = totals.get(a.level) ?? 0;
    const limit = limitOf(a.level);
    const room = total <= limit ? limit : Math.max(0, limit - 1);
    const count = shown.get(a.level) ?? 0;
    if (count < room) {
      emit.push(a);
      shown.set(a.level, count + 1);
    } else {
      heldBack.push(a);
    }
  }

  for (const level of ['error', 'warning', 'notice'] as const) {
    const more = (totals.get(level) ?? 0) - (shown.get(level) ?? 0);
    if (more > 0 && limitOf(level) > 0) emit.push(moreNote(level, more));
  }
  return { emit, heldBack };
}

function moreNote(level: AnnotationLevel, count: number): Annotation {
  return { level, message: `+${plural(count, `more ${level}`)}; see the job summary` };
}

/** What `capForSink` reads of a sink: the room it has left for annotations of each level. */
export type AnnotationRoom = Pick<ReportSink, 'annotationRoom'>;

/**
 * What `emitAnnotations` would write and hold back if given these annotations now: capped per
 * level (see `capAnnotations`) by the room the sink has left, so that what the step has already
 * shown of each level (its own warnings, say) counts against GitHub's cap. `limit`: a lower cap
 * than GitHub's. The one definition of what GitHub's cap keeps off the diff: a report that lists
 * the annotations held back computes them with this, from the same annotations, before anything
 * else is written through the sink.
 */
export function capForSink(
  sink: AnnotationRoom,
  annotations: readonly Annotation[],
  options: { limit?: number } = {},
): CappedAnnotations {
  const room = (level: AnnotationLevel): number =>
    Math.min(options.limit ?? GITHUB_ANNOTATIONS_PER_LEVEL, sink.annotationRoom(level));
  return capAnnotations(annotations, { error: room('error'), warning: room('warning'), notice: room('notice') });
}

/** Writes annotations through the sink within GitHub's cap and the room the sink has left (`capForSink`). */
export function emitAnnotations(
  sink: ReportSink,
  annotations: readonly Annotation[],
  options: { limit?: number } = {},
): CappedAnnotations {
  const capped = capForSink(sink, annotations, options);
  for (const a of capped.emit) sink.annotate(a);
  return capped;
}

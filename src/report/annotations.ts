import { plural } from '../text.ts';
import type { Annotation, AnnotationLevel, ReportSink } from './sink.ts';

/** GitHub keeps only this many workflow-command annotations of each level per step. */
export const GITHUB_ANNOTATIONS_PER_LEVEL = 10;

export interface CappedAnnotations {
  /** What to emit: the kept annotations in input order, then a "+N more" note per capped level. */
  emit: Annotation[];
  /** The annotations left out of `emit` (listed in the summary, carried by a check run). */
  heldBack: Annotation[];
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

/**
 * Writes annotations through the sink within GitHub's cap (see `capAnnotations`), counting what
 * the step has already shown of each level (its own warnings, say): by default the room the
 * sink has left.
 */
export function emitAnnotations(
  sink: ReportSink,
  annotations: readonly Annotation[],
  options: { limit?: number } = {},
): CappedAnnotations {
  const room = (level: AnnotationLevel): number =>
    Math.min(options.limit ?? GITHUB_ANNOTATIONS_PER_LEVEL, sink.annotationRoom(level));
  const capped = capAnnotations(annotations, {
    error: room('error'),
    warning: room('warning'),
    notice: room('notice'),
  });
  for (const a of capped.emit) sink.annotate(a);
  return capped;
}

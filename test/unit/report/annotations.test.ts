import { describe, expect, it } from 'vitest';
import {
  capAnnotations,
  capForSink,
  checkRunShortfallNote,
  emitAnnotations,
  routeAnnotations,
} from '../../../src/report/annotations.ts';
import { plainSink } from '../../../src/report/plain-sink.ts';
import type { Annotation, AnnotationLevel } from '../../../src/report/sink.ts';
import type { AnnotationRoom } from '../../../src/report/annotations.ts';

const make = (level: AnnotationLevel, n: number): Annotation[] =>
  Array.from({ length: n }, (_, i) => ({ level, message: `${level} ${i}`, file: 'main.tf', startLine: i + 1 }));

describe('capAnnotations', () => {
  it('keeps all when there are ten or fewer of a level', () => {
    const all = [...make('error', 10), ...make('warning', 3)];
    const { emit, heldBack } = capAnnotations(all);
    expect(emit).toEqual(all);
    expect(heldBack).toEqual([]);
  });

  it('past ten, keeps nine and says how many more there are', () => {
    const errors = make('error', 25);
    const { emit, heldBack } = capAnnotations(errors);
    expect(emit).toHaveLength(10);
    expect(emit.slice(0, 9)).toEqual(errors.slice(0, 9));
    expect(emit[9]).toMatchObject({ level: 'error', message: '+16 more errors; see the job summary' });
    expect(heldBack).toEqual(errors.slice(9));
  });

  it('caps each level on its own and keeps the input order', () => {
    const errors = make('error', 11);
    const warnings = make('warning', 12);
    const notices = make('notice', 2);
    const mixed: Annotation[] = [];
    for (let i = 0; i < 12; i++) {
      if (errors[i]) mixed.push(errors[i]!);
      if (warnings[i]) mixed.push(warnings[i]!);
      if (notices[i]) mixed.push(notices[i]!);
    }
    const { emit, heldBack } = capAnnotations(mixed);
    const byLevel = (level: AnnotationLevel): Annotation[] => emit.filter((a) => a.level === level);
    expect(byLevel('error').map((a) => a.message)).toEqual([
      ...errors.slice(0, 9).map((a) => a.message),
      '+2 more errors; see the job summary',
    ]);
    expect(byLevel('warning').map((a) => a.message)).toEqual([
      ...warnings.slice(0, 9).map((a) => a.message),
      '+3 more warnings; see the job summary',
    ]);
    expect(byLevel('notice')).toEqual(notices);
    expect(heldBack).toEqual(
      [...errors.slice(9), ...warnings.slice(9)].sort((a, b) => mixed.indexOf(a) - mixed.indexOf(b)),
    );
  });

  it('with exactly one over the limit, still keeps limit - 1 and counts two more', () => {
    const { emit, heldBack } = capAnnotations(make('error', 11));
    expect(emit).toHaveLength(10);
    expect(emit[9]?.message).toBe('+2 more errors; see the job summary');
    expect(heldBack).toHaveLength(2);
  });

  it('honours a lower limit', () => {
    const { emit, heldBack } = capAnnotations(make('error', 5), 3);
    expect(emit.map((a) => a.message)).toEqual(['error 0', 'error 1', '+3 more errors; see the job summary']);
    expect(heldBack).toHaveLength(3);
  });
});

describe('capForSink', () => {
  /** A sink that has already shown some annotations: the room it has left of each level. */
  const roomLeft = (room: Record<AnnotationLevel, number>): AnnotationRoom => ({
    annotationRoom: (level) => room[level],
  });

  it('caps each level by the room the sink has left, not by ten', () => {
    // Two warnings written already: eight left, so ten warnings no longer fit.
    const warnings = make('warning', 10);
    const errors = make('error', 10);
    const { emit, heldBack } = capForSink(roomLeft({ error: 10, warning: 8, notice: 10 }), [...warnings, ...errors]);
    expect(emit.filter((a) => a.level === 'warning').map((a) => a.message)).toEqual([
      ...warnings.slice(0, 7).map((a) => a.message),
      '+3 more warnings; see the job summary',
    ]);
    expect(emit.filter((a) => a.level === 'error')).toEqual(errors);
    expect(heldBack).toEqual(warnings.slice(7));
    // The flat cap of ten would have kept them all.
    expect(capAnnotations([...warnings, ...errors]).heldBack).toEqual([]);
  });

  it('holds back every one of a level with no room left, without a note GitHub would drop', () => {
    const notices = make('notice', 2);
    const { emit, heldBack } = capForSink(roomLeft({ error: 10, warning: 10, notice: 0 }), notices);
    expect(emit).toEqual([]);
    expect(heldBack).toEqual(notices);
  });

  it('never allows more than GitHub keeps, nor more than a lower limit asked for', () => {
    const unlimited = plainSink({ stdout: { write: () => true } });
    expect(capForSink(unlimited, make('error', 11)).heldBack).toHaveLength(2);
    expect(capForSink(unlimited, make('error', 5), { limit: 3 }).heldBack).toHaveLength(3);
    expect(
      capForSink(roomLeft({ error: 2, warning: 10, notice: 10 }), make('error', 5), { limit: 3 }).heldBack,
    ).toHaveLength(4);
  });
});

describe('emitAnnotations', () => {
  it('writes what it keeps through the sink and returns what it held back', () => {
    const written: string[] = [];
    const sink = plainSink({ stdout: { write: (t: string) => written.push(t) } });
    const { emit, heldBack } = emitAnnotations(sink, make('error', 12));
    expect(emit).toHaveLength(10);
    expect(heldBack).toHaveLength(3);
    expect(written).toHaveLength(10);
    expect(written[0]).toBe('main.tf:1: error: error 0\n');
    expect(written[9]).toBe('error: +3 more errors; see the job summary\n');
  });
});

describe('routeAnnotations', () => {
  const onFile = make('error', 2);
  const stepOwn: Annotation = { level: 'warning', message: 'the JUnit report was not written' };
  const emptyFile: Annotation = { level: 'warning', message: 'no file', file: '' };

  it('with a check run, those with a file are its own and not workflow commands as well', () => {
    const routes = routeAnnotations([onFile[0]!, stepOwn, onFile[1]!, emptyFile], true);
    expect(routes.onCheckRun).toEqual(onFile);
    expect(routes.asCommands).toEqual([stepOwn, emptyFile]);
  });

  it('without one, all are workflow commands', () => {
    const routes = routeAnnotations([...onFile, stepOwn], false);
    expect(routes.onCheckRun).toEqual([]);
    expect(routes.asCommands).toEqual([...onFile, stepOwn]);
  });
});

describe('checkRunShortfallNote', () => {
  it('says how many GitHub did not confirm, where they went, and how many only the summary lists', () => {
    expect(checkRunShortfallNote(12, 12, 3)).toBe(
      "\nGitHub did not confirm the 12 annotations sent to the check run, so they were written as the step's " +
        "annotations instead, up to GitHub's limit of 10 of each level per step: 3 of them are listed only in " +
        'this summary.\n',
    );
  });

  it('counts a part of them, and says nothing of the limit when it held none back', () => {
    expect(checkRunShortfallNote(120, 70, 0)).toBe(
      "\nGitHub did not confirm 70 of the 120 annotations sent to the check run, so they were written as the step's " +
        'annotations instead.\n',
    );
  });

  it('one annotation, or all of them past a limit already reached', () => {
    expect(checkRunShortfallNote(5, 1, 1)).toContain(
      "1 of the 5 annotations sent to the check run, so it was written as the step's annotations instead, " +
        "up to GitHub's limit of 10 of each level per step: it is listed only in this summary.",
    );
    expect(checkRunShortfallNote(4, 4, 4)).toContain(': all 4 are listed only in this summary.');
  });
});

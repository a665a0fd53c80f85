import type { ReplayQuality, StepUsage } from '../inspect/index.ts';
import type { EngineMethod } from './protocol.ts';
import { listInSlices, whenMade } from './slicedList.ts';
import { stringTable } from './stringTable.ts';
import type { Wire } from './wireColumns.ts';

/*
 * The figures per step that follow every replay (usage, facts lost) as columns between the worker and
 * the page, as rows and steps go (wireColumns.ts): a 100 MB log's 14,479 usage steps took about 15 ms
 * of the page's thread to arrive as objects, its facts lost about 5 (ten times that at 1 GB), each
 * replay again.
 */

/** Where a step has no such value (a null), or no step at all (a failed one). */
const NONE = -1;

/** Numbers that may be null: NaN stands for null (no figure here is NaN). */
const nullable = (value: number | null) => (value === null ? Number.NaN : value);
const orNull = (value: number) => (Number.isNaN(value) ? null : value);

export interface QualityColumns {
  /** NONE for a step without a view (null). */
  readonly seen: Int32Array;
  readonly inView: Int32Array;
  readonly missingCounts: Uint32Array;
  /** Every step's missing facts, one step after another. */
  readonly missing: readonly string[];
}

export function qualityColumns(steps: ReplayQuality['steps']): QualityColumns {
  const count = steps.length;
  const columns = { seen: new Int32Array(count), inView: new Int32Array(count), missingCounts: new Uint32Array(count) };
  const missing: string[] = [];
  steps.forEach((step, i) => {
    columns.seen[i] = step ? step.seen : NONE;
    columns.inView[i] = step ? step.in_view : NONE;
    columns.missingCounts[i] = step ? step.missing_used.length : 0;
    if (step) for (const fact of step.missing_used) missing.push(fact);
  });
  return { ...columns, missing };
}

/** The columns' steps in order (each takes its missing facts from where the step before left off). */
function qualityStepMaker(columns: QualityColumns): (i: number) => ReplayQuality['steps'][number] {
  let next = 0;
  return (i) => {
    const count = columns.missingCounts[i]!;
    const from = next;
    next += count;
    return columns.seen[i] === NONE
      ? null
      : {
          seen: columns.seen[i]!,
          in_view: columns.inView[i]!,
          missing_used: columns.missing.slice(from, from + count),
        };
  };
}

export const qualityStepsOf = (columns: QualityColumns) => listInSlices(columns.seen.length, qualityStepMaker(columns));

export interface UsageColumns {
  /** Bit 1: an estimate; bit 2: a recorded usage. */
  readonly has: Uint8Array;
  readonly estimated: Float64Array;
  readonly recorded: Float64Array;
  readonly recordedCost: Float64Array;
  /** NONE for null. */
  readonly messages: Int32Array;
  /** Indices into `models`, NONE for null. */
  readonly model: Int32Array;
  readonly models: readonly string[];
}

/** Fields of the estimate (PromptUsage) and of the recorded usage (RecordedUsage), in column order. */
const ESTIMATE = ['promptTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const;
const RECORDED = ['promptTokens', 'completionTokens', 'cacheReadTokens', 'cacheWriteTokens'] as const;

export function usageColumns(steps: readonly StepUsage[]): UsageColumns {
  const count = steps.length;
  const columns = {
    has: new Uint8Array(count),
    estimated: new Float64Array(count * ESTIMATE.length),
    recorded: new Float64Array(count * RECORDED.length),
    recordedCost: new Float64Array(count),
    messages: new Int32Array(count),
    model: new Int32Array(count),
  };
  const models = stringTable();
  steps.forEach((step, i) => {
    const { estimate, recorded, model } = step;
    columns.has[i] = (estimate ? 1 : 0) | (recorded ? 2 : 0);
    if (estimate) ESTIMATE.forEach((key, k) => (columns.estimated[i * ESTIMATE.length + k] = estimate[key]));
    if (recorded) RECORDED.forEach((key, k) => (columns.recorded[i * RECORDED.length + k] = recorded[key]));
    columns.recordedCost[i] = nullable(step.recordedCost);
    columns.messages[i] = step.messages ?? NONE;
    columns.model[i] = model === null ? NONE : models.numberOf(model);
  });
  return { ...columns, models: models.strings };
}

function usageStepMaker(columns: UsageColumns): (i: number) => StepUsage {
  const { has, estimated, recorded } = columns;
  return (i) => {
    const e = i * ESTIMATE.length;
    const r = i * RECORDED.length;
    return {
      estimate:
        has[i]! & 1
          ? { promptTokens: estimated[e]!, cacheReadTokens: estimated[e + 1]!, cacheWriteTokens: estimated[e + 2]! }
          : null,
      recorded:
        has[i]! & 2
          ? {
              promptTokens: recorded[r]!,
              completionTokens: recorded[r + 1]!,
              cacheReadTokens: recorded[r + 2]!,
              cacheWriteTokens: recorded[r + 3]!,
            }
          : null,
      recordedCost: orNull(columns.recordedCost[i]!),
      messages: columns.messages[i] === NONE ? null : columns.messages[i]!,
      model: columns.model[i] === NONE ? null : columns.models[columns.model[i]!]!,
    };
  };
}

export const usageStepsOf = (columns: UsageColumns) => listInSlices(columns.has.length, usageStepMaker(columns));

/** A report whose `steps` go as columns. */
function stepsWire<Step, Columns extends object>(
  columnsOf: (steps: readonly Step[]) => Columns,
  stepsOf: (columns: Columns) => readonly Step[] | Promise<readonly Step[]>,
): Wire {
  return {
    send(result) {
      const steps = columnsOf((result as { steps: readonly Step[] }).steps);
      return { result: { ...(result as object), steps }, columns: steps };
    },
    receive(result) {
      const { steps } = result as { steps: readonly Step[] | Columns };
      if (Array.isArray(steps)) return result;
      return whenMade(stepsOf(steps as Columns), (made) => ({ ...(result as object), steps: made }));
    },
  };
}

export const REPORT_WIRES = {
  replayQuality: stepsWire(qualityColumns, qualityStepsOf),
  agentUsage: stepsWire(usageColumns, usageStepsOf),
} satisfies Partial<Record<EngineMethod, Wire>>;

/** Traces of finished replays as `replay` writes them, for engine tests that hold the whole result. */
import type { ChatProfile, sdk } from '../../src/engine/index.ts';
import type { Condenser, ReplayResult } from '../../src/engine/v0/index.ts';
import type { StepWalk, TraceEncoder } from '../../src/inspect/flavor.ts';
import { sdkStepWalk, sdkTraceEncoder } from '../../src/inspect/sdk/sdkFlavor.ts';
import { v0StepWalk, v0TraceEncoder } from '../../src/inspect/v0/v0Flavor.ts';
import { messagesFigure } from '../../src/inspect/trace/agentFigures.ts';
import { sdkAgentCalls } from '../../src/inspect/sdk/sdkFlavor.ts';
import type { Trace } from '../../src/inspect/trace/types.ts';
import { type StepFigure, TraceWriter, type TraceWriterOptions } from '../../src/inspect/trace/traceWriter.ts';

function traceOfWalk<Step, View>(
  walk: StepWalk<Step, View>,
  encoder: TraceEncoder<Step, View>,
  options: TraceWriterOptions<Step, View>,
): Trace {
  const writer = new TraceWriter(encoder, options);
  const parts = [writer.start];
  walk.steps.forEach((step, index) => parts.push(writer.step(step, walk.view(index))));
  parts.push(writer.end);
  return JSON.parse(parts.join('')) as Trace;
}

/** The trace of a finished V0 replay (as `replay` writes it), for callers that hold the whole result. */
export function v0TraceOf(
  result: ReplayResult,
  condenser: Condenser | null,
  options: { viewTokens?: boolean } = {},
): Trace {
  return traceOfWalk(
    v0StepWalk(result.steps, result.mode === 'resimulate' ? condenser : null),
    v0TraceEncoder(),
    options,
  );
}

/** The trace of a finished SDK replay; with `messages`, each step's chat messages under that profile. */
export function sdkTraceOf(
  result: sdk.SdkReplayResult,
  options: { viewTokens?: boolean; messages?: { events: readonly sdk.SdkEvent[]; profile: ChatProfile } } = {},
): Trace {
  const figures: StepFigure<sdk.SdkReplayStep, sdk.SdkView>[] = [];
  if (options.messages)
    figures.push(
      messagesFigure(
        sdkAgentCalls(options.messages.events, { profile: options.messages.profile, templates: {} }, { text: () => 0 }),
      ),
    );
  return traceOfWalk(sdkStepWalk(result.steps), sdkTraceEncoder(), { viewTokens: options.viewTokens, figures });
}

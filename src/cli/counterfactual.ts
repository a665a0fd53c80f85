import { accessSync, constants, existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { AnswerLlm, LlmAnswer, TextTokens } from '../engine/index.ts';
import { parseKeyedAnswers, scriptAnswerJson } from '../formats/index.ts';
import {
  type AgentSettings,
  type Counterfactual,
  type InspectedLog,
  type ReplayRequest,
  type Tokens,
  runCounterfactual,
} from '../inspect/index.ts';
import { liveAgentLlm } from '../llm/openaiLlm.ts';
import { type CounterfactualArgs, UsageError } from './args.ts';
import { readTextFile } from './readInput.ts';
import { OutputError, outputFailure } from './resultFile.ts';

/** What the counterfactual needs of the replay command besides its own flags. */
export interface CounterfactualRun {
  readonly log: InspectedLog;
  readonly request: ReplayRequest;
  readonly tokens: Tokens | null;
  readonly textTokens: TextTokens;
  readonly agent: AgentSettings;
  /** B's condenser answers (--llm-script), else none: placeholders stand in. */
  readonly condenserLlm: (() => AnswerLlm) | null;
  /** The environment the key is read from (OPENAI_API_KEY). */
  readonly env: Readonly<Record<string, string | undefined>>;
}

/**
 * `replay --counterfactual`: the answers already in --answers are reused, the rest asked of --endpoint
 * with the key from OPENAI_API_KEY (sent to that endpoint only); every answer is written back to
 * --answers, also when a later request fails, so a rerun asks only for what is missing.
 */
export async function cliCounterfactual(args: CounterfactualArgs, run: CounterfactualRun): Promise<Counterfactual> {
  // Checked before the endpoint is asked: answers paid for must have somewhere to go.
  if (args.answers !== null) checkWritable(args.answers);
  const known =
    args.answers !== null && existsSync(args.answers)
      ? parseKeyedAnswers(readTextFile(args.answers, 'answers file'), args.answers)
      : {};
  const apiKey = run.env.OPENAI_API_KEY ?? '';
  if (args.endpoint !== null && apiKey === '')
    throw new UsageError('--endpoint needs the key in OPENAI_API_KEY (any text for an endpoint that takes none)');
  const ask = args.endpoint !== null ? liveAgentLlm({ baseURL: args.endpoint, model: args.model, apiKey }) : null;
  const kept: Record<string, LlmAnswer> = { ...known };
  let added = 0;
  try {
    return await runCounterfactual(
      run.log,
      run.tokens,
      run.textTokens,
      {
        step: args.step,
        candidate: run.request,
        agent: run.agent,
        samples: args.samples,
        model: args.model,
        ...(run.condenserLlm ? { condenserLlm: run.condenserLlm } : {}),
      },
      known,
      ask,
      (key, answer) => {
        kept[key] = answer;
        added++;
      },
    );
  } finally {
    if (args.answers !== null && added > 0) writeAnswers(args.answers, kept);
  }
}

/** Whether the answers file can be written (created in its folder, or replaced), else the one line why not. */
function checkWritable(path: string): void {
  const where = `the answers to ${path}`;
  const target = existsSync(path) ? path : dirname(resolve(path));
  try {
    if (target !== path && !statSync(target).isDirectory()) throw outputFailure({ code: 'ENOTDIR' }, where);
    accessSync(target, constants.W_OK);
  } catch (error) {
    throw outputFailure(error, where);
  }
}

function writeAnswers(path: string, answers: Readonly<Record<string, LlmAnswer>>): void {
  const json = Object.fromEntries(Object.entries(answers).map(([key, answer]) => [key, scriptAnswerJson(answer)]));
  try {
    writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
  } catch (error) {
    throw new OutputError(
      `cannot write the answers to ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

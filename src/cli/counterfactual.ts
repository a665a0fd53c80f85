import { existsSync } from 'node:fs';
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
import { type ResultFile, openResultFile } from './resultFile.ts';

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
 * --answers, also when a later request fails, so a rerun asks only for what is missing. The file is
 * written beside it and renamed into place (as --out is): a failure while writing leaves it as it was.
 */
export async function cliCounterfactual(args: CounterfactualArgs, run: CounterfactualRun): Promise<Counterfactual> {
  // Opened before the endpoint is asked: answers paid for must have somewhere to go.
  const file = args.answers !== null ? openResultFile(args.answers, [], `the answers to ${args.answers}`) : null;
  let kept: Record<string, LlmAnswer> = {};
  let added = 0;
  try {
    const known =
      args.answers !== null && existsSync(args.answers)
        ? parseKeyedAnswers(readTextFile(args.answers, 'answers file'), args.answers)
        : {};
    kept = { ...known };
    const apiKey = run.env.OPENAI_API_KEY ?? '';
    if (args.endpoint !== null && apiKey === '')
      throw new UsageError('--endpoint needs the key in OPENAI_API_KEY (any text for an endpoint that takes none)');
    const ask = args.endpoint !== null ? liveAgentLlm({ baseURL: args.endpoint, model: args.model, apiKey }) : null;
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
    if (file !== null) {
      if (added > 0) writeAnswers(file, kept);
      else file.abandon();
    }
  }
}

function writeAnswers(file: ResultFile, answers: Readonly<Record<string, LlmAnswer>>): void {
  const json = Object.fromEntries(Object.entries(answers).map(([key, answer]) => [key, scriptAnswerJson(answer)]));
  try {
    file.write(`${JSON.stringify(json, null, 2)}\n`);
    file.finish();
  } catch (error) {
    file.abandon();
    throw error;
  }
}

import {
  type CondenserConfig,
  type LlmAnswer,
  buildCondenser,
  noLlm,
  prepareLog,
  replay,
  runSync,
  scriptedLlm,
  toTrace,
} from '../engine/index.ts';
import { ConfigTextError, LogFormatError, parseCondenserConfigText, readLog } from '../formats/index.ts';
import { parseLlmScript } from '../formats/llmScript.ts';
import { countEventTokens, tokenEstimator } from '../llm/tokenCount.ts';
import { USAGE, UsageError, parseArgs } from './args.ts';
import { readLogInput, readTextFile } from './readInput.ts';

function fail(message: string): never {
  process.stderr.write(`replay: ${message}\n`);
  process.exit(2);
}

function main(argv: readonly string[]): void {
  const args = parseArgs(argv);
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const config: CondenserConfig | null = args.config ? parseCondenserConfigText(readTextFile(args.config, 'configuration')) : null;
  const script: LlmAnswer[] | null = args.llmScript ? parseLlmScript(readTextFile(args.llmScript, 'LLM script'), args.llmScript) : null;
  const log = readLog(readLogInput(args.log), args.instance ? { instance: args.instance } : {});
  for (const note of log.notes) process.stderr.write(`replay: ${note}\n`);
  const condenser = config ? buildCondenser(config) : null;
  const tokens = args.tokens ? tokenEstimator(countEventTokens(log.events)) : undefined;
  const result = runSync(
    replay({ log: prepareLog(log.events), mode: args.recorded ? 'recorded' : 'resimulate', condenser: condenser ?? undefined, tokens }),
    script ? scriptedLlm(script) : noLlm,
  );
  const trace = toTrace(result, condenser, { includeTokens: args.tokens });
  process.stdout.write(`${JSON.stringify(trace, null, args.pretty ? 2 : undefined)}\n`);
}

try {
  main(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError || error instanceof LogFormatError || error instanceof ConfigTextError) {
    fail(error.message);
  }
  fail(`unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
}

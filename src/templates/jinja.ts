import { Environment, Interpreter, parse, tokenize } from '@huggingface/jinja';

/*
 * Jinja templates with Jinja2's default environment (no trim_blocks, no lstrip_blocks, one trailing
 * newline dropped), which is how OpenHands' PromptManager loads them. @huggingface/jinja's own
 * `Template` turns both trims on for chat templates, so its lexer, parser and interpreter are used
 * directly. Templates come from users: every render has a budget of evaluation steps, and `range`
 * is capped, so a template that loops forever stops with a message instead of hanging the page.
 */

/** Evaluation steps one render may take (about a second); OpenHands' own templates need a few hundred. */
export const RENDER_STEP_BUDGET = 200_000;
const RANGE_LIMIT = 100_000;

type Program = ReturnType<typeof parse>;
type Statement = Parameters<Interpreter['evaluate']>[0];

export class TemplateError extends Error {}

class BudgetedInterpreter extends Interpreter {
  private steps = 0;

  override evaluate(statement: Statement, environment: Environment): ReturnType<Interpreter['evaluate']> {
    if (++this.steps > RENDER_STEP_BUDGET) {
      throw new TemplateError(
        `stopped after ${RENDER_STEP_BUDGET.toLocaleString('en-US')} evaluation steps: does it loop without end?`,
      );
    }
    return super.evaluate(statement, environment);
  }
}

function cappedRange(start: number, stop?: number, step = 1): number[] {
  const [from, to] = stop === undefined ? [0, start] : [start, stop];
  if (step === 0) throw new TemplateError('range() step must not be zero');
  const length = Math.max(0, Math.ceil((to - from) / step));
  if (length > RANGE_LIMIT)
    throw new TemplateError(
      `range() of ${length} numbers is more than the ${RANGE_LIMIT.toLocaleString('en-US')} a prompt template may ask for`,
    );
  return Array.from({ length }, (_, k) => from + k * step);
}

function withGlobals(environment: Environment): Environment {
  for (const [name, value] of [
    ['true', true],
    ['false', false],
    ['none', null],
    ['True', true],
    ['False', false],
    ['None', null],
  ] as const) {
    environment.set(name, value);
  }
  environment.set('range', cappedRange);
  environment.set('raise_exception', (message: unknown) => {
    throw new TemplateError(`the template raised: ${String(message)}`);
  });
  return environment;
}

/** Why a template failed, in one line, whatever the library threw (stack overflows included). */
function reason(error: unknown): string {
  if (error instanceof RangeError) return 'it recurses without end (the stack ran out)';
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!.slice(0, 300);
}

export class JinjaTemplate {
  private readonly program: Program;

  /** Parses the template; throws a TemplateError (one line) for a syntax error. */
  constructor(readonly source: string) {
    try {
      this.program = parse(tokenize(source, {}));
    } catch (error) {
      // The parser reads past the end of an unclosed block and fails with a TypeError of its own.
      throw new TemplateError(
        error instanceof TypeError
          ? 'syntax error: the template ends inside an open block (a missing {% endif %} or {% endfor %}?)'
          : `syntax error: ${reason(error)}`,
      );
    }
  }

  render(context: Readonly<Record<string, unknown>>): string {
    const environment = withGlobals(new Environment());
    for (const [name, value] of Object.entries(context)) environment.set(name, value);
    try {
      const result = new BudgetedInterpreter(environment).run(this.program);
      return String(result.value);
    } catch (error) {
      if (error instanceof TemplateError) throw error;
      throw new TemplateError(reason(error));
    }
  }
}

/**
 * How deep a condenser configuration may nest: a pipeline of condensers with an `llm_config` inside is a
 * handful of levels. Deeper ones come only from hostile files, and every reader of a configuration walks
 * it recursively (validation, the secrets filter, the TOML writer), which would overflow the stack.
 */
const MAX_CONFIG_NESTING = 32;

/** Whether `value` holds lists or objects nested more than `limit` deep (walked without recursion). */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

/** What is wrong with a configuration nested too deep to be read, or null when it is not. */
export function configNestingProblem(config: unknown): string | null {
  return nestedDeeperThan(config, MAX_CONFIG_NESTING)
    ? `nested more than ${MAX_CONFIG_NESTING} levels deep; a condenser configuration never is`
    : null;
}

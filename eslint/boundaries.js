// Which folder of src/ may import which: the layers of ARCHITECTURE.md, written once and enforced by lint.
import { existsSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';

/** Each room (a folder of src/, or of src/engine/) and the rooms it may import. */
export const ALLOWED_IMPORTS = {
  'engine/core': [],
  'engine/v0': ['engine/core'],
  'engine/sdk': ['engine/core'],
  engine: ['engine/core', 'engine/v0', 'engine/sdk'],
  security: [],
  'fake-llm': [],
  templates: ['engine'],
  llm: ['engine', 'security'],
  formats: ['engine'],
  inspect: ['engine', 'formats', 'templates', 'llm'],
  storage: ['engine', 'formats', 'templates'],
  worker: ['inspect', 'llm', 'security'],
  cli: ['engine', 'formats', 'inspect', 'llm', 'templates'],
  store: ['engine', 'formats', 'inspect', 'llm', 'storage', 'templates', 'worker'],
  ui: ['store', 'engine', 'formats'],
  '(root)': ['security', 'storage', 'store', 'ui', 'worker', 'llm'],
};

/**
 * Imports that break the table today, kept as debt to remove (each with why). An entry is
 * `<importing file> -> <imported file>`, both relative to src/.
 */
export const BOUNDARY_DEBT = [];

const SRC = resolve(import.meta.dirname, '..', 'src');

function roomOf(file) {
  const parts = relative(SRC, file).split(sep);
  if (parts.length === 1) return '(root)';
  if (parts[0] === 'engine') return parts.length > 2 ? `engine/${parts[1]}` : 'engine';
  return parts[0];
}

const allows = (from, to) =>
  from === to || (ALLOWED_IMPORTS[from] ?? []).some((room) => to === room || to.startsWith(`${room}/`));

/** The innermost folder with an index.ts that holds `target` but not `file`: imports from outside go through an index.ts. */
function barrelFor(file, target) {
  for (let dir = dirname(target); dir.startsWith(SRC + sep); dir = dirname(dir)) {
    if (file.startsWith(dir + sep)) return null;
    if (existsSync(resolve(dir, 'index.ts'))) return dir;
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers of ARCHITECTURE.md and go through a folder’s index.ts.' },
    schema: [],
  },
  create(context) {
    const file = resolve(context.filename);
    if (!file.startsWith(SRC + sep)) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = resolve(dirname(file), spec);
      if (!target.startsWith(SRC + sep)) return;
      const debt = `${relative(SRC, file)} -> ${relative(SRC, target)}`;
      if (BOUNDARY_DEBT.includes(debt)) return;
      const [from, to] = [roomOf(file), roomOf(target)];
      if (!allows(from, to)) {
        context.report({
          node: node.source,
          message: `${from}/ may not import ${to}/ (allowed: ${(ALLOWED_IMPORTS[from] ?? []).join(', ') || 'nothing of the project'}; see eslint/boundaries.js)`,
        });
        return;
      }
      const barrel = barrelFor(file, target);
      if (barrel && !target.endsWith(`${sep}index.ts`)) {
        context.report({
          node: node.source,
          message: `import ${relative(SRC, barrel)}/ through its index.ts, not ${relative(SRC, target)}`,
        });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const boundaries = { rules: { layers: rule } };

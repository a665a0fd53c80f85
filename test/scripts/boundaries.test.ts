import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ALLOWED_IMPORTS } from '../../eslint/boundaries.js';

const root = join(import.meta.dirname, '..', '..');

async function problems(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/layers').map((m) => m.message);
}

// The first lint of a file loads ESLint's whole configuration (typescript-eslint): seconds on a loaded machine.
describe('import boundaries (eslint/boundaries.js)', { timeout: 60_000 }, () => {
  it('fails lint when the SDK engine imports the V0 engine', async () => {
    const found = await problems(
      'src/engine/sdk/probe.ts',
      "import { replay } from '../v0/index.ts';\nexport const probe = replay;\n",
    );
    expect(found).toEqual([expect.stringMatching(/^engine\/sdk\/ may not import engine\/v0\//)]);
  });

  it('fails lint when the CLI reaches the worker or the store, and when an import goes past a folder’s index.ts', async () => {
    expect(
      await problems(
        'src/cli/probe.ts',
        "import { createEngineClient } from '../worker/index.ts';\nexport const probe = createEngineClient;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/cli/probe.ts',
        "import { pricesFor } from '../store/index.ts';\nexport const probe = pricesFor;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/cli/probe.ts',
        "import { TraceWriter } from '../inspect/trace/traceWriter.ts';\nexport const probe = TraceWriter;\n",
      ),
    ).toEqual([expect.stringMatching(/through its index\.ts/)]);
  });

  it('lets a layer import what the table allows', async () => {
    expect(
      await problems('src/inspect/probe.ts', "import { sdk } from '../engine/index.ts';\nexport const probe = sdk;\n"),
    ).toEqual([]);
  });

  it('names every folder of src/ and of src/engine/', () => {
    const dirs = (path: string) =>
      readdirSync(join(root, path), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name);
    const rooms = [
      ...dirs('src').filter((d) => d !== 'engine'),
      ...dirs('src/engine').map((d) => `engine/${d}`),
      'engine',
      '(root)',
    ];
    expect(Object.keys(ALLOWED_IMPORTS).sort()).toEqual(rooms.sort());
  });
});

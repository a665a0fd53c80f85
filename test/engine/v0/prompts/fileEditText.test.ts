import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OpenHandsFailure } from '../../../../src/engine/index.ts';
import { pyEventOf } from '../../../../src/engine/v0/prompts/eventFromDict.ts';
import { fileEditObservation } from '../../../../src/engine/v0/prompts/eventString.ts';
import { thrown } from '../../../helpers/thrown.ts';
import { events } from '../messages/v0Log.ts';

const edit = (extras: Record<string, unknown>, content = '') =>
  pyEventOf(events([{ source: 'agent', observation: 'edit', content, extras }])[0]!)!;
const fileEditText = (event: ReturnType<typeof edit>) => fileEditObservation(event.fields);

describe('str(FileEditObservation)', () => {
  const cases: Array<{ old_content: string; new_content: string; text: string }> = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', '..', 'fixtures', 'openhands', 'file-edit-diffs.json'), 'utf8'),
  );

  it('renders an LLM-based edit’s hunks exactly as OpenHands prints them', () => {
    const differing = cases.filter(
      (c) =>
        fileEditText(
          edit({ path: '/w/f.py', prev_exist: true, old_content: c.old_content, new_content: c.new_content }),
        ) !== c.text,
    );
    expect(differing).toEqual([]);
  });

  it('shows the tool’s own text for OH_ACI edits and a one-line note for new files', () => {
    expect(fileEditText(edit({ impl_source: 'oh_aci', path: '/a' }, 'The file /a was edited.'))).toBe(
      'The file /a was edited.',
    );
    expect(fileEditText(edit({ path: '/a', prev_exist: false, old_content: '' }))).toBe(
      '[New file /a is created with the provided content.]\n',
    );
    expect(fileEditText(edit({ path: '/a', prev_exist: true, old_content: 'same', new_content: 'same' }))).toBe(
      '(no changes detected. Please make sure your edits change the content of the existing file.)\n',
    );
  });

  it('fails where OpenHands’ assertion fails: a new file with old content', () => {
    expect(
      thrown(() => fileEditText(edit({ path: '/a', prev_exist: false, old_content: 'x' })), OpenHandsFailure)
        .pythonError,
    ).toMatch(/^AssertionError/);
  });
});

/**
 * Each tool's `to_llm_content`, on observations serialized as the SDK logs them. Re-created from the
 * SDK's own tests (software-agent-sdk v1.43.1): tests/tools/browser_use/test_browser_observation.py,
 * tests/tools/terminal/test_observation_truncation.py, and the `to_llm_content` assertions of
 * tests/tools/terminal/test_terminal_ps1_metadata.py, tests/sdk/mcp/test_mcp_tool.py,
 * tests/tools/delegate/test_delegation.py, tests/tools/glob/test_glob_tool.py and
 * tests/tools/grep/test_grep_tool.py (there the executor made the observation; here it is the logged one).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sdk } from '../../../src/engine/index.ts';
import { TextContent, fromText, llmContent, observationEvent, read, texts } from './sdkJson.ts';

const HEADER = sdk.ERROR_MESSAGE_HEADER;
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChAI9jU77zgAAAABJRU5ErkJggg==';
const MAX_CMD_OUTPUT_SIZE = 30_000;

const browser = (text: string, fields: Record<string, unknown> = {}, isError = false) =>
  fromText('BrowserObservation', text, fields, isError);

describe('test_browser_observation.py', () => {
  it('test_browser_observation_to_llm_content_text_only', () => {
    expect(llmContent(browser('Test output'))).toEqual([{ type: 'text', text: 'Test output', cachePrompt: false }]);
  });

  it('test_browser_observation_to_llm_content_with_screenshot / _screenshot_data_url_conversion', () => {
    const content = llmContent(browser('Screenshot taken', { screenshot_data: PNG }));
    expect(content).toHaveLength(2);
    expect(content[0]).toMatchObject({ type: 'text', text: 'Screenshot taken' });
    expect(content[1]).toEqual({ type: 'image', urls: [`data:image/png;base64,${PNG}`], cachePrompt: false });
  });

  it('test_browser_observation_to_llm_content_with_error', () => {
    expect(texts(llmContent(browser('Test error', {}, true)))).toEqual([HEADER, 'Test error']);
  });

  it('test_browser_observation_output_truncation: clipped to 50000 characters', () => {
    const [part] = llmContent(browser('x'.repeat(100_000)));
    expect(part!.type === 'text' && part!.text.length).toBe(50_000);
    expect(texts([part!])[0]).toContain('<response clipped>');
  });

  it('test_browser_observation_empty_screenshot_handling', () => {
    expect(llmContent(browser('Test', { screenshot_data: '' }))).toHaveLength(1);
    expect(llmContent(browser('Test', { screenshot_data: null }))).toHaveLength(1);
  });

  it('test_browser_observation_mime_type_detection', () => {
    const cases = [
      ['iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'image/png'],
      ['/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEB', 'image/jpeg'],
      ['R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'image/gif'],
      ['UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAQAcJaQAA3AA/v3AgAA=', 'image/webp'],
      ['AAAABBBBCCCC', 'image/png'],
    ] as const;
    for (const [data, mimeType] of cases) {
      const content = llmContent(browser('Test', { screenshot_data: data }));
      expect(content).toHaveLength(2);
      expect(content[1]!.type === 'image' && content[1]!.urls[0]).toBe(`data:${mimeType};base64,${data}`);
    }
  });

  it('with full_output_save_dir: the saved screenshot is named after its sha256 and announced before the image', () => {
    const hash = createHash('sha256').update(PNG).digest('hex').slice(0, 8);
    const content = llmContent(browser('Page', { screenshot_data: PNG, full_output_save_dir: '/conv/observations/' }));
    expect(texts(content)).toEqual([
      'Page',
      `Screenshot saved to: /conv/observations/browser_screenshot_${hash}.png`,
      '[image]',
    ]);
  });
});

function terminal(
  output: string,
  metadata: Record<string, unknown>,
  fields: Record<string, unknown> = {},
  isError = false,
) {
  return fromText(
    'TerminalObservation',
    output,
    {
      command: 'echo test',
      exit_code: metadata.exit_code ?? null,
      timeout: false,
      metadata: { pid: 123, ...metadata },
      ...fields,
    },
    isError,
  );
}

const TMP_METADATA = {
  prefix: '',
  suffix: '',
  working_dir: '/tmp',
  py_interpreter_path: '/usr/bin/python',
  exit_code: 0,
};
const TRAILER =
  '\n[Current working directory: /tmp]\n[Python interpreter: /usr/bin/python]\n[Command finished with exit code 0]';

describe('test_observation_truncation.py (TerminalObservation)', () => {
  it('test_terminal_observation_truncation_under_limit', () => {
    expect(texts(llmContent(terminal('Short output', TMP_METADATA)))).toEqual([`Short output${TRAILER}`]);
  });

  it('test_terminal_observation_truncation_over_limit', () => {
    const longOutput = 'A'.repeat(MAX_CMD_OUTPUT_SIZE + 1000);
    const [result] = texts(llmContent(terminal(longOutput, TMP_METADATA)));
    expect(result!.length).toBeLessThan(longOutput.length + 200);
    expect(result!.startsWith('A')).toBe(true);
    expect(result!.endsWith(`A${TRAILER}`)).toBe(true);
    expect(result).toContain('<response clipped>');
  });

  it('test_terminal_observation_truncation_with_error', () => {
    const longOutput = 'B'.repeat(MAX_CMD_OUTPUT_SIZE + 500);
    const content = texts(
      llmContent(terminal(longOutput, { ...TMP_METADATA, exit_code: 1 }, { command: 'false' }, true)),
    );
    expect(content).toHaveLength(2);
    expect(content[0]).toBe(HEADER);
    expect(
      content[1]!.endsWith(
        'B\n[Current working directory: /tmp]\n[Python interpreter: /usr/bin/python]\n[Command finished with exit code 1]',
      ),
    ).toBe(true);
    expect(content[1]).toContain('<response clipped>');
  });

  it('test_terminal_observation_truncation_exact_limit', () => {
    const exactOutput = 'C'.repeat(MAX_CMD_OUTPUT_SIZE - TRAILER.length);
    const [result] = texts(llmContent(terminal(exactOutput, TMP_METADATA)));
    expect(result).toHaveLength(MAX_CMD_OUTPUT_SIZE);
    expect(result!.endsWith('</NOTE>')).toBe(false);
  });

  it('test_terminal_observation_truncation_with_prefix_suffix', () => {
    const [result] = texts(
      llmContent(
        terminal('D'.repeat(MAX_CMD_OUTPUT_SIZE + 200), { ...TMP_METADATA, prefix: '[PREFIX] ', suffix: ' [SUFFIX]' }),
      ),
    );
    expect(result!.startsWith('[PREFIX] ')).toBe(true);
    expect(result!.endsWith(`D [SUFFIX]${TRAILER}`)).toBe(true);
    expect(result).toContain('<response clipped>');
  });

  it('test_terminal_ps1_metadata.py::test_cmd_output_observation_properties', () => {
    const ok = texts(llmContent(terminal('file1\nfile2', { exit_code: 0 }, { command: 'ls' })));
    expect(ok).toHaveLength(1);
    expect(ok[0]).toContain('exit code 0');
    expect(ok[0]).not.toContain('ls');
    expect(ok[0]).toContain('file1\n');
    const failed = texts(llmContent(terminal('Command failed', { exit_code: 1 }, { command: 'invalid' }, true)));
    expect(failed).toHaveLength(2);
    expect(failed[0]).toBe(HEADER);
    expect(failed[1]).toContain('Command failed');
  });

  it('no exit-code line while the command still runs (-1), none of the optional lines when the metadata is missing', () => {
    expect(texts(llmContent(terminal('partial', { exit_code: -1, working_dir: '/w' })))).toEqual([
      'partial\n[Current working directory: /w]',
    ]);
    expect(
      texts(llmContent({ content: [TextContent('')], is_error: false, command: 'x', kind: 'TerminalObservation' })),
    ).toEqual(['']);
  });

  it('with full_output_save_dir: the notice names the saved file (sha256 of the whole text) and the line the clip starts at', () => {
    const output = Array.from({ length: 5000 }, (_, i) => `line ${i}`).join('\n');
    const whole = `${output}\n[Current working directory: /w]\n[Command finished with exit code 0]`;
    const hash = createHash('sha256').update(whole).digest('hex').slice(0, 8);
    const [result] = texts(
      llmContent(
        terminal(
          output,
          { exit_code: 0, working_dir: '/w' },
          { full_output_save_dir: '/home/u/.openhands/conversations/abc/observations' },
        ),
      ),
    );
    expect(result).toHaveLength(MAX_CMD_OUTPUT_SIZE);
    const notice = /<response clipped><NOTE>.*?<\/NOTE>/.exec(result!)![0];
    expect(notice).toBe(
      '<response clipped><NOTE>Due to the max output limit, only part of the full response has been shown to you. The complete output has been saved to ' +
        `/home/u/.openhands/conversations/abc/observations/terminal_output_${hash}.txt - you can use other tools to view the full content (truncated part starts around line 1607).</NOTE>`,
    );
    // Python gives these numbers: the line is counted on the head proposed before the longer notice shortened it.
    expect(result!.slice(0, result!.indexOf('<response clipped>')).split('\n')).toHaveLength(1606);
  });
});

describe('observations that keep Observation.to_llm_content', () => {
  it('test_mcp_tool.py::test_to_llm_content_success / _error: the error header comes first, as its own text', () => {
    const success = {
      ...fromText('MCPToolObservation', "[Tool 'test_tool' executed.]\nSuccess result"),
      tool_name: 'test_tool',
    };
    expect(texts(llmContent(success))).toEqual(["[Tool 'test_tool' executed.]\nSuccess result"]);
    const failure = {
      ...fromText(
        'MCPToolObservation',
        "[Tool 'test_tool' executed.]\n[An error occurred during execution.]\nError occurred",
        {},
        true,
      ),
      tool_name: 'test_tool',
    };
    expect(texts(llmContent(failure))).toEqual([
      HEADER,
      "[Tool 'test_tool' executed.]\n[An error occurred during execution.]\nError occurred",
    ]);
  });

  it('test_delegation.py::test_delegate_observation_creation', () => {
    expect(
      texts(
        llmContent(fromText('DelegateObservation', 'spawn: Sub-agents created successfully', { command: 'spawn' })),
      ),
    ).toEqual(['spawn: Sub-agents created successfully']);
  });

  it('test_glob_tool.py / test_grep_tool.py ::test_*_to_llm_content_error: header, then the message', () => {
    const glob = fromText(
      'GlobObservation',
      'Error: /invalid/path is not a valid directory',
      { files: [], pattern: '*.py', search_path: '/invalid/path' },
      true,
    );
    expect(texts(llmContent(glob))).toEqual([HEADER, 'Error: /invalid/path is not a valid directory']);
    const grep = fromText(
      'GrepObservation',
      'Invalid regex pattern: [invalid',
      { matches: [], pattern: '[invalid' },
      true,
    );
    expect(texts(llmContent(grep))).toEqual([HEADER, 'Invalid regex pattern: [invalid']);
  });

  it('a kind the SDK does not know (a custom tool) renders as the base class does; images stay as parts', () => {
    const custom = {
      content: [TextContent('see'), { cache_prompt: false, type: 'image', image_urls: ['data:image/png;base64,AA'] }],
      is_error: false,
      kind: 'MyToolObservation',
    };
    expect(texts(llmContent(custom))).toEqual(['see', '[image]']);
  });
});

describe('tools that override to_llm_content', () => {
  it('TaskObservation: the task line first, then the error header, then the content', () => {
    const task = fromText('TaskObservation', 'done', { task_id: 't1', subagent: 'explorer', status: 'failed' }, true);
    expect(texts(llmContent(task))).toEqual(['Task ID: t1\nSubagent: explorer\nStatus: failed', HEADER, 'done']);
  });

  it('ConsultTomObservation: guidance, reasoning and the confidence as a whole percentage (Python rounding)', () => {
    const tom = (fields: Record<string, unknown>) =>
      texts(llmContent({ content: [], is_error: false, ...fields, kind: 'ConsultTomObservation' }));
    expect(tom({})).toEqual(['Tom agent did not provide suggestions.']);
    expect(tom({ suggestions: 'Ask first', reasoning: 'vague', confidence: 0.125 })).toEqual([
      "Tom agent's guidance:\nAsk first\n\nReasoning: vague\n\nConfidence: 12%",
    ]);
    expect(tom({ suggestions: 'Go', confidence: 0.855 })).toEqual(["Tom agent's guidance:\nGo\n\nConfidence: 86%"]);
  });

  it('SleeptimeComputeObservation', () => {
    const sleep = (fields: Record<string, unknown>) =>
      texts(llmContent({ content: [], is_error: false, ...fields, kind: 'SleeptimeComputeObservation' }));
    expect(sleep({ message: 'ok', sessions_processed: 2 })).toEqual([
      'Successfully indexed 2 conversation(s) for user modeling.\nok',
    ]);
    expect(sleep({})).toEqual(['Sleeptime compute completed.\n']);
  });
});

describe('observations written before 2025-11-05 (no content list): the rendering of their SDK', () => {
  const earlier = (kind: string, fields: Record<string, unknown>) => ({ kind, ...fields });

  it('ExecuteBashObservation: output with the metadata lines, an error line first when it failed', () => {
    const metadata = {
      exit_code: 1,
      pid: -1,
      working_dir: '/repo',
      py_interpreter_path: '/venv/bin/python',
      prefix: '',
      suffix: '\n[The command completed with exit code 1.]',
    };
    expect(
      texts(
        llmContent(
          earlier('ExecuteBashObservation', { output: 'boom', command: 'x', error: true, timeout: false, metadata }),
        ),
      ),
    ).toEqual([
      '[There was an error during command execution.]\nboom\n[The command completed with exit code 1.]\n[Current working directory: /repo]\n[Python interpreter: /venv/bin/python]\n[Command finished with exit code 1]',
    ]);
  });

  it('StrReplaceEditorObservation and FileEditorObservation: the error when there is one (an empty one is none), else the output', () => {
    expect(
      texts(llmContent(earlier('StrReplaceEditorObservation', { command: 'view', output: 'file', error: '' }))),
    ).toEqual(['file']);
    expect(
      texts(llmContent(earlier('FileEditorObservation', { command: 'create', output: '', error: 'exists' }))),
    ).toEqual(['exists']);
  });

  it('BrowserObservation, MCPToolObservation, FinishObservation, DelegateObservation, ThinkObservation, TaskTrackerObservation', () => {
    expect(
      texts(llmContent(earlier('BrowserObservation', { output: 'page', error: null, screenshot_data: PNG }))),
    ).toEqual(['page', '[image]']);
    expect(texts(llmContent(earlier('BrowserObservation', { output: 'page', error: 'timeout' })))).toEqual([
      'Error: timeout',
    ]);
    expect(texts(llmContent(earlier('FinishObservation', { message: 'bye' })))).toEqual(['bye']);
    expect(texts(llmContent(earlier('DelegateObservation', { message: 'spawned' })))).toEqual(['spawned']);
    expect(texts(llmContent(earlier('ThinkObservation', {})))).toEqual(['Your thought has been logged.']);
    expect(
      texts(llmContent(earlier('TaskTrackerObservation', { content: '1. [todo] x', command: 'view', task_list: [] }))),
    ).toEqual(['1. [todo] x']);
  });

  it('MCPToolObservation had a content list before too: the line naming the tool was then added when rendered', () => {
    expect(
      texts(
        llmContent(earlier('MCPToolObservation', { content: [TextContent('r')], is_error: true, tool_name: 'fetch' })),
      ),
    ).toEqual([`[Tool 'fetch' executed.]\n${HEADER}`, 'r']);
  });

  it('ExecuteBashObservation with a content list (2025-11-05 to 11-19) is the terminal observation under its old name', () => {
    expect(
      texts(llmContent(fromText('ExecuteBashObservation', 'ok', { command: 'ls', metadata: { exit_code: 0 } }))),
    ).toEqual(['ok\n[Command finished with exit code 0]']);
  });
});

describe('observations the SDK could not read', () => {
  it('a missing required field, or an unknown kind without a content list: a one-line SdkMessagesUnavailable naming the event and the field', () => {
    const missing = read(
      observationEvent('task', 'c1', fromText('TaskObservation', 'x', { subagent: 's', status: 'ok' })),
    );
    expect(missing.kind === 'ObservationEvent' && missing.observation).toMatchObject({ render: 'unreadable' });
    expect(() => sdk.observationLlmContent(missing as sdk.ObservationEvent)).toThrow(
      new RegExp(
        `^observation ${missing.id} \\(tool task\\): the SDK could not read this TaskObservation: observation\\.task_id: expected a string$`,
      ),
    );
    const unknown = read(observationEvent('x', 'c2', { kind: 'MysteryObservation', output: 'y' }));
    expect(() => sdk.observationLlmContent(unknown as sdk.ObservationEvent)).toThrow(
      /a MysteryObservation without a content list comes from an SDK before 2025-11/,
    );
  });
});

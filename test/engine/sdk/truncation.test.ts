/**
 * `maybe_truncate` as the SDK's tools and serializer apply it, re-created from the SDK's own
 * tests/sdk/utils/test_truncate.py (software-agent-sdk v1.43.1). The SDK writes the whole text to
 * `save_dir`; the inspector writes nothing, so the file assertions become assertions on the notice.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sdk } from '../../../src/engine/index.ts';

const NOTICE = sdk.SDK_TRUNCATE_NOTICE;
const truncate = sdk.sdkMaybeTruncate;
/** A directory name as long as pytest's `tmp_path`, on which some cases' arithmetic depends. */
const TMP_PATH = '/tmp/pytest-of-runner/pytest-0/test_maybe_truncate_persist_hea0';
const saved = (toolPrefix: string, saveDir = TMP_PATH) => ({ saveDir, toolPrefix });
const sha8 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 8);

/** The expected head-and-tail split of the SDK test, from its own formula. */
function headAndTail(content: string, limit: number, notice: string): string {
  const available = limit - notice.length;
  const half = Math.floor(available / 2);
  return content.slice(0, half + (available % 2)) + notice + content.slice(content.length - half);
}

describe('test_truncate.py', () => {
  it('test_maybe_truncate_no_limit / _zero_limit', () => {
    expect(truncate('This is a test string', null)).toBe('This is a test string');
    expect(truncate('test', 0)).toBe('test');
  });

  it('test_maybe_truncate_under_limit / _exact_limit / _empty_string', () => {
    expect(truncate('Short string', 100)).toBe('Short string');
    expect(truncate('A'.repeat(50), 50)).toBe('A'.repeat(50));
    expect(truncate('', 100)).toBe('');
  });

  it('test_maybe_truncate_over_limit', () => {
    const result = truncate('A'.repeat(1000), 200);
    expect(result).toBe(headAndTail('A'.repeat(1000), 200, NOTICE));
    expect(result).toHaveLength(200);
  });

  it('test_maybe_truncate_custom_notice', () => {
    const result = truncate('A'.repeat(100), 50, { notice: ' [TRUNCATED]' });
    expect(result).toBe(headAndTail('A'.repeat(100), 50, ' [TRUNCATED]'));
    expect(result).toHaveLength(50);
  });

  it('test_default_limits', () => {
    expect(sdk.DEFAULT_TEXT_CONTENT_LIMIT).toBe(50_000);
    expect(NOTICE.length).toBe(113);
  });

  it('test_maybe_truncate_head_and_tail', () => {
    const result = truncate(`BEGINNING${'X'.repeat(100)}ENDING`, 50, { notice: '[MIDDLE_TRUNCATED]' });
    expect(result.startsWith('BEGINNING')).toBe(true);
    expect(result.endsWith('ENDING')).toBe(true);
    expect(result).toContain('[MIDDLE_TRUNCATED]');
    expect(result).toHaveLength(50);
  });

  it('test_maybe_truncate_notice_too_large', () => {
    expect(truncate('A'.repeat(100), 10, { notice: 'X'.repeat(20) })).toBe('X'.repeat(10));
  });

  it('test_maybe_truncate_file_deduplication: the same text names the same file', () => {
    const content = 'A'.repeat(1000);
    const first = truncate(content, 200, saved('test'));
    expect(truncate(content, 200, saved('test'))).toBe(first);
    expect(first).toContain('<response clipped>');
  });

  it('test_maybe_truncate_different_content_different_files', () => {
    const first = truncate('A'.repeat(1000), 500, saved('test'));
    const second = truncate('B'.repeat(1000), 500, saved('test'));
    expect(first).not.toBe(second);
    expect([first.length, second.length]).toEqual([500, 500]);
    expect(first).toContain(`test_output_${sha8('A'.repeat(1000))}.txt`);
    expect(second).toContain(`test_output_${sha8('B'.repeat(1000))}.txt`);
  });

  it('test_maybe_truncate_same_content_different_prefix_different_files', () => {
    const content = 'A'.repeat(1000);
    expect(truncate(content, 400, saved('bash'))).toContain(`${TMP_PATH}/bash_output_${sha8(content)}.txt`);
    expect(truncate(content, 400, saved('editor'))).toContain(`${TMP_PATH}/editor_output_${sha8(content)}.txt`);
  });

  it('test_maybe_truncate_hash_based_filename', () => {
    const content = 'Test content for hashing '.repeat(20);
    expect(truncate(content, 300, saved('test'))).toContain(`${TMP_PATH}/test_output_${sha8(content)}.txt`);
  });

  it('test_maybe_truncate_persist_notice_exceeds_limit', () => {
    const result = truncate('A'.repeat(1000), 50, saved('test'));
    expect(result).toBe(NOTICE.slice(0, 50));
  });

  it('test_maybe_truncate_persist_head_char_moves_since_remaining_less_than_proposed_head', () => {
    const result = truncate('A'.repeat(1000), 500, saved('test'));
    expect(result).toHaveLength(500);
    expect(result.endsWith('</NOTE>')).toBe(true);
  });

  it('test_maybe_truncate_persist_notice_leaves_minimal_room', () => {
    const result = truncate(`BEGINNING${'X'.repeat(1000)}ENDING`, 300, saved('test'));
    expect(result).toHaveLength(300);
    expect(result).toContain('test_output_');
  });

  it('test_maybe_truncate_line_number_accuracy', () => {
    const content = Array.from({ length: 100 }, (_, i) => `Line ${i + 1}\n`).join('');
    const lineNumber = Number(/line (\d+)/.exec(truncate(content, 500, saved('test')))![1]);
    expect(lineNumber).toBeGreaterThanOrEqual(1);
    expect(lineNumber).toBeLessThanOrEqual(100);
  });

  it('test_maybe_truncate_short_content_with_persistence', () => {
    expect(truncate('Short', 100, saved('test'))).toBe('Short');
  });

  it('test_maybe_truncate_unicode_content_persistence: lengths in code points, the hash over UTF-8', () => {
    const content = 'Hello 世界 🌍 '.repeat(100);
    const result = truncate(content, 200, saved('test'));
    expect(Array.from(result)).toHaveLength(200);
    expect(result.startsWith(NOTICE.slice(0, 50))).toBe(true);
  });
});

describe('Python details the port keeps', () => {
  it('sha256Hex hashes the UTF-8 bytes, as hashlib does, across block boundaries', () => {
    for (const text of ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'Hello 世界 🌍 '.repeat(100)]) {
      expect(sdk.sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });

  it('pythonLineCount is len(str.splitlines()): \\r\\n once, a trailing break adds no line, \\x1c-\\x1e and \\u2028 break lines', () => {
    expect(['', 'a', 'a\n', 'a\nb', 'a\r\nb', 'a\r\rb', 'a\x1cb\u2028c', '\n\n'].map(sdk.pythonLineCount)).toEqual([
      0, 1, 1, 2, 2, 3, 3, 2,
    ]);
  });

  it('pythonPathJoin is str(Path(dir) / name)', () => {
    expect(sdk.pythonPathJoin('/a//b/./c/', 'f')).toBe('/a/b/c/f');
    expect(sdk.pythonPathJoin('//host/x', 'f')).toBe('//host/x/f');
    expect(sdk.pythonPathJoin('///x', 'f')).toBe('/x/f');
    expect(sdk.pythonPathJoin('rel/dir', 'f')).toBe('rel/dir/f');
  });

  it('the line number counts the proposed head, in code points', () => {
    const content = `${'😀\n'.repeat(300)}`;
    const result = truncate(content, 400, saved('t', '/d'));
    // 400 - 113 = 287 room, 144 for the head: 144 code points are 72 lines.
    expect(result).toContain('(truncated part starts around line 73)');
  });
});

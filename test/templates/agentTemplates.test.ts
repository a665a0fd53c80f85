import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TemplateError, agentTemplateNameOf, compileAgentTemplates } from '../../src/templates/index.ts';
import { JinjaTemplate } from '../../src/templates/jinja.ts';
import { thrown } from '../helpers/thrown.ts';

describe('Jinja templates as OpenHands’ PromptManager renders them', () => {
  it('keeps block newlines (no trim_blocks or lstrip_blocks) and drops one trailing newline', () => {
    expect(new JinjaTemplate('{% if a %}\nA\n{% endif %}\nB\n').render({ a: true })).toBe('\nA\n\nB');
    expect(new JinjaTemplate('{% if a -%}\n  A\n{%- endif %}').render({ a: true })).toBe('A');
  });

  it('iterates dict items and reads attributes of the context', () => {
    const text = new JinjaTemplate(
      '{% for host, port in info.hosts.items() %}{{ host }}:{{ port }};{% endfor %}',
    ).render({ info: { hosts: { a: 1, b: 2 } } });
    expect(text).toBe('a:1;b:2;');
  });

  it('renders the neutral conformance templates as Jinja2 does', () => {
    const dir = join(import.meta.dirname, '..', 'fixtures', 'conformance', 'templates');
    const templates = compileAgentTemplates({ additional_info: readFileSync(join(dir, 'additional_info.j2'), 'utf8') });
    const text = templates.render('additional_info', {
      repository_info: { repo_name: 'a/b', repo_directory: 'b', branch_name: null },
      repository_instructions: '',
      runtime_info: {
        date: '2025-01-01',
        available_hosts: { h1: 123, h2: 4 },
        additional_agent_instructions: '',
        custom_secrets_descriptions: {},
        working_dir: '/w',
      },
      conversation_instructions: null,
    });
    // Jinja2 3.1's output for the same context.
    expect(text).toBe(
      '\n[repository]\nname: a/b\ndirectory: b\n\n[/repository]\n\n\n[runtime]\n\nworking directory: /w\n\n\nhosts:\n- h1 -> 123\n- h2 -> 4\n\n\n\n\n\ndate: 2025-01-01\n\n[/runtime]\n\n',
    );
  });

  it('refuses a syntax error at once, naming the file', () => {
    const error = thrown(
      () => compileAgentTemplates({ microagent_info: '{% for a in triggered_agents %}{{ a.name }}' }),
      TemplateError,
    );
    expect(error.message).toMatch(/^microagent_info\.j2: syntax error/);
  });

  it('stops a template that loops without end, with one line', () => {
    const template = new JinjaTemplate(
      '{% for i in range(100000) %}{% for j in range(100000) %}x{% endfor %}{% endfor %}',
    );
    const error = thrown(() => template.render({}), TemplateError);
    expect(error.message).toMatch(/evaluation steps: does it loop without end\?/);
    expect(thrown(() => new JinjaTemplate('{{ range(10000000) }}').render({}), TemplateError).message).toMatch(
      /range\(\) of 10000000 numbers/,
    );
    // Its limit is in evaluation steps, millions of them: seconds on a loaded machine.
  }, 15_000);

  it('knows template files by name', () => {
    expect(agentTemplateNameOf('prompts/additional_info.j2')).toBe('additional_info');
    expect(agentTemplateNameOf('user_prompt.j2')).toBeNull();
  });
});

import type { ObservationEvent, ViewEntry } from '../events.ts';
import { pyStrip, pyTruthy } from '../../core/index.ts';
import { type DraftPart, AgentMessagesError, textPart } from './draft.ts';
import { type AgentTemplates, renderTemplate } from './templates.ts';

/** `MicroagentKnowledge`: a triggered microagent. */
export interface MicroagentKnowledge {
  readonly name: string;
  readonly trigger: string;
  readonly content: string;
}

type Json = Readonly<Record<string, unknown>>;

/** A dataclass field: the logged value as is (None included), the class default when absent. */
function field(extras: Json, key: string, fallback: unknown): unknown {
  return key in extras ? extras[key] : fallback;
}

function knowledgeOf(event: ObservationEvent): MicroagentKnowledge[] {
  const items = event.extras.microagent_knowledge;
  if (!Array.isArray(items)) return [];
  return items.map((item, k) => {
    const fields = (typeof item === 'object' && item !== null ? item : {}) as Json;
    const { name, trigger, content } = fields;
    if (typeof name !== 'string' || typeof trigger !== 'string' || typeof content !== 'string') {
      throw new AgentMessagesError(
        `event ${event.id}: microagent_knowledge[${k}] needs the strings name, trigger and content; OpenHands cannot load it`,
      );
    }
    return { name, trigger, content };
  });
}

function isRecall(entry: ViewEntry): entry is ObservationEvent {
  return entry.kind === 'observation' && entry.type === 'recall';
}

/** `_has_agent_in_earlier_events`: any earlier recall observation (of either kind) with that microagent. */
function seenEarlier(name: string, index: number, events: readonly ViewEntry[]): boolean {
  for (let k = 0; k < index; k++) {
    const entry = events[k]!;
    if (isRecall(entry) && knowledgeOf(entry).some((agent) => agent.name === name)) return true;
  }
  return false;
}

/** The workspace-context branch: repository, runtime and instructions through additional_info.j2. */
function workspaceParts(event: ObservationEvent, templates: AgentTemplates): DraftPart[] {
  const x = event.extras;
  const repositoryInfo =
    pyTruthy(x.repo_name) || pyTruthy(x.repo_directory)
      ? {
          repo_name: pyTruthy(x.repo_name) ? x.repo_name : '',
          repo_directory: pyTruthy(x.repo_directory) ? x.repo_directory : '',
          branch_name: pyTruthy(x.repo_branch) ? x.repo_branch : null,
        }
      : null;
  const hosts = field(x, 'runtime_hosts', {});
  const extraInstructions = field(x, 'additional_agent_instructions', '');
  const secrets = field(x, 'custom_secrets_descriptions', {});
  const workingDir = field(x, 'working_dir', '');
  const date = field(x, 'date', '');
  const runtimeInfo =
    pyTruthy(hosts) || pyTruthy(extraInstructions)
      ? {
          date,
          available_hosts: hosts,
          additional_agent_instructions: extraInstructions,
          custom_secrets_descriptions: secrets,
          working_dir: workingDir,
        }
      : {
          date,
          available_hosts: {},
          additional_agent_instructions: '',
          custom_secrets_descriptions: secrets,
          working_dir: workingDir,
        };
  const conversationInstructions = pyTruthy(x.conversation_instructions)
    ? { content: x.conversation_instructions }
    : null;
  const repoInstructions = pyTruthy(x.repo_instructions) ? x.repo_instructions : '';
  const hasRepoInfo =
    repositoryInfo !== null && (pyTruthy(repositoryInfo.repo_name) || pyTruthy(repositoryInfo.repo_directory));
  const hasRuntimeInfo = pyTruthy(runtimeInfo.date) || pyTruthy(runtimeInfo.custom_secrets_descriptions);
  const hasRepoInstructions = typeof repoInstructions === 'string' && pyStrip(repoInstructions) !== '';
  const agents = knowledgeOf(event);
  const parts: DraftPart[] = [];
  if (hasRepoInfo || hasRuntimeInfo || hasRepoInstructions || conversationInstructions !== null) {
    const context = {
      repository_info: repositoryInfo,
      repository_instructions: repoInstructions,
      runtime_info: runtimeInfo,
      conversation_instructions: conversationInstructions,
    };
    parts.push(textPart(renderTemplate(templates, 'additional_info', context)));
  }
  if (agents.length) parts.push(textPart(renderTemplate(templates, 'microagent_info', { triggered_agents: agents })));
  return parts;
}

/**
 * A recall observation's message parts (ConversationMemory with prompt extensions on and no disabled
 * microagents): workspace context, or the knowledge of microagents not already shown earlier in the view.
 */
export function recallParts(
  event: ObservationEvent,
  index: number,
  events: readonly ViewEntry[],
  templates: AgentTemplates,
): DraftPart[] {
  const recallType = event.extras.recall_type;
  if (recallType === 'workspace_context') return workspaceParts(event, templates);
  if (recallType === 'knowledge') {
    const fresh = knowledgeOf(event).filter((agent) => !seenEarlier(agent.name, index, events));
    return fresh.length ? [textPart(renderTemplate(templates, 'microagent_info', { triggered_agents: fresh }))] : [];
  }
  throw new AgentMessagesError(
    `event ${event.id}: recall_type ${JSON.stringify(recallType ?? null)} is neither "workspace_context" nor "knowledge"; OpenHands cannot load it`,
  );
}

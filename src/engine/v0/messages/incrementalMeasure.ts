import type { ActionEvent, ViewEntry } from '../events.ts';
import { type View, sameEntry, sharedPrefix, viewRange } from '../view.ts';
import {
  type ChatProfile,
  type MeasuredRequest,
  type MessageShape,
  type PrefixIds,
  type TextDigest,
  type TextTokens,
  messageKey,
  shapeTokens,
  textDigest,
} from '../../core/index.ts';
import {
  ConversationFold,
  type ProcessOptions,
  isSystemMessage,
  processEvents,
  withSystemAndUser,
} from './conversationMemory.ts';
import { type DraftMessage, type DraftText, AgentMessagesError } from './draft.ts';
import { EventText } from './eventTexts.ts';
import { PROFILE_FLAGS } from './serialize.ts';

/** A text part as the shape holds it: a logged event's text by its digest (made and remembered now, or earlier). */
function measuredText(part: DraftText, tokens: TextTokens): string | TextDigest {
  if (!(part instanceof EventText)) return part.text;
  if (part.digest) return part.digest;
  if (!part.remember) return part.text;
  const digest = textDigest(part.text, tokens);
  part.remember(digest);
  return digest;
}

function shapeOfDraft(message: DraftMessage, tokens: TextTokens): MessageShape {
  const texts: (string | TextDigest)[] = [];
  for (const part of message.content) if (part.kind === 'text') texts.push(measuredText(part, tokens));
  for (const call of message.toolCalls ?? []) texts.push(call.function.name, call.function.arguments);
  return {
    role: message.role,
    texts,
    callIds: message.toolCalls?.map((call) => call.id) ?? [],
    toolCallId: message.toolCallId,
    blocks: Math.max(1, message.content.length + (message.toolCalls?.length ?? 0)),
  };
}

/**
 * What `view` adds at the end of `previous`, when it is that view with more at its end (told by the
 * replay's positions, without building either); null otherwise, or when `noSystem` and a system
 * message is among what it adds.
 */
function grownBy(previous: View, view: View, noSystem: boolean): readonly ViewEntry[] | null {
  if (sharedPrefix(previous, view) !== previous.length) return null;
  const added = viewRange(view, previous.length, view.length);
  return noSystem && added.some(isSystemMessage) ? null : added;
}

/**
 * Measures each step's request for the usage model without building it again from scratch: between two
 * calls of a run the view usually only grows at its end, and then so do the messages (OpenHands' loop is
 * a left fold), so only the new messages are built, counted and keyed. Whenever the view changed before
 * its end (a condensation, a moved mask), it starts over. Gives the same numbers as measuring the whole
 * request (`measureRequest`), which the tests check.
 */
export class IncrementalMeasure {
  /** The events the last request was made of: the view's, after a system message and the first user message where OpenHands adds them. */
  private events: ViewEntry[] = [];
  /** The view they came from, and whether the system message before it is one made up (the view had none). */
  private view: View | null = null;
  private madeUpSystem = false;
  private fold: ConversationFold | null = null;
  private initial: ActionEvent | null = null;
  private measured = 0;
  private previousRole: string | null = null;
  private cumulative: number[] = [];
  private prefixIds: number[] = [];
  private blocks: number[] = [];
  /** What prompt caching reads of the last user or tool message: where it is, its role, its last part's kind (null: no part). */
  private lastUserOrTool: { readonly index: number; readonly role: string; readonly lastKind: string | null } | null =
    null;
  private firstRole: string | null = null;
  /** What `_filter_unmatched_tool_calls` would remove, kept up to date message by message. */
  private readonly callIds = new Set<string>();
  private readonly resultIds = new Set<string>();
  private readonly unansweredCalls = new Set<string>();
  private readonly orphanResults = new Set<string>();
  private readonly root: number;
  /**
   * Where building the messages last failed: OpenHands' loop is a left fold, so a later view that
   * still begins with that whole view fails the same way (a log the agent's settings cannot read fails
   * at every step, and would otherwise be read whole at every step). Short views too: one that failed
   * holds an event that is neither a system nor a user message, so the user message goes in the same
   * place in both.
   */
  private failed: { readonly view: View; readonly initial: ActionEvent; readonly error: unknown } | null = null;

  constructor(
    private readonly options: ProcessOptions & { readonly profile: ChatProfile },
    private readonly tokens: TextTokens,
    private readonly toolTokens: number,
    private readonly prefixes: PrefixIds,
  ) {
    this.root = prefixes.root(String(toolTokens));
  }

  /** The step's request as measured, or an AgentMessagesError where OpenHands builds none. */
  measure(view: View, initialUserMessage: ActionEvent): MeasuredRequest {
    const failed = this.failed;
    // Unless a system message came (OpenHands' own would then not be added before the events).
    if (failed && failed.initial === initialUserMessage && grownBy(failed.view, view, true)) {
      // This view fails as that one did: the next is compared with it (what it adds, not all since).
      this.failed = { ...failed, view };
      throw failed.error;
    }
    this.failed = null;
    const added = this.addedTo(view, initialUserMessage);
    const fed = added ? this.events.length : this.startFrom(view, initialUserMessage);
    if (added) for (const entry of added) this.events.push(entry);
    this.view = view;
    try {
      this.fold!.feed(this.events, fed);
    } catch (error) {
      this.fold = null;
      if (error instanceof AgentMessagesError) this.failed = { view, initial: initialUserMessage, error };
      throw error;
    }
    // Only the new messages are kept, and only while they are measured: their texts then die young.
    const fresh = this.fold!.take();
    for (const message of fresh) this.track(message);
    // OpenHands filters unmatched tool calls before formatting; in a regular run nothing is filtered,
    // and where something would be, the request is measured whole.
    if (this.unansweredCalls.size > 0 || this.orphanResults.size > 0)
      return this.measureWhole(view.entries, initialUserMessage);
    fresh.forEach((message, k) => this.add(message, this.measured + k));
    this.measured += fresh.length;
    return this.snapshot(this.measured);
  }

  /**
   * The entries `view` adds after the last view, when it is that view with more at its end (told by
   * the replay's positions, without building the view): a long view then costs what it adds. Null
   * otherwise, or where what OpenHands puts before the events could change (a short view, a system
   * message where one was made up).
   */
  private addedTo(view: View, initial: ActionEvent): readonly ViewEntry[] | null {
    const previous = this.view;
    if (!this.fold || !previous || initial !== this.initial || previous.length < 2) return null;
    return grownBy(previous, view, this.madeUpSystem);
  }

  /** The view's events compared with the last ones, starting over unless they only grew; how many were fed before. */
  private startFrom(view: View, initial: ActionEvent): number {
    const entries = view.entries;
    const events = withSystemAndUser(entries, initial, this.options.templates);
    if (!this.continues(events, initial)) this.restart(initial);
    const fed = this.events.length;
    this.events = events;
    this.madeUpSystem = events.length > 0 && events[0] !== entries[0];
    return fed;
  }

  private continues(events: readonly ViewEntry[], initial: ActionEvent): boolean {
    if (!this.fold || initial !== this.initial || events.length < this.events.length) return false;
    const previous = this.events;
    for (let i = 0; i < previous.length; i++) if (!sameEntry(previous[i]!, events[i]!)) return false;
    return true;
  }

  private restart(initial: ActionEvent): void {
    this.fold = new ConversationFold(this.options);
    this.initial = initial;
    this.events = [];
    this.measured = 0;
    this.previousRole = null;
    this.cumulative = [];
    this.prefixIds = [];
    this.blocks = [];
    this.lastUserOrTool = null;
    this.firstRole = null;
    for (const set of [this.callIds, this.resultIds, this.unansweredCalls, this.orphanResults]) set.clear();
  }

  /** Notes a new message's tool calls or result for the unmatched-call check. */
  private track(message: DraftMessage): void {
    if (message.role === 'assistant' && message.toolCalls?.length) {
      for (const call of message.toolCalls) {
        // A call without an id is never matched: OpenHands drops it.
        if (!call.id) this.unansweredCalls.add('');
        else {
          this.callIds.add(call.id);
          this.orphanResults.delete(call.id);
          if (!this.resultIds.has(call.id)) this.unansweredCalls.add(call.id);
        }
      }
    } else if (message.role === 'tool' && message.toolCallId) {
      this.resultIds.add(message.toolCallId);
      this.unansweredCalls.delete(message.toolCallId);
      if (!this.callIds.has(message.toolCallId)) this.orphanResults.add(message.toolCallId);
    }
  }

  private add(message: DraftMessage, k: number, format = true): void {
    // `_apply_user_message_formatting`, one message at a time.
    if (format && message.role === 'user' && this.previousRole === 'user' && message.content.length > 0) {
      const first = message.content.find((part) => part.kind === 'text');
      if (first?.kind === 'text') first.text = `\n\n${first.text}`;
    }
    this.previousRole = message.role;
    const shape = shapeOfDraft(message, this.tokens);
    this.cumulative.push((this.cumulative[k - 1] ?? this.toolTokens) + shapeTokens(shape, this.tokens));
    this.prefixIds.push(
      this.prefixes.extend(this.prefixIds[k - 1] ?? this.root, messageKey(shape, message.eventIds.join(','))),
    );
    this.blocks.push(shape.blocks);
    if (k === 0) this.firstRole = message.role;
    if (message.role === 'user' || message.role === 'tool')
      this.lastUserOrTool = { index: k, role: message.role, lastKind: message.content.at(-1)?.kind ?? null };
  }

  private snapshot(count: number): MeasuredRequest {
    const cumulative = this.cumulative;
    return {
      count,
      toolTokens: this.toolTokens,
      totalTokens: cumulative[count - 1] ?? this.toolTokens,
      ourPrefix: (j) => cumulative[j] ?? this.toolTokens,
      prefixIds: this.prefixIds,
      blocks: this.blocks,
      breakpoints: PROFILE_FLAGS[this.options.profile].cacheEnabled ? this.breakpoints() : [],
    };
  }

  /** The rare request OpenHands filters: measured whole, and the next step starts over. */
  private measureWhole(view: readonly ViewEntry[], initialUserMessage: ActionEvent): MeasuredRequest {
    const messages = processEvents(view, initialUserMessage, this.options);
    this.restart(initialUserMessage);
    this.fold = null;
    messages.forEach((message, k) => this.add(message, k, false));
    return this.snapshot(messages.length);
  }

  /**
   * `apply_prompt_caching`'s marks as the serializer keeps them: the system message, and the last user
   * or tool message, unless it is a user message whose last part is an image.
   */
  private breakpoints(): number[] {
    const marks: number[] = [];
    if (this.firstRole === 'system') marks.push(0);
    const last = this.lastUserOrTool;
    if (last && last.index > 0) {
      if (last.lastKind === null)
        throw new AgentMessagesError(
          `a ${last.role} message has no content to mark for prompt caching`,
          'IndexError: list index out of range',
        );
      if (last.role === 'tool' || last.lastKind === 'text') marks.push(last.index);
    }
    return marks;
  }
}

import { formatCount } from '../shared/format.ts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AgentProfile } from '../../engine/index.ts';
import { type EventId, type TranscriptMessage, agentSettingsOf, stepTokens } from '../../store/index.ts';
import { useActions, useAppState } from '../app/storeContext.tsx';
import { CounterfactualButton } from '../counterfactual/CounterfactualButton.tsx';
import { SearchBox } from '../search/SearchBox.tsx';
import { hasHit, stepHit } from '../search/hits.ts';
import { MessageCard } from './MessageCard.tsx';
import { searchableText } from './messageText.ts';
import { CopyRequest } from './CopyRequest.tsx';
import { StepUsageLine } from './StepUsageLine.tsx';
import './transcript.css';

const PROFILE_LABELS: Record<AgentProfile, string> = {
  auto: 'Each call by its model',
  anthropic: 'Anthropic (prompt caching)',
  openai: 'OpenAI-compatible',
};

/** How a message's (and the tool schemas') tokens were figured, for their tooltip. */
const tokensTitleOf = (estimated: boolean) =>
  estimated
    ? "Estimated: this message's share of the step's estimated input (its share of our o200k count); the messages and the tool schemas add up to the step's figure"
    : 'Tokens by our tokenizer (o200k); the step has no usage estimate yet';

/** A key per message that stays the same from step to step: its role and events, and which of their repeats. */
function keysOf(messages: readonly TranscriptMessage[]): string[] {
  const seen = new Map<string, number>();
  return messages.map((item) => {
    const base = `${item.message.role}:${item.eventIds.join(',')}`;
    const repeat = seen.get(base) ?? 0;
    seen.set(base, repeat + 1);
    return `${base}#${repeat}`;
  });
}

/** What the agent's LLM read at the step: the request's messages, as a transcript. */
export function Transcript() {
  const transcript = useAppState((s) => s.transcript);
  const step = useAppState((s) => s.step);
  const active = useAppState((s) => s.active);
  const focused = useAppState((s) => s.focusedEvent);
  const search = useAppState((s) => s.search);
  const usage = useAppState((s) => s.usage);
  const { setAgentProfile, focusEvent, selectEvent } = useActions();
  const rows = active?.opened.rows;
  const scroller = useRef<HTMLDivElement>(null);
  // While the next step's messages are built, the last ones stay (dimmed): no flash of an empty pane.
  const messages = useMemo(() => transcript?.messages ?? [], [transcript]);
  const stale = transcript !== null && transcript.step !== step;
  const messageKeys = useMemo(() => keysOf(messages), [messages]);
  const tokens = useMemo(() => (transcript ? stepTokens(transcript, usage) : null), [transcript, usage]);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 120,
    overscan: 6,
    initialRect: { width: 600, height: 600 },
    // Keyed by what a message is, not where: a step change keeps the cards of the messages both
    // steps share (mounted, their sizes known) and mounts only the new ones.
    getItemKey: (index) => messageKeys[index] ?? index,
  });

  const focusedPositions = useMemo(
    () => (focused === null ? [] : messages.flatMap((item, k) => (item.eventIds.includes(focused) ? [k] : []))),
    [messages, focused],
  );
  useEffect(() => {
    if (focusedPositions.length) virtualizer.scrollToIndex(focusedPositions[0]!, { align: 'start' });
  }, [focusedPositions, virtualizer]);
  // The messages of this step the session's search finds, and the one it is on.
  const hitMessages = useMemo(
    () =>
      search.trim() ? messages.flatMap((item, k) => (hasHit(searchableText(item.message), search) ? [k] : [])) : [],
    [messages, search],
  );
  const [hitAt, setHitAt] = useState(-1);
  const goToHit = useCallback(
    (message: number | undefined) => {
      if (message === undefined) return;
      setHitAt(message);
      virtualizer.scrollToIndex(message, { align: 'start' });
    },
    [virtualizer],
  );
  // Enter with a query just typed: the first message it finds, once the query is the session's.
  const pendingHit = useRef<1 | -1 | null>(null);
  useEffect(() => {
    const delta = pendingHit.current;
    if (delta === null) return;
    pendingHit.current = null;
    goToHit(hitMessages[stepHit(-1, hitMessages.length, delta)]);
  }, [hitMessages, goToHit]);
  const hitPosition = hitMessages.indexOf(hitAt);
  const onSearchStep = (delta: 1 | -1, fresh: boolean) => {
    if (fresh) pendingHit.current = delta;
    else goToHit(hitMessages[stepHit(hitPosition, hitMessages.length, delta)]);
  };
  const showEvent = useCallback(
    (id: EventId) => {
      focusEvent(id);
      const row = rows?.find((r) => r.id === id);
      if (row) void selectEvent(row.index);
    },
    [focusEvent, rows, selectEvent],
  );
  if (!active) return null;
  const profile = agentSettingsOf(active).profile;
  return (
    <section className="transcript" aria-label="What the model read">
      <header className="transcript-head">
        <h3>What the model read</h3>
        <label>
          Provider{' '}
          <select value={profile} onChange={(event) => void setAgentProfile(event.target.value as AgentProfile)}>
            {(Object.keys(PROFILE_LABELS) as AgentProfile[]).map((key) => (
              <option key={key} value={key}>
                {PROFILE_LABELS[key]}
              </option>
            ))}
          </select>
        </label>
        {transcript && transcript.step === step && !transcript.error && <CopyRequest transcript={transcript} />}
        <CounterfactualButton />
      </header>
      {transcript?.step === step && !transcript.error && (
        <p className="transcript-facts">
          {messages.length} messages
          {focusedPositions.length > 0 &&
            ` · event #${String(focused)} became message ${focusedPositions.map((k) => k + 1).join(', ')}`}
          {focused !== null &&
            focusedPositions.length === 0 &&
            ` · event #${String(focused)} is in no message of this step`}
        </p>
      )}
      <StepUsageLine step={step} />
      {transcript?.step === step && !transcript.error && tokens && (
        <p className="transcript-tools" title={tokensTitleOf(tokens.estimated)}>
          {transcript.tools
            ? `Tool schemas: ${transcript.tools.length}, ${formatCount(tokens.tools)} tokens${tokens.estimated ? ' est.' : ' by our count'} of the step's ${formatCount(tokens.total)}`
            : 'No tool schemas recorded'}
        </p>
      )}
      <SearchBox
        label="Find in messages"
        placeholder="Text in this step's messages (also searches the events)"
        position={hitPosition}
        count={search.trim() && transcript?.step === step ? hitMessages.length : null}
        onStep={onSearchStep}
      />
      {!transcript ? (
        <p className="empty">Building the messages…</p>
      ) : transcript.error ? (
        <p className="empty" role="status">
          {transcript.error}
        </p>
      ) : (
        <div
          ref={scroller}
          className={stale ? 'transcript-scroll stale' : 'transcript-scroll'}
          aria-busy={stale}
          data-step={transcript.step}
        >
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((row) => (
              <div
                key={row.key}
                data-index={row.index}
                ref={virtualizer.measureElement}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${row.start}px)`,
                }}
              >
                <MessageCard
                  item={messages[row.index]!}
                  tokens={tokens?.messages[row.index] ?? messages[row.index]!.tokens}
                  tokensTitle={tokensTitleOf(tokens?.estimated ?? false)}
                  position={row.index}
                  focused={focusedPositions.includes(row.index)}
                  query={search}
                  currentHit={row.index === hitAt && hitPosition >= 0}
                  onEvent={showEvent}
                />
              </div>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}

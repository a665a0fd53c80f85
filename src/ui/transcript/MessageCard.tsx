import { formatCount } from '../shared/format.ts';
import { memo, useState } from 'react';
import type { EventId, TranscriptMessage } from '../../store/index.ts';
import { hasHit } from '../search/hits.ts';
import { messageFacts, preview, readableArguments } from './messageText.ts';
import { TextWithMarks } from './TextWithMarks.tsx';
import { CopyButton } from './CopyButton.tsx';
import { messageJson } from './requestCopies.ts';
import './transcript.css';

function Body({ text, expanded, query }: { text: string; expanded: boolean; query: string }) {
  const cut = preview(text);
  // A search hit beyond the preview opens the text: a hit is never hidden.
  const whole = expanded || !cut.cut || (query !== '' && hasHit(text, query) && !hasHit(cut.shown, query));
  return (
    <pre className="message-text">
      <TextWithMarks text={whole ? text : cut.shown} query={query} />
      {!whole && <span className="muted">{`\n… ${cut.hiddenLines ? `${cut.hiddenLines} more lines` : 'more'}`}</span>}
    </pre>
  );
}

interface Props {
  readonly item: TranscriptMessage;
  /** The message's share of the step's token figure. */
  readonly tokens: number;
  readonly tokensTitle: string;
  readonly position: number;
  readonly focused: boolean;
  /** The session's search query: its hits are marked. */
  readonly query: string;
  /** The message the search is on now. */
  readonly currentHit: boolean;
  readonly onEvent: (id: EventId) => void;
}

/** One message of the request: role, where it came from, its tokens, cache breakpoint, text and tool calls. */
export const MessageCard = memo(function MessageCard({
  item,
  tokens,
  tokensTitle,
  position,
  focused,
  query,
  currentHit,
  onEvent,
}: Props) {
  const [expanded, setExpanded] = useState(false);
  const { message } = item;
  const facts = messageFacts(message);
  const long =
    facts.texts.some((text) => preview(text).cut) ||
    (message.tool_calls ?? []).some((call) => preview(readableArguments(call.function.arguments)).cut);
  const origins = item.eventIds.filter((id) => id !== -1);
  return (
    <article
      className={`message ${message.role}${focused ? ' focused' : ''}${currentHit ? ' current-hit' : ''}`}
      aria-label={`Message ${position + 1}: ${message.role}`}
    >
      <header className="message-head">
        <span className={`role ${message.role}`}>{message.role}</span>
        {message.name && <span className="tool-name">{message.name}</span>}
        {message.tool_call_id && (
          <span className="muted call-id" title="tool_call_id">
            {message.tool_call_id}
          </span>
        )}
        {origins.length > 0 && (
          <span className="origins">
            from{' '}
            {origins.map((id) => (
              <button
                key={String(id)}
                type="button"
                className="link"
                onClick={() => onEvent(id)}
                title="Show this event"
              >
                #{String(id)}
              </button>
            ))}
          </span>
        )}
        <span className="spacer" />
        {facts.truncated && <span className="badge truncated">truncated</span>}
        {facts.droppedImages > 0 && (
          <span className="badge">
            {facts.droppedImages} image{facts.droppedImages > 1 ? 's' : ''} not sent (vision off)
          </span>
        )}
        {facts.cacheBreakpoint && (
          <span className="badge cache" title="cache_control: the provider caches the prompt up to here">
            cache breakpoint
          </span>
        )}
        <span className="tokens" title={tokensTitle}>
          {formatCount(tokens)} tok
        </span>
        <CopyButton label={`Copy message ${position + 1} as JSON`} className="link" text={() => messageJson(item)}>
          Copy
        </CopyButton>
        {long && (
          <button type="button" className="link" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            {expanded ? 'Collapse' : 'Show all'}
          </button>
        )}
      </header>
      {facts.texts.map((text, k) =>
        text === '' ? (
          <pre key={k} className="message-text muted">
            (empty text)
          </pre>
        ) : (
          <Body key={k} text={text} expanded={expanded} query={query} />
        ),
      )}
      {facts.texts.length === 0 && !message.tool_calls?.length && <p className="muted message-text">(no content)</p>}
      {message.tool_calls?.map((call) => (
        <div key={call.id} className="tool-call">
          <div className="tool-call-head">
            calls <strong>{call.function.name}</strong> <span className="muted call-id">{call.id}</span>
          </div>
          <Body text={readableArguments(call.function.arguments)} expanded={expanded} query={query} />
        </div>
      ))}
    </article>
  );
});

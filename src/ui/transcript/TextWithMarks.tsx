import { Highlighted } from '../search/Highlighted.tsx';
import { TRUNCATION_MARK } from './messageText.ts';

/** Plain text (never HTML), with OpenHands' truncation marker set apart and search hits marked. */
export function TextWithMarks({ text, query = '' }: { text: string; query?: string }) {
  const pieces = text.split(TRUNCATION_MARK);
  return (
    <>
      {pieces.map((piece, k) => (
        <span key={k}>
          {k > 0 && (
            <span className="truncation-mark" title="OpenHands cut the middle of this text (max_message_chars)">
              {'\n[… observation truncated: the middle was cut …]\n'}
            </span>
          )}
          <Highlighted text={piece} query={query} />
        </span>
      ))}
    </>
  );
}

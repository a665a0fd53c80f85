import { Fragment } from 'react';
import { hitRanges } from './hits.ts';

/** Plain text (never HTML) with each occurrence of the query marked. */
export function Highlighted({ text, query }: { text: string; query: string }) {
  const ranges = query ? hitRanges(text, query) : [];
  if (ranges.length === 0) return <>{text}</>;
  const pieces: React.ReactNode[] = [];
  let at = 0;
  ranges.forEach(([start, end], k) => {
    pieces.push(<Fragment key={`t${k}`}>{text.slice(at, start)}</Fragment>);
    pieces.push(
      <mark key={`m${k}`} className="search-hit">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  });
  pieces.push(<Fragment key="rest">{text.slice(at)}</Fragment>);
  return <>{pieces}</>;
}

#!/usr/bin/env node
// The floor of every command-line figure: a plain Node process that reads the log, decodes it and
// JSON.parses it, keeping the events (as any reader of the log must), and does nothing else. A file
// past what one string holds (512 MiB) is decoded and parsed in pieces of whole lines (the generated
// logs hold one event a line). Plain JavaScript: nothing (npm, a transpiler) starts before it.
//   node bench/floor.mjs <log.json>
import { readFileSync } from 'node:fs';

const bytes = readFileSync(process.argv[2]);
const PIECE = 64 * 1024 * 1024;
const events = [];
for (let start = 0; start < bytes.length;) {
  let end = Math.min(bytes.length, start + PIECE);
  end = end === bytes.length ? end : bytes.indexOf(0x0a, end) + 1 || bytes.length;
  const piece = bytes.toString('utf8', start, end).trim().replace(/^\[/, '').replace(/\]$/, '').replace(/,$/, '');
  for (const event of JSON.parse(`[${piece}]`)) events.push(event);
  start = end;
}
if (events.length === 0) throw new Error('no events parsed');

/**
 * The command line's one entry point (`condenser-inspector replay ...`, `condenser-inspector sweep ...`;
 * without a command, replay): built to dist/cli.js by scripts/build-cli.mjs, so a run pays neither npm's
 * start-up nor a transpiler's. Each command is loaded only when asked for (the build splits them).
 */
const [command] = process.argv.slice(2);
if (command === 'sweep') {
  process.argv.splice(2, 1);
  await import('./sweep.ts');
} else {
  if (command === 'replay') process.argv.splice(2, 1);
  await import('./main.ts');
}
export {};

// `npm run bench [-- NAME...]`: without a name the HTTP, media, GEDCOM, cleanup, recommender, accounts, reads,
// duplicates, charts, hostile-input and hostile-uploads benches in that order; `soak` the soak (spec/bench/soak.ts). Each bench runs in a process of
// its own, as each ends by exiting; the first that fails stops the rest with its exit code. SIGINT and
// SIGTERM are passed on to the running bench, which cleans up (service, database, temp files) and exits.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const benches: Readonly<Record<string, string>> = { run: 'run.ts', media: 'media.ts', gedcom: 'gedcom.ts', cleanup: 'cleanup.ts', recommender: 'recommender.ts', accounts: 'accounts.ts', reads: 'reads.ts', duplicates: 'duplicates.ts', charts: 'charts.ts', 'hostile-input': 'hostile-input.ts', 'hostile-uploads': 'hostile-uploads.ts', soak: 'soak.ts', history: 'history.ts', pages: 'pages.ts', 'search-tenants': 'search-tenants.ts' };
const defaults = ['run', 'media', 'gedcom', 'cleanup', 'recommender', 'accounts', 'reads', 'duplicates', 'charts', 'hostile-input', 'hostile-uploads'];

const names = process.argv.slice(2);
const unknown = names.filter((n) => !(n in benches));
if (unknown.length > 0) {
  process.stderr.write(`unknown bench: ${unknown.join(', ')} (choose from ${Object.keys(benches).join(', ')}; none: ${defaults.join(', ')})\n`);
  process.exit(2);
}
let running: ReturnType<typeof spawn> | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => running?.kill(signal));
for (const name of names.length === 0 ? defaults : names) {
  running = spawn(process.execPath, ['--import', 'tsx', path.join(here, benches[name]!)], { stdio: 'inherit' });
  const [code, signal] = (await once(running, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) process.exit(code ?? (signal === 'SIGINT' ? 130 : 1));
}
process.exit(0);

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// How `npm start` runs the service, read from package.json, so that what specs and benches start is
// the deployed command: its node flags (the young generation's bound among them) and its entry.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The node flags of a package.json script of the form `node <flags> <entry>` (`start`, `worker`). */
export const scriptNodeFlags = (script: 'start' | 'worker'): readonly string[] => {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = (pkg.scripts[script] ?? '').split(' ').filter((w) => w !== '');
  if (words[0] !== 'node' || words.length < 2 || !words.slice(1, -1).every((w) => w.startsWith('--')))
    throw new Error(`package.json's ${script} script is not "node <flags> <entry>": ${pkg.scripts[script] ?? '(none)'}`);
  return words.slice(1, -1);
};

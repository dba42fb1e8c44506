import { parseArgs } from 'node:util';
import { importActions, type ImportAction } from '../core/gedcom/commands/import-gedcom.js';
import { isUuid } from '../core/kernel/ids.js';

// The command line of bootstrap/cli.ts, decoded into one command; pure, so spec/bootstrap tests it.

export const exportVersions = ['5.5.1', '7.0'] as const;
export type ExportVersion = (typeof exportVersions)[number];

export type CliCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'import'; readonly file: string; readonly treeId: string; readonly as: string; readonly defaultAction: ImportAction }
  | { readonly kind: 'preview'; readonly file: string; readonly treeId: string; readonly as: string }
  | {
      readonly kind: 'export'; readonly out: string; readonly treeId: string; readonly as: string; readonly version: ExportVersion; readonly force: boolean;
      /** A GEDZIP (.gdz): the GEDCOM 7 file and the media files its OBJE records name. */
      readonly media: boolean;
    };

/** A command, or the reason the command line is not one (a usage error, exit 2). */
export type ParsedCli = { readonly ok: true; readonly command: CliCommand } | { readonly ok: false; readonly message: string };

export const usage = `Usage: npm run cli -- <command> [options]

Commands:
  import FILE  --tree ID --as EMAIL [--default-action new|skip|merge|overwrite]
               Import a GEDCOM file into the tree, all or nothing (editor). Persons whose best
               duplicate candidate scores high get --default-action (default: new). Prints the
               import report as JSON on stdout.
  preview FILE --tree ID --as EMAIL
               Dry run of an import (editor): duplicates, unmapped tags, warnings. Writes nothing.
  export       --tree ID --as EMAIL --out FILE [--version 5.5.1|7.0] [--media] [--force]
               Write the tree as GEDCOM (any member), 5.5.1 by default; --media writes a GEDZIP
               (.gdz: GEDCOM 7 with the media files); --force replaces an existing FILE.
  A FILE to import or preview may be a .gdz (told by its first bytes): its media are stored too.

Options:
  --as EMAIL   the account the command acts as; the tree's access rules apply to it
  --help       this text

The database: DATABASE_URL when set, else the embedded PostgreSQL under DATA_DIR (stop the server
first: one cluster has one postmaster). Progress goes to stderr: a bar on a terminal, else a line
every few seconds.

Exit codes: 0 done; 1 refused (no right to the tree, file not GEDCOM, invalid input);
            2 usage (bad arguments, unknown account or tree, missing file); 3 failure (database, I/O).
`;

const fail = (message: string): ParsedCli => ({ ok: false, message });

const options = {
  tree: { type: 'string' },
  as: { type: 'string' },
  out: { type: 'string' },
  version: { type: 'string' },
  'default-action': { type: 'string' },
  force: { type: 'boolean' },
  media: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Which options each command takes (any other is a usage error, not silently ignored). */
const allowed: Record<'import' | 'preview' | 'export', readonly string[]> = {
  import: ['tree', 'as', 'default-action'],
  preview: ['tree', 'as'],
  export: ['tree', 'as', 'out', 'version', 'force', 'media'],
};

export const parseCli = (argv: readonly string[]): ParsedCli => {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  }
  const { values, positionals } = parsed;
  const [name, ...rest] = positionals;
  if (values.help === true || name === undefined || name === 'help') return { ok: true, command: { kind: 'help' } };
  if (name !== 'import' && name !== 'preview' && name !== 'export') return fail(`Unknown command "${name}": use import, preview or export.`);
  const extra = Object.keys(values).filter((k) => k !== 'help' && !allowed[name].includes(k));
  if (extra.length > 0) return fail(`${name} does not take --${extra[0]}.`);
  const treeId = values.tree;
  if (treeId === undefined || treeId === '') return fail(`${name} needs --tree ID.`);
  if (!isUuid(treeId)) return fail(`--tree must be a tree id (a UUID), got "${treeId}".`);
  const as = values.as?.trim();
  if (as === undefined || as === '') return fail(`${name} needs --as EMAIL: the account it acts as.`);
  if (name === 'export') {
    if (rest.length > 0) return fail(`export takes no file argument; name the file with --out FILE.`);
    if (values.out === undefined || values.out === '') return fail('export needs --out FILE.');
    const media = values.media === true;
    const version = values.version ?? (media ? '7.0' : '5.5.1');
    if (!(exportVersions as readonly string[]).includes(version)) return fail(`--version must be ${exportVersions.join(' or ')}, got "${version}".`);
    if (media && version !== '7.0') return fail('--media writes a GEDZIP, which holds GEDCOM 7: use --version 7.0 (or leave --version out).');
    return { ok: true, command: { kind: 'export', out: values.out, treeId, as, version: version as ExportVersion, force: values.force === true, media } };
  }
  if (rest.length !== 1 || rest[0] === '') return fail(`${name} needs exactly one FILE.`);
  const file = rest[0]!;
  if (name === 'preview') return { ok: true, command: { kind: 'preview', file, treeId, as } };
  const action = values['default-action'] ?? 'new';
  if (!(importActions as readonly string[]).includes(action)) return fail(`--default-action must be one of ${importActions.join(', ')}, got "${action}".`);
  return { ok: true, command: { kind: 'import', file, treeId, as, defaultAction: action as ImportAction } };
};

import { parseArgs } from 'node:util';
import { importActions, type ImportAction } from '../core/gedcom/commands/import-gedcom.js';
import { isUuid } from '../core/kernel/ids.js';
import { visibilities, type Visibility } from '../core/trees/model.js';

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
    }
  /** Applies pending migrations and exits: a deploy step before the new instances start. */
  | { readonly kind: 'migrate' }
  /** An account made by the operator; its password is read from stdin (never from the command line, which `ps` shows). */
  | { readonly kind: 'user-add'; readonly email: string; readonly verified: boolean }
  | { readonly kind: 'tree-create'; readonly name: string; readonly as: string; readonly description: string; readonly visibility: Visibility };

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
  migrate      Apply pending database migrations and exit (instances that start together take
               turns behind a database lock, so this is optional before a deploy).
  user add EMAIL [--verified]
               Create an account; its password is the first line of stdin (at least 8
               characters). A verification mail goes out unless --verified (the operator vouches
               for the address). Prints the account as JSON on stdout.
  tree create NAME --as EMAIL [--description TEXT] [--visibility private|site_members|unlisted|public]
               Create a tree owned by the account (private unless --visibility). Prints it as JSON.

Options:
  --as EMAIL   the account the command acts as; the tree's access rules apply to it
  --help       this text

The database: DATABASE_URL when set (servers may run meanwhile), else the embedded PostgreSQL under
DATA_DIR (the one a server on that DATA_DIR runs, else started for the command). Progress goes to stderr: a bar on a terminal, else a line
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
  verified: { type: 'boolean' },
  description: { type: 'string' },
  visibility: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Which options each command takes (any other is a usage error, not silently ignored). */
const allowed: Record<'import' | 'preview' | 'export' | 'migrate' | 'user add' | 'tree create', readonly string[]> = {
  import: ['tree', 'as', 'default-action'],
  preview: ['tree', 'as'],
  export: ['tree', 'as', 'out', 'version', 'force', 'media'],
  migrate: [],
  'user add': ['verified'],
  'tree create': ['as', 'description', 'visibility'],
};

const extraOption = (name: keyof typeof allowed, values: Record<string, unknown>): ParsedCli | null => {
  const extra = Object.keys(values).filter((k) => k !== 'help' && !allowed[name].includes(k));
  return extra.length > 0 ? fail(`${name} does not take --${extra[0]}.`) : null;
};

/** The operator's commands: migrate, user add, tree create. */
const parseAdmin = (name: string, rest: readonly string[], values: Record<string, string | boolean | undefined>): ParsedCli => {
  if (name === 'migrate') return extraOption('migrate', values) ?? (rest.length > 0 ? fail('migrate takes no arguments.') : { ok: true, command: { kind: 'migrate' } });
  const [verb, ...args] = rest;
  if (name === 'user') {
    if (verb !== 'add') return fail(`Unknown command "user ${verb ?? ''}": use user add EMAIL.`);
    const bad = extraOption('user add', values);
    if (bad) return bad;
    if (args.length !== 1 || args[0]!.trim() === '') return fail('user add needs exactly one EMAIL (the password is read from stdin).');
    return { ok: true, command: { kind: 'user-add', email: args[0]!.trim(), verified: values['verified'] === true } };
  }
  if (verb !== 'create') return fail(`Unknown command "tree ${verb ?? ''}": use tree create NAME --as EMAIL.`);
  const bad = extraOption('tree create', values);
  if (bad) return bad;
  if (args.length !== 1 || args[0]!.trim() === '') return fail('tree create needs exactly one NAME (quote a name with spaces).');
  const as = typeof values['as'] === 'string' ? values['as'].trim() : '';
  if (as === '') return fail('tree create needs --as EMAIL: the account that will own the tree.');
  const visibility = typeof values['visibility'] === 'string' ? values['visibility'] : 'private';
  if (!(visibilities as readonly string[]).includes(visibility)) return fail(`--visibility must be one of ${visibilities.join(', ')}, got "${visibility}".`);
  const description = typeof values['description'] === 'string' ? values['description'] : '';
  return { ok: true, command: { kind: 'tree-create', name: args[0]!, as, description, visibility: visibility as Visibility } };
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
  if (name === 'migrate' || name === 'user' || name === 'tree') return parseAdmin(name, rest, values);
  if (name !== 'import' && name !== 'preview' && name !== 'export') return fail(`Unknown command "${name}": use import, preview, export, migrate, user add or tree create.`);
  const bad = extraOption(name, values);
  if (bad) return bad;
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

import { E } from '../core/kernel/either.js';
import type { Actor, UserActor } from '../core/kernel/actor.js';
import type { DomainError } from '../core/kernel/errors.js';
import { newId } from '../core/kernel/ids.js';
import { accessTree } from '../core/trees/access.js';
import type { Storage } from '../core/stores.js';
import { systemClock } from '../core/kernel/clock.js';
import { normaliseEmail } from '../core/identity/model.js';
import { accountActor } from '../core/identity/policy.js';
import { importGedcom } from '../core/gedcom/commands/import-gedcom.js';
import { previewGedcom } from '../core/gedcom/queries/preview-gedcom.js';
import { exportGedcom } from '../core/gedcom/queries/export-gedcom.js';
import { withGedcomUpload } from '../adapters/archive/gedzip-upload.js';
import { gedzipStream } from '../adapters/archive/gedzip-writer.js';
import { serviceProduct } from '../adapters/http/routes/product.js';
import type { Config } from './config.js';
import { serviceVersion } from './version.js';
import type { CliCommand } from './cli-args.js';
import { EXIT, exportSummary, importReportJson, importSummary, outcomeOf, previewJson, previewSummary } from './cli-output.js';
import { createProgress, type Progress } from './cli-progress.js';
import { end, fileSize, localUpload, stop, writeExport } from './cli-files.js';

// The commands of bootstrap/cli.ts on an open storage: the core's GEDCOM commands, acting as the
// account --as names. Loaded only once the command line is known to be good (it pulls in the ORM).

const refused = (e: DomainError): never => end(outcomeOf(e));

const say = (line: string): void => void process.stderr.write(`${line}\n`);

/** The report on stdout, flushed before the process exits (a pipe may be asynchronous). */
export const print = (value: unknown): Promise<void> =>
  new Promise((resolve, reject) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`, (err) => (err ? reject(err) : resolve())));

/** Runs `work` with the bar on; its last state is drawn (and a terminal's line ended) however it ends. */
const drawn = async <A>(progress: Progress, work: () => Promise<A>): Promise<A> => {
  try {
    return await work();
  } finally {
    progress.done();
  }
};

/**
 * The account `--as` names, as the actor of this run (no session: the shell's user vouches for it).
 * The core decides what it may do: an unverified one, where verification is required, is refused
 * by every command as over HTTP.
 */
export const actorFor = async (storage: Storage, config: Config, email: string): Promise<Actor> => {
  const user = await storage.users.byEmail(normaliseEmail(email));
  if (user === null) return stop(EXIT.usage, `No account with the email ${email}.`);
  const account: UserActor = { kind: 'user', userId: user.id, email: user.email, emailVerified: user.emailVerifiedAt !== null, sessionId: newId(), clientAddress: 'cli' };
  return accountActor(account, config.requireEmailVerification);
};

const runExport = async (command: Extract<CliCommand, { kind: 'export' }>, config: Config, deps: Parameters<typeof exportGedcom>[0], actor: Actor): Promise<void> => {
  const started = Date.now();
  const exported = await exportGedcom(deps)(actor, command.treeId, command.version, { media: command.media });
  if (E.isLeft(exported)) return refused(exported.left);
  const items = exported.right.media;
  // A .gdz reads the media bytes from where the server keeps them (S3_ENDPOINT or DATA_DIR/media).
  const blobs = items === undefined ? undefined : (await import('./blob-store.js')).configuredBlobStore(config);
  const zip = items === undefined || blobs === undefined ? undefined : (gedcom: AsyncIterable<Uint8Array>) => gedzipStream(gedcom, items, blobs);
  const progress = createProgress('export', 0, process.stderr);
  const written = await drawn(progress, () => writeExport(command.out, exported.right.lines, progress, zip));
  say(exportSummary(command.out, written.persons, written.bytes, Date.now() - started));
};

export const runCommand = async (command: Extract<CliCommand, { kind: 'import' | 'preview' | 'export' }>, config: Config, storage: Storage): Promise<void> => {
  const deps = { storage, clock: systemClock, product: serviceProduct(serviceVersion) };
  const actor = await actorFor(storage, config, command.as);
  if (command.kind === 'export') return runExport(command, config, deps, actor);

  const started = Date.now();
  const size = await fileSize(command.file);
  // The import's own check, made before reading so that a refusal does not wait for the whole file
  // (the HTTP routes check the same way before they take an upload).
  const access = await accessTree(storage, actor, command.treeId, 'editor');
  if (E.isLeft(access)) return refused(access.left);
  const progress = createProgress(command.kind === 'import' ? 'import pass 1/2' : 'preview', 0, process.stderr);
  const { upload, zipped } = await localUpload(command.file, size, progress);
  // A .gdz's own GEDCOM is read from inside the zip: no share of bytes, so no ETA.
  if (!zipped) progress.total(2 * size);

  if (command.kind === 'preview') {
    const preview = await drawn(progress, () => withGedcomUpload(upload, config.maxUploadBytes, (file) => previewGedcom(deps)(actor, command.treeId, file)));
    if (E.isLeft(preview)) return refused(preview.left);
    await print(previewJson(preview.right));
    say(previewSummary(preview.right, Date.now() - started));
    return;
  }
  // Media of a .gdz go where the server keeps them (S3_ENDPOINT or DATA_DIR/media).
  const blobs = zipped ? (await import('./blob-store.js')).configuredBlobStore(config) : undefined;
  const importDeps = { ...deps, ...(blobs === undefined ? {} : { blobs }), onOrphan: (key: string) => say(`warning: the media object ${key} could not be removed; the purge worker will retry`) };
  const report = await drawn(progress, () =>
    withGedcomUpload(upload, config.maxUploadBytes, async (file) => {
      const r = await importGedcom(importDeps)(actor, command.treeId, file, {
        defaultAction: command.defaultAction,
        resolutions: {},
        onRecord: (records, pass) => {
          progress.stage(`import pass ${pass}/2`, records);
          progress.records(records);
        },
        onProgress: (p) => progress.persons(p.personsWritten),
      });
      if (E.isRight(r)) progress.persons(r.right.persons.created + r.right.persons.overwritten + r.right.persons.merged);
      return r;
    }));
  if (E.isLeft(report)) return refused(report.left);
  await print(importReportJson(report.right));
  say(importSummary(report.right, Date.now() - started));
};

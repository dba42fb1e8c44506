// `npm run bench -- hostile-uploads`: the service's peak resident memory (VmHWM of its own process)
// while it reads each hostile upload of issue 23 (findings 1, 3 and 4). The spec
// (spec/e2e/hostile-uploads.spec.ts) checks the answers, with no memory threshold; the bound (512 MB)
// is checked here: the bench fails when an upload takes the service past it.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { hostileUploads, type HostileUpload } from '../support/hostile-files.js';
import { log, mb, printTable, registerUser, runMain, startScratchDatabase } from './harness.js';
import { startServiceProcess } from './service-process.js';

const PEAK_LIMIT_BYTES = 512 * 1024 * 1024;

/** The peak resident set of a process so far (VmHWM), in bytes. */
const peakRss = async (pid: number): Promise<number> => {
  const kb = /^VmHWM:\s+(\d+) kB$/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (kb === undefined) throw new Error('no VmHWM in /proc: this bench needs Linux');
  return Number(kb) * 1024;
};

const main = async (): Promise<void> => {
  const scratch = await startScratchDatabase({ closeOnSignal: true });
  try {
    const dataDir = path.join(scratch.dir, 'data');
    await mkdir(dataDir, { recursive: true });
    const rows: [string, string][] = [];
    let over = 0;
    // A fresh service for each upload, so that each peak is that upload's own.
    for (const [i, u] of hostileUploads.entries()) {
      const service = await startServiceProcess({ databaseUrl: scratch.url, dataDir });
      try {
        const owner = await registerUser(service.api, `hostile${i}@uploads.bench`);
        const auth = { authorization: `Bearer ${owner.token}` };
        const target = async (route: HostileUpload['route']): Promise<string> => {
          if (route === 'account-import') return `${service.api}/users/me/import`;
          const tree = await fetch(`${service.api}/trees`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Hostile' }) });
          const treeId = ((await tree.json()) as { id: string }).id;
          return `${service.api}/trees/${treeId}/gedcom/${route === 'gedcom-import' ? 'import' : 'preview'}`;
        };
        const url = await target(u.route);
        log(`building and sending: ${u.what}`);
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(u.file())], { type: 'application/octet-stream' }), u.name);
        const before = await peakRss(service.pid);
        const res = await fetch(url, { method: 'POST', headers: auth, body: form });
        await res.arrayBuffer();
        const peak = await peakRss(service.pid);
        if (peak > PEAK_LIMIT_BYTES) over += 1;
        rows.push([u.what, `${res.status}; peak RSS ${mb(peak)} (at start ${mb(before)})${peak > PEAK_LIMIT_BYTES ? `: OVER ${mb(PEAK_LIMIT_BYTES)}` : ''}${service.exited() === null ? '' : `; the service ended: ${service.exited()!}`}`]);
        if (service.exited() !== null) over += 1;
      } finally {
        await service.stop();
      }
    }
    printTable(`Benchmark: the service's peak resident memory on hostile uploads (limit ${mb(PEAK_LIMIT_BYTES)})`, rows);
    if (over > 0) throw new Error(`${over} hostile upload(s) took the service past ${mb(PEAK_LIMIT_BYTES)} or ended it`);
  } finally {
    await scratch.close();
  }
};

runMain(main);

import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { freePort } from '../../bootstrap/embedded-postgres.js';

// Where a service process's memory goes, from inside it (a preload: NODE_OPTIONS --import), so the
// accounts bench can tell memory held (the heap still used right after V8's full collections) from
// garbage not yet collected, and the JS heap from buffers (external, ArrayBuffers).

export type MemoryPeaks = {
  readonly heapTotal: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
  /** Largest heap in use just after a full (mark-compact) collection: what is really held. */
  readonly liveAfterMajorGc: number;
  readonly majorGcs: number;
};

// With a profile directory, the reset also starts V8's CPU profiler and reading the peaks writes the
// profile there (Node 20 refuses --cpu-prof in NODE_OPTIONS).
const source = (port: number, profileDir: string | null) => `import http from 'node:http';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import v8 from 'node:v8';
import { PerformanceObserver, constants } from 'node:perf_hooks';
let m;
const reset = () => (m = { heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0, liveAfterMajorGc: 0, majorGcs: 0 });
reset();
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    if (e.detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
    m.majorGcs += 1;
    m.liveAfterMajorGc = Math.max(m.liveAfterMajorGc, v8.getHeapStatistics().used_heap_size);
  }
}).observe({ entryTypes: ['gc'] });
setInterval(() => {
  const u = process.memoryUsage();
  for (const k of ['heapTotal', 'heapUsed', 'external', 'arrayBuffers']) m[k] = Math.max(m[k], u[k]);
}, 20).unref();
const profileDir = ${JSON.stringify(profileDir)};
const session = new Session();
session.connect();
let profiling = false;
const post = (method, params = {}) => new Promise((resolve, reject) => session.post(method, params, (err, r) => (err ? reject(err) : resolve(r))));
http.createServer(async (req, res) => {
  if (profileDir !== null && req.url === '/reset') {
    await post('Profiler.enable');
    await post('Profiler.start');
    profiling = true;
  } else if (profiling) {
    const { profile } = await post('Profiler.stop');
    writeFileSync(\`\${profileDir}/\${process.pid}-\${Date.now()}.cpuprofile\`, JSON.stringify(profile));
    profiling = false;
  }
  res.end(JSON.stringify(m));
  if (req.url === '/reset') reset();
}).listen(${port}, '127.0.0.1').unref();
`;

/** Writes the preload to `file`; answers its NODE_OPTIONS flag and how to read (and reset) the peaks. */
export const memoryProbe = async (file: string, profileDir: string | null) => {
  const port = await freePort();
  await writeFile(file, source(port, profileDir));
  const read = async (what: '' | 'reset'): Promise<MemoryPeaks> => (await (await fetch(`http://127.0.0.1:${port}/${what}`)).json()) as MemoryPeaks;
  return { flag: `--import ${pathToFileURL(file).href}`, peaks: () => read(''), reset: () => read('reset') };
};

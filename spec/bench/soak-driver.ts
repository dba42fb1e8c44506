// The soak's load generator (issue 27): soak-mix.ts's request mix (reads, searches and writes that
// depend on earlier answers, so each call is code, not a request list) driven by load.ts's closed and
// open loops in a process of its own, so that the client's CPU is neither the bench's nor the
// service's; it measures that CPU itself over each phase. spec/bench/soak.ts starts it
// (child-channel.ts) and reads the other processes' CPU around each phase.
//
// Protocol (IPC): the driver says `ready`; `init` gives it the mix's context (once: the mix's pool of
// persons it created lives on across the phases); `closed` runs the closed loop, `open` the open one,
// during which the driver sends a `tick` every `everyMs`; each answers its result or `failed`.
// The driver exits when the IPC channel closes.
import { seededRandom } from './generate-tree.js';
import { closedLoop, openLoop, type RecorderData } from './load.js';
import { requestMix, type MixContext } from './soak-mix.js';

export type SoakInit = Omit<MixContext, 'rng'> & { readonly seed: number };
export type ToDriver =
  | { readonly type: 'init'; readonly ctx: SoakInit }
  | { readonly type: 'closed'; readonly clients: number; readonly seconds: number }
  | { readonly type: 'open'; readonly rate: number; readonly seconds: number; readonly maxInFlight: number; readonly everyMs: number };
/** The driver's own CPU (user + system, every thread) over a phase, and the phase's wall time. */
export type DriverCpu = { readonly cpuSeconds: number; readonly wallSeconds: number };
export type FromDriver =
  | { readonly type: 'ready' | 'initialized' }
  | { readonly type: 'tick'; readonly completed: number; readonly errors: number; readonly inFlight: number; readonly shed: number }
  | ({ readonly type: 'closed'; readonly recorder: RecorderData; readonly perSecond: number } & DriverCpu)
  | ({ readonly type: 'open'; readonly recorder: RecorderData; readonly sent: number; readonly shed: number; readonly peakInFlight: number; readonly seconds: number } & DriverCpu)
  | { readonly type: 'failed'; readonly error: string };

const send = (m: FromDriver) => process.send?.(m);
let next: ReturnType<typeof requestMix> | null = null;

/** Runs `work`, answering what it answers with this process's CPU and the wall time over it. */
const measured = async <A>(work: () => Promise<A>): Promise<A & DriverCpu> => {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const a = await work();
  const cpu = process.cpuUsage(cpu0);
  return { ...a, cpuSeconds: (cpu.user + cpu.system) / 1e6, wallSeconds: (performance.now() - t0) / 1000 };
};

const handle = async (m: ToDriver): Promise<FromDriver> => {
  if (m.type === 'init') {
    const { seed, ...ctx } = m.ctx;
    next = requestMix({ ...ctx, rng: seededRandom(seed) });
    return { type: 'initialized' };
  }
  const mix = next;
  if (mix === null) throw new Error('init first');
  if (m.type === 'closed') {
    const r = await measured(() => closedLoop(mix, m.clients, m.seconds));
    return { type: 'closed', recorder: r.recorder.toData(), perSecond: r.perSecond, cpuSeconds: r.cpuSeconds, wallSeconds: r.wallSeconds };
  }
  const r = await measured(() =>
    openLoop(mix, {
      rate: m.rate, seconds: m.seconds, maxInFlight: m.maxInFlight, everyMs: m.everyMs,
      every: async ({ recorder, inFlight, shed }) => void send({ type: 'tick', completed: recorder.completed, errors: recorder.errors, inFlight, shed }),
    }));
  return { type: 'open', recorder: r.recorder.toData(), sent: r.sent, shed: r.shed, peakInFlight: r.peakInFlight, seconds: r.seconds, cpuSeconds: r.cpuSeconds, wallSeconds: r.wallSeconds };
};

process.on('message', (m: ToDriver) => {
  handle(m).then(send, (e: unknown) => send({ type: 'failed', error: e instanceof Error ? (e.stack ?? e.message) : String(e) }));
});
process.on('disconnect', () => process.exit(0));
// Ctrl-C reaches the whole process group: the bench cleans up and then closes the channel, on which this ends.
process.on('SIGINT', () => undefined);
send({ type: 'ready' });

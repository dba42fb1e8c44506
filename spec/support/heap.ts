import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// The live heap, for specs of what a piece of code keeps alive: V8's own collector, asked for with
// the flag set at run time (as adapters/archive/reclaim.ts does), twice so that what the first
// collection's finalizers released goes too.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The bytes of V8's heap in use after full collections. */
export const liveHeap = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

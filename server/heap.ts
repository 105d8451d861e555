import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived its last full collection before it
 * collects again, in percent. Left to itself V8 picks up to 4× on a machine with memory to spare:
 * under load that headroom, garbage of finished renders, was most of the process (old space at
 * 100–120 MB for 40 MB live; RSS peaks of 320–345 MB on PostgreSQL). At 1.5× the peak was 250–265
 * MB for no more time in garbage collection (docs/performance.md, session 8: memory).
 */
export const HEAP_GROWING_PERCENT = 50;

/** Sets the growth limit unless node was given one (its flags or NODE_OPTIONS); returns whether it did. */
export function limitHeapGrowth(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): boolean {
  if ([...execArgv, nodeOptions].some((flag) => /--heap[-_]growing[-_]percent/.test(flag))) return false;
  // Read by V8 at every full collection, so setting it after start takes effect from the next one.
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}

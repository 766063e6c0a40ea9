/**
 * The API's process collects its old generation before it holds more than a quarter again of what the last full
 * collection kept (docs/decisions/142-commentary-appends-beside-the-score-writes.md, "The memory"). V8's default
 * lets the old generation grow to as much as four times what it kept while the process allocates fast, and the API
 * allocates fast exactly when it is busiest: every statement of the embedded database leaves its message buffers,
 * parsed rows and query objects, and under load enough of them outlive two scavenges to be promoted. With 30 judges
 * writing while their tablets upload, the old generation grew from some 53 to 92 MB of such garbage before one
 * collection took it back to 49 (the appends' bytes, the WebAssembly heap and the buffers stayed flat): resident
 * memory that says nothing about what the API holds. A smaller step costs no more collections where little is
 * promoted, and more, each of a small heap, where much is.
 */
import v8 from 'node:v8';

export const HEAP_GROWING_PERCENT = 25;
const FLAG = '--heap-growing-percent';

/** Sets the growth step once for the process, unless its operator chose one (NODE_OPTIONS or node's own flags). */
export function boundHeapGrowth(): void {
  const chosen = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((flag) =>
    flag.replaceAll('_', '-').startsWith(FLAG),
  );
  // read by V8 at every full collection, so setting it in the running process takes effect at the next one
  if (!chosen) v8.setFlagsFromString(`${FLAG}=${HEAP_GROWING_PERCENT}`);
}

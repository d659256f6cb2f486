/*===- JemallocOptions.c - jemalloc's options for dyn's tools -------------===*
 *
 * Linked into the tools that link jemalloc (add_dyn_tool). jemalloc reads
 * this symbol at start-up; MALLOC_CONF in the environment still overrides
 * it.
 *
 * Freed pages stay with the process instead of decaying back to the system:
 * a compiler run is short, and on a 100,000-function module the purging and
 * the page faults that follow it cost a fifth of the parse-and-print time
 * (bench/README.md). Peak RSS grows by about 7% on that module.
 *
 *===----------------------------------------------------------------------===*/

const char *malloc_conf = "dirty_decay_ms:-1,muzzy_decay_ms:-1";

/**
 * The young generation of a scan thread of the service's and `vigil worker`'s pools, in MB (V8 takes a
 * third of it for each of its two semi-spaces): 24 MB, 8 MB semi-spaces, which such a thread reaches
 * within its first scans. V8 doubles a thread's semi-spaces once the bytes that survived its scavenges
 * since the last doubling exceed their size, so a long-lived thread with room to grow kept growing in
 * steps: with 192 MB (64 MB semi-spaces) the service's resident set rose 17 % over 100 scans of a small
 * repository and 28 % over 400, step by step, towards a bound of 192 MB per thread, a pool's size
 * being the CPU count. The larger size saved the scavenger copying parsed syntax trees on large trees
 * (the ten-repository mix 4.5 s against 5.1 s through the service), but the pool's memory should not
 * depend on how long the service has run (docs/decisions.md).
 */
export const SCAN_THREAD_YOUNG_GENERATION_MB = 24;

/**
 * The same for the threads of one `vigil scan` (lane.ts): 48 MB, V8's own size for a 64-bit heap. Such a
 * thread lives for one scan, so every page its young generation grows into is a page the kernel must
 * hand it for the first time, and it never runs long enough to earn that back. On a machine where that
 * costs about 10 µs a page, 48 MB scanned every repository measured faster than 192 MB (4–9 % on Juice
 * Shop, mongoose, fastify, typescript-eslint and webpack; docs/benchmarks.md, docs/decisions.md).
 */
export const COMMAND_SCAN_THREAD_YOUNG_GENERATION_MB = 48;

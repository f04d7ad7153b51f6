/**
 * The young generation of a scan thread, in MB (V8 takes a third of it for each of its two semi-spaces).
 * A parsed file's syntax tree lives until the file is analysed, so with V8's default (16 MB semi-spaces)
 * the scavenger copied trees again and again: on the ten-repository mix the code scanner spent 624 ms in
 * 219 scavenges on one thread, against 228 ms in 60 with 64 MB semi-spaces, and used 8 % less CPU
 * (docs/decisions.md). V8 grows a thread's young generation towards this only while it allocates that fast.
 * For the long-lived threads of the service's and `vigil worker`'s pools.
 */
export const SCAN_THREAD_YOUNG_GENERATION_MB = 192;

/**
 * The same for the threads of one `vigil scan` (lane.ts): 48 MB, V8's own size for a 64-bit heap. Such a
 * thread lives for one scan, so every page its young generation grows into is a page the kernel must
 * hand it for the first time, and it never runs long enough to earn that back. On a machine where that
 * costs about 10 µs a page, 48 MB scanned every repository measured faster than 192 MB (4–9 % on Juice
 * Shop, mongoose, fastify, typescript-eslint and webpack; docs/benchmarks.md, docs/decisions.md).
 */
export const COMMAND_SCAN_THREAD_YOUNG_GENERATION_MB = 48;

/**
 * The young generation of a scan thread, in MB (V8 takes a third of it for each of its two semi-spaces).
 * A parsed file's syntax tree lives until the file is analysed, so with V8's default (16 MB semi-spaces)
 * the scavenger copied trees again and again: on the ten-repository mix the code scanner spent 624 ms in
 * 219 scavenges on one thread, against 228 ms in 60 with 64 MB semi-spaces, and used 8 % less CPU
 * (docs/decisions.md). V8 grows a thread's young generation towards this only while it allocates that fast.
 */
export const SCAN_THREAD_YOUNG_GENERATION_MB = 192;

// No imports: the `signoff` bin reads this before it decides to start itself again, and every
// module it loads first delays that.

/**
 * Asks glibc to put its large allocations on transparent huge pages (with `madvise`, where the
 * kernel allows it; other systems ignore it). A file read whole and a scan's offsets are tens of
 * megabytes written for the first time, and in 4 KB pages most of that time went into page
 * faults: reading and parsing a 77 MB file took 0.57 s, on huge pages 0.35 s. glibc reads it as
 * the process starts, so the CLI starts itself again with it (bin/signoff.mjs) and the server
 * is started with it (`SERVER_MEMORY_ENV`); a GLIBC_TUNABLES already in the environment wins.
 */
export const LARGE_PAGES_ENV = { GLIBC_TUNABLES: "glibc.malloc.hugetlb=1" };

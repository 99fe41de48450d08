/**
 * The memory lines of a Linux `/proc/<pid>/status` file, converted to bytes (the kernel writes
 * kB = 1024 bytes). A field the kernel did not write (kernel threads have none of them; `RssAnon`
 * and `RssFile` need Linux ≥ 4.5) is `null`.
 *
 * Source: guide §3.1 — peak RSS is `VmHWM` of the driver process at its end.
 */
export interface ProcStatusMemory {
  /** `VmRSS`: resident set size now, bytes. */
  vmRssBytes: number | null;
  /** `VmHWM`: the resident set's high-water mark over the process's life, bytes. */
  vmHwmBytes: number | null;
  /** `RssAnon`: resident anonymous memory (heap, stack, private mappings), bytes. */
  rssAnonBytes: number | null;
  /** `RssFile`: resident file-backed memory (program and library images), bytes. */
  rssFileBytes: number | null;
  /** `VmPeak`: peak virtual size, bytes (address space, not residency). */
  vmPeakBytes: number | null;
}

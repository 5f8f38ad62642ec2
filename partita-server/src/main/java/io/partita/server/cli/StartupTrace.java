package io.partita.server.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * Marks along a server's start, printed to standard error once it listens when the JVM runs with
 * {@code -Dpartita.startup.trace=true}: each mark's milliseconds since the JVM started and since the
 * previous mark, and the process's CPU time so far (user and system, from {@code /proc/self/stat}
 * where there is one). How the start-up budget in docs/distribution.md was measured. Off, a mark
 * costs the read of one static boolean; on, marks only note the time, and the JVM's uptime (which
 * loads the management classes) is asked once, when the marks are printed.
 */
final class StartupTrace {
  private static final boolean ON = Boolean.getBoolean("partita.startup.trace");
  private static final List<Object[]> MARKS = new ArrayList<>();

  private StartupTrace() {}

  static synchronized void mark(String what) {
    if (ON) {
      MARKS.add(new Object[] {what, System.nanoTime(), cpuMillis()});
    }
  }

  /** Prints the marks so far, and forgets them. */
  static synchronized void print() {
    if (!ON || MARKS.isEmpty()) {
      return;
    }
    long now = System.nanoTime();
    long started = now - java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime() * 1_000_000;
    long previous = started;
    for (Object[] m : MARKS) {
      long at = (Long) m[1];
      System.err.printf("partita startup: %5d ms since the JVM started (+%4d), CPU %5d ms: %s%n",
          (at - started) / 1_000_000, (at - previous) / 1_000_000, (Long) m[2], m[0]);
      previous = at;
    }
    MARKS.clear();
  }

  /** The process's user and system CPU time in milliseconds, or -1 where /proc does not tell. */
  private static long cpuMillis() {
    try {
      String stat = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10; // utime, stime in clock ticks of 10 ms
    } catch (Exception e) {
      return -1;
    }
  }
}

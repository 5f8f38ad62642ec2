package io.partita.server.cli;

import io.partita.engine.TransferProgress;
import java.io.PrintWriter;

/**
 * The progress of {@code partita export}, {@code import} and {@code seed} on standard error: on a
 * terminal one line redrawn in place ({@code [#####.....]  50% import Music}); elsewhere (a pipe, a
 * log file, CI) a plain line at each tenth of the way, or every 10,000 units when the end is not
 * known, so a log is not flooded.
 */
final class ProgressBar implements TransferProgress {
  private static final int WIDTH = 30;
  private final PrintWriter err;
  private final boolean terminal;
  private long lastStep = -1;
  private boolean drawn;

  ProgressBar(PrintWriter err, boolean terminal) {
    this.err = err;
    this.terminal = terminal;
  }

  /** A bar for the standard error of this process: redrawn when it is a terminal. */
  static ProgressBar onStderr(PrintWriter err) {
    return new ProgressBar(err, System.console() != null);
  }

  @Override
  public synchronized void update(String what, long done, long total) {
    boolean known = total > 0;
    int percent = known ? (int) Math.min(100, done * 100 / total) : -1;
    if (terminal) {
      int filled = known ? percent * WIDTH / 100 : 0;
      err.print("\r[" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] "
          + (known ? String.format("%3d%%", percent) : done + "") + " " + what);
      err.flush();
      drawn = true;
      return;
    }
    long step = known ? percent / 10 : done / 10_000;
    if (step != lastStep) {
      lastStep = step;
      err.println(what + ": " + (known ? percent + "% (" + done + " of " + total + ")" : done + ""));
      err.flush();
    }
  }

  /** Ends the redrawn line, so what follows starts on its own. */
  synchronized void finish() {
    if (drawn) {
      err.println();
      err.flush();
      drawn = false;
    }
  }

  /**
   * {@code describe}'s answer once {@code working} no longer holds of it: asked again, a little later
   * each time (at most a second apart), while the bar says {@code what} is being waited for. The
   * embedded engine answers a finished export or import at once; a server may still be at work.
   */
  <T> T awaitDone(String what, java.util.function.Supplier<T> describe, java.util.function.Predicate<T> working)
      throws InterruptedException {
    T answer = describe.get();
    for (long waited = 0; working.test(answer); waited++) {
      update(what + " (waiting for the server)", waited, -1);
      Thread.sleep(Math.min(1000, 50 + 50 * waited));
      answer = describe.get();
    }
    finish();
    return answer;
  }
}

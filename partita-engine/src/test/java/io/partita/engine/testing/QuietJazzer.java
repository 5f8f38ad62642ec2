package io.partita.engine.testing;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Keeps a fuzz test's regression run quiet in the build's output: Jazzer writes {@code INFO: Creating
 * merged dictionary from 1 sources} to standard error for every input it replays (some 470 lines a
 * build), which buried what a failure printed. Only lines of that exact form are dropped; everything
 * else, a finding's report included, passes through. {@code @ExtendWith(QuietJazzer.class)} on the class.
 */
public final class QuietJazzer implements BeforeAllCallback, AfterAllCallback {
  private static final String DROPPED = "INFO: Creating merged dictionary from ";

  private PrintStream original;

  @Override
  public void beforeAll(ExtensionContext context) {
    original = System.err;
    System.setErr(new PrintStream(new LineFilter(original), true, StandardCharsets.UTF_8));
  }

  @Override
  public void afterAll(ExtensionContext context) {
    PrintStream quiet = System.err;
    System.setErr(original);
    quiet.close(); // what is left of a line not ended goes out; the original stream stays open
  }

  /** Passes whole lines to {@code out}, but for Jazzer's dictionary line. */
  private static final class LineFilter extends OutputStream {
    private final PrintStream out;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    LineFilter(PrintStream out) {
      this.out = out;
    }

    @Override
    public synchronized void write(int b) {
      line.write(b);
      if (b == '\n') {
        String text = line.toString(StandardCharsets.UTF_8);
        if (!(text.startsWith(DROPPED) && text.strip().endsWith(" sources"))) {
          out.print(text);
        }
        line.reset();
      }
    }

    @Override
    public synchronized void flush() {
      // a line not yet ended stays until it is, so a dropped line is never cut in two; the rest goes now
      out.flush();
    }

    @Override
    public synchronized void close() {
      out.print(line.toString(StandardCharsets.UTF_8));
      line.reset();
      out.flush();
    }
  }
}

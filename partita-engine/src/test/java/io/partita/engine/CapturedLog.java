package io.partita.engine;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Keeps what the engine logs during each test instead of printing it, for tests whose faults the
 * engine is meant to log: a passing run stays quiet, and the test can say what was logged. Register
 * it with {@code @RegisterExtension}; {@link #messages()} lists the test's records so far.
 */
public final class CapturedLog implements BeforeEachCallback, AfterEachCallback {
  /** Held here: java.util.logging keeps its loggers only weakly, and a new one would forget the settings. */
  private final Logger engine = Logger.getLogger("io.partita.engine");
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Handler keeper = new Handler() {
    @Override
    public void publish(LogRecord record) {
      records.add(record);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };
  private boolean parents;

  @Override
  public void beforeEach(ExtensionContext context) {
    records.clear();
    parents = engine.getUseParentHandlers();
    engine.setUseParentHandlers(false);
    engine.addHandler(keeper);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    engine.removeHandler(keeper);
    engine.setUseParentHandlers(parents);
  }

  /** The test's records so far, each as its level and message: {@code WARNING Partita: writes to ...}. */
  public List<String> messages() {
    return records.stream().map(r -> r.getLevel() + " " + r.getMessage()).toList();
  }
}

package io.partita.model.slf4j;

import java.util.Locale;
import java.util.Objects;

import io.partita.model.ModelListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Logs every request of a {@link io.partita.model.ModelClient} through SLF4J, one line after each:
 * {@code Query Blog [Get all posts by user] 2.4 ms, 0.5 capacity units}. Successful requests and refused conditions
 * (an expected answer: a create that finds the key taken, a version conflict) log at DEBUG; other failures at WARN,
 * with the error's class and message. SLF4J is an optional dependency of partita-model: add {@code slf4j-api} (and
 * a binding) to use this class.
 *
 * <pre>{@code
 * ModelClient db = ModelClient.builder(model, dynamo).listener(new Slf4jRequestLogger()).build();
 * }</pre>
 */
public final class Slf4jRequestLogger implements ModelListener {
  /** The logger name used by {@link #Slf4jRequestLogger()}. */
  public static final String LOGGER_NAME = "io.partita.model.requests";

  private final Logger logger;

  public Slf4jRequestLogger() {
    this(LoggerFactory.getLogger(LOGGER_NAME));
  }

  public Slf4jRequestLogger(Logger logger) {
    this.logger = Objects.requireNonNull(logger, "logger");
  }

  @Override
  public void after(Request request, Response response) {
    RuntimeException error = response.error().orElse(null);
    boolean expected = error == null || error instanceof ConditionalCheckFailedException
        || error instanceof TransactionCanceledException;
    if (expected ? !logger.isDebugEnabled() : !logger.isWarnEnabled()) {
      return;
    }
    String line = line(request, response);
    if (expected) {
      logger.debug(line);
    } else {
      logger.warn(line);
    }
  }

  /** The line logged for a request: operation, table, [access pattern], latency, capacity or error. */
  public static String line(Request request, Response response) {
    StringBuilder out = new StringBuilder(96).append(request.operation()).append(' ').append(request.table());
    request.accessPattern().ifPresent(p -> out.append(" [").append(p).append(']'));
    out.append(' ').append(String.format(Locale.ROOT, "%.1f ms", response.latency().toNanos() / 1e6));
    response.consumedCapacity().ifPresent(c -> out.append(", ").append(c).append(" capacity units"));
    response.error().ifPresent(e -> out.append(", failed: ").append(e.getClass().getSimpleName()).append(": ")
        .append(e.getMessage()));
    return out.toString();
  }
}

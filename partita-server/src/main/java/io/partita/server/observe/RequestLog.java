package io.partita.server.observe;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The request log: one line per DynamoDB request, at INFO through the SLF4J logger {@value #LOGGER}.
 * The server logs through the SLF4J API only: where the lines go is the logging configuration's
 * choice (the partita command's writes them alone to standard output; an application's own
 * binding and configuration decide for a server it starts).
 * Plain lines are {@code key=value} pairs; JSON lines are one object each (docs/SERVER.md lists the
 * fields of both).
 */
public final class RequestLog {
  /** The logger the lines go to; a logging configuration can route it elsewhere. */
  public static final String LOGGER = "partita.requests";

  /** How the lines are written. */
  public enum Format {
    PLAIN,
    JSON;

    /**
     * The format a command line names ({@code plain} or {@code json}, in any case); an unknown name
     * is refused saying which are known.
     */
    public static Format named(String name) {
      return switch (name.toLowerCase(Locale.ROOT)) {
        case "plain" -> PLAIN;
        case "json" -> JSON;
        default -> throw new IllegalArgumentException("takes plain or json, not '" + name + "'");
      };
    }
  }

  private static final JsonFactory JSON = new JsonFactory();

  private final Format format;
  private final Logger log = LoggerFactory.getLogger(LOGGER);

  /**
   * A request log writing {@code format} lines. A log asked for that the logging configuration
   * would drop (the logger not enabled at INFO) is said once, as a warning on this class's logger,
   * rather than left silent: the server cannot change levels through the SLF4J API.
   */
  public RequestLog(Format format) {
    this.format = java.util.Objects.requireNonNull(format);
    if (!log.isInfoEnabled()) {
      LoggerFactory.getLogger(RequestLog.class).warn("the request log is on but the logger {} is not enabled at INFO"
          + " in this logging configuration, so no line will be written; enable it to see them", LOGGER);
    }
  }

  public Format format() {
    return format;
  }

  /** Writes {@code o}'s line. */
  public void record(Observation o) {
    if (log.isInfoEnabled()) {
      log.info(line(o, Instant.now()));
    }
  }

  /** The line for {@code o}, answered at {@code time}. */
  public String line(Observation o, Instant time) {
    String table = o.table();
    String index = o.index();
    long items = o.items();
    double capacity = o.capacityUnits();
    double latencyMs = o.latencyNanos() / 1e6;
    if (format == Format.PLAIN) {
      StringBuilder b = new StringBuilder(160);
      b.append(time).append(' ').append(o.requestId()).append(' ').append(o.operation())
          .append(" status=").append(o.status())
          .append(" error=").append(o.errorType() == null ? "-" : o.errorType())
          .append(" table=").append(table.isEmpty() ? "-" : table)
          .append(" index=").append(index == null ? "-" : index)
          .append(" latency_ms=").append(String.format(Locale.ROOT, "%.3f", latencyMs))
          .append(" capacity=").append(Double.isNaN(capacity) ? "-" : format(capacity))
          .append(" items=").append(items < 0 ? "-" : Long.toString(items));
      if (o.namespace() != null) {
        b.append(" namespace=").append(o.namespace());
      }
      return b.toString();
    }
    StringWriter w = new StringWriter(200);
    try (JsonGenerator g = JSON.createGenerator(w)) {
      g.writeStartObject();
      g.writeStringField("time", time.toString());
      g.writeStringField("requestId", o.requestId());
      g.writeStringField("operation", o.operation());
      if (o.namespace() != null) {
        g.writeStringField("namespace", o.namespace());
      }
      g.writeNumberField("status", o.status());
      if (o.errorType() != null) {
        g.writeStringField("errorType", o.errorType());
      }
      if (!table.isEmpty()) {
        g.writeArrayFieldStart("tables");
        for (String t : o.tables()) {
          g.writeString(t);
        }
        g.writeEndArray();
      }
      if (index != null) {
        g.writeStringField("index", index);
      }
      g.writeNumberField("latencyMs", Math.round(latencyMs * 1000) / 1000.0);
      if (!Double.isNaN(capacity)) {
        g.writeNumberField("consumedCapacity", capacity);
      }
      if (items >= 0) {
        g.writeNumberField("itemCount", items);
      }
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w.toString();
  }

  private static String format(double units) {
    return units == Math.rint(units) ? Long.toString((long) units) : Double.toString(units);
  }
}

package io.partita.embedded;

import io.partita.engine.ErrorCode;

/**
 * The HTTP status Amazon DynamoDB answers each of the engine's error codes with: what Partita's
 * server sends, and what the embedded client's exceptions report as {@code statusCode()}, so a
 * test sees the same status whichever way it reaches the engine. The engine itself knows nothing of
 * HTTP; this is the one place the statuses are written down.
 *
 * <p>DynamoDB answers its client errors (validation, conditions, throttling, missing tables, ...)
 * with 400, an internal failure with 500 and "currently unavailable" with 503 (Developer Guide,
 * "Error handling with DynamoDB": the 400 and 5xx error classes).
 */
public final class HttpStatuses {
  private HttpStatuses() {}

  /** The status of an answer refusing a request with {@code code}. */
  public static int of(ErrorCode code) {
    return switch (code) {
      case InternalServerError -> 500;
      case ServiceUnavailable -> 503;
      default -> 400;
    };
  }
}

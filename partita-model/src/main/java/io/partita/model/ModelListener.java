package io.partita.model;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;

/**
 * Observes every request a {@link ModelClient} sends: {@link #before} it goes out and {@link #after} it answered or
 * failed, with the operation, the table, the access pattern when the request serves one, the capacity DynamoDB
 * reports and the latency. Registered with {@link ModelClient.Builder#listener}; the SLF4J request logger
 * ({@code io.partita.model.slf4j.Slf4jRequestLogger}) and the Micrometer binder
 * ({@code io.partita.model.micrometer.MicrometerRequestMetrics}) are built on it.
 *
 * <pre>{@code
 * ModelClient db = ModelClient.builder(model, dynamo)
 *     .listener(new ModelListener() {
 *       public void after(Request request, Response response) {
 *         if (response.latency().toMillis() > 50) slow.add(request.operation() + " " + request.accessPattern());
 *       }
 *     })
 *     .build();
 * }</pre>
 *
 * <p>Listeners run in registration order (after: in reverse) and must be thread-safe: on a {@link ModelClient}, on
 * the calling thread, and an exception a listener throws reaches the caller; on an {@link AsyncModelClient},
 * {@code before} on the thread that sends and {@code after} on the thread that completes the request, and an
 * exception fails the request's future. With at least one listener, requests ask DynamoDB for their
 * consumed capacity ({@code ReturnConsumedCapacity = TOTAL}, free) unless they already asked for more.
 */
public interface ModelListener {

  /** Called before the request is sent. */
  default void before(Request request) {}

  /** Called after the request answered ({@link Response#error()} empty) or failed. */
  default void after(Request request, Response response) {}

  /**
   * One request.
   *
   * @param operation DynamoDB's operation name: {@code GetItem}, {@code Query}, {@code Scan}, {@code PutItem},
   *     {@code UpdateItem}, {@code DeleteItem}, {@code BatchGetItem}, {@code BatchWriteItem},
   *     {@code TransactGetItems}, {@code TransactWriteItems}, {@code CreateTable}
   * @param table the model's table
   * @param accessPattern the access pattern's name, for the GetItem or Query that serves one
   * @param sdkRequest the request as sent
   */
  record Request(String operation, String table, Optional<String> accessPattern, DynamoDbRequest sdkRequest) {
    public Request {
      Objects.requireNonNull(operation, "operation");
      Objects.requireNonNull(accessPattern, "accessPattern");
    }
  }

  /**
   * How a request ended.
   *
   * @param latency from just before sending to the answer or failure (the SDK's retries included)
   * @param consumedCapacity the capacity units DynamoDB reported, summed over tables and indexes; empty when it
   *     reported none (a failure, a store that does not report it)
   * @param error the failure, as thrown to the library (an SDK exception, before the library turns it into a typed
   *     one)
   */
  record Response(Duration latency, OptionalDouble consumedCapacity, Optional<RuntimeException> error) {
    public Response {
      Objects.requireNonNull(latency, "latency");
      Objects.requireNonNull(consumedCapacity, "consumedCapacity");
      Objects.requireNonNull(error, "error");
    }

    public boolean failed() {
      return error.isPresent();
    }
  }
}

package io.partita.model.stream;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

import io.partita.model.ModelException;
import io.partita.model.StreamEvent;
import io.partita.model.StreamEvents;
import io.partita.model.internal.JsonText;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * A handler of typed stream events, run where the records come from: Partita's in-process listener (it is the
 * {@code Consumer<List<Record>>} {@code StreamListener.subscribe} takes) or a Lambda function (its event as a map or
 * JSON, answered with Lambda's partial batch response).
 *
 * <pre>{@code
 * StreamProcessor<ShopItem> counts = StreamProcessor.of(StreamEvents.of(model, ShopItem.class), event -> {
 *   if (event instanceof StreamEvent.Expired<ShopItem> e && e.item() instanceof Cart c) archive(c);
 * });
 * StreamListener.subscribe(partita, "Shop", counts);                       // tests: in process
 *
 * public class Trigger implements RequestHandler<Map<String, Object>, Map<String, Object>> {   // Lambda
 *   public Map<String, Object> handleRequest(Map<String, Object> event, Context context) {
 *     return counts.lambda(event);
 *   }
 * }
 * }</pre>
 *
 * <p>Records are handled one by one, in order. The first one whose decoding or handler fails ends the batch: the
 * records after it are not handled, since they will come again. In process, the failure is thrown (the listener
 * then delivers the batch again: records before the failed one are handled twice, so handlers should be idempotent,
 * as with any stream). For Lambda, {@link #lambda} returns {@code {"batchItemFailures": [{"itemIdentifier":
 * "<SequenceNumber>"}]}} naming the failed record: with {@code ReportBatchItemFailures} enabled on the event source
 * mapping, Lambda retries from that record, not the whole batch (AWS Lambda Developer Guide, "Configuring partial
 * batch response with DynamoDB and Lambda"); an empty list means the batch succeeded. Thread-safe when the handler
 * is.
 */
public final class StreamProcessor<T> implements Consumer<List<Record>> {
  /** What to do with one event; may throw to fail it (and the rest of its batch). */
  @FunctionalInterface
  public interface Handler<T> {
    void handle(StreamEvent<T> event) throws Exception;
  }

  private final StreamEvents<T> events;
  private final Handler<T> handler;

  private StreamProcessor(StreamEvents<T> events, Handler<T> handler) {
    this.events = Objects.requireNonNull(events, "events");
    this.handler = Objects.requireNonNull(handler, "handler");
  }

  public static <T> StreamProcessor<T> of(StreamEvents<T> events, Handler<T> handler) {
    return new StreamProcessor<>(events, handler);
  }

  /**
   * Handles a batch in process; the first failure is thrown (a checked one wrapped in a {@link ModelException}
   * naming the record).
   */
  @Override
  public void accept(List<Record> batch) {
    for (Record r : batch) {
      Exception failure = handle(r);
      if (failure instanceof RuntimeException e) {
        throw e;
      }
      if (failure != null) {
        throw new ModelException("Stream record " + r.eventID() + ": the handler failed: " + failure, null, null,
            failure);
      }
    }
  }

  /** Handles a Lambda event (the Java runtime's map) and returns the partial batch response. */
  public Map<String, Object> lambda(Map<String, ?> event) {
    List<Map<String, Object>> failures = new ArrayList<>();
    for (Record r : LambdaStreamEvent.records(event)) {
      if (handle(r) != null) {
        Map<String, Object> failed = new LinkedHashMap<>();
        failed.put("itemIdentifier", r.dynamodb().sequenceNumber());
        failures.add(failed);
        break; // Lambda retries from here: handling the records after it now would handle them twice
      }
    }
    Map<String, Object> response = new LinkedHashMap<>();
    response.put("batchItemFailures", failures);
    return response;
  }

  /** {@link #lambda(Map)} for an event as JSON text (a {@code RequestStreamHandler}); the response as JSON. */
  public String lambdaJson(String event) {
    return JsonText.write(lambda(JsonText.parse(event)));
  }

  private Exception handle(Record r) {
    try {
      handler.handle(events.decode(r));
      return null;
    } catch (Exception e) {
      return e;
    }
  }
}

package io.partita.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.partita.model.internal.EntityModel;
import io.partita.model.internal.Recognition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.OperationType;

/**
 * Decodes DynamoDB stream records into {@link StreamEvent}s of a model's entities: the event (INSERT, MODIFY,
 * REMOVE) and its images as entity records, each image resolved by the item's type attribute and decoded as a read
 * of the model decodes it. Takes the AWS SDK's {@code Record}s, so it serves records from any source: Amazon
 * DynamoDB Streams, a Lambda handler's records converted to the SDK type, Partita ({@code
 * io.partita.embedded.StreamListener} in tests). Immutable and thread-safe.
 *
 * <pre>{@code
 * StreamEvents<Object> events = StreamEvents.of(model);
 * StreamListener.subscribe(partita, "Shop", batch -> {
 *   for (Record r : batch) {
 *     StreamEvent<Object> e = events.decode(r);
 *     if (e.after() instanceof Order o) { ... }
 *   }
 * });
 * }</pre>
 *
 * <p>The stream must carry the images: view type {@code NEW_AND_OLD_IMAGES}. A record without the image its event
 * needs (an INSERT's new image, a REMOVE's old one, a MODIFY's both: a {@code KEYS_ONLY}, {@code NEW_IMAGE} or
 * {@code OLD_IMAGE} stream) is refused with a {@link ModelException} rather than decoded into half an event.
 */
public final class StreamEvents<T> {
  private final Class<T> type;
  private final Recognition recognition;
  private final Map<String, EntityModel<?>> byTypeName = new HashMap<>();

  private StreamEvents(Model model, Class<T> type) {
    this(type, model.recognition(), model.entityModels());
  }

  private StreamEvents(Class<T> type, Recognition recognition, Iterable<EntityModel<?>> entities) {
    this.type = type;
    this.recognition = recognition;
    for (EntityModel<?> e : entities) {
      if (type.isAssignableFrom(e.type())) {
        byTypeName.put(e.name(), e);
      }
    }
  }

  /**
   * This decoder, but an image the model did not write (no type attribute, or a type naming no entity of the model)
   * is reported as {@link StreamEvent.Unrecognized} rather than refused: for a stream of a table shared with other
   * writers. An image that names an entity and does not decode as it is refused either way.
   */
  public StreamEvents<T> skippingForeignItems() {
    return new StreamEvents<>(type, recognition.skippingForeign(true), byTypeName.values());
  }

  /** A decoder for every entity of {@code model}. */
  public static StreamEvents<Object> of(Model model) {
    return new StreamEvents<>(Objects.requireNonNull(model, "model"), Object.class);
  }

  /**
   * A decoder for the entities of {@code model} whose records are a {@code type}: typically a sealed interface, for
   * an exhaustive {@code switch}. Items of the model's other entities are {@link StreamEvent.Unrecognized}.
   *
   * @throws ValidationException when no entity of the model is a {@code type}
   */
  public static <T> StreamEvents<T> of(Model model, Class<T> type) {
    StreamEvents<T> events = new StreamEvents<>(Objects.requireNonNull(model, "model"),
        Objects.requireNonNull(type, "type"));
    if (events.byTypeName.isEmpty()) {
      throw new ValidationException("No entity of this model is a " + type.getName(), null, null);
    }
    return events;
  }

  /**
   * The event {@code record} tells.
   *
   * @throws ModelException when the record lacks an image its event needs (the stream's view type is not
   *     NEW_AND_OLD_IMAGES), or has an event name other than INSERT, MODIFY and REMOVE
   * @throws UnrecognizedItemException when an image has no type attribute or a type naming no entity of the model
   *     (unless {@link #skippingForeignItems()}), or names an entity and does not decode as it
   */
  public StreamEvent<T> decode(software.amazon.awssdk.services.dynamodb.model.Record record) {
    Objects.requireNonNull(record, "record");
    OperationType event = record.eventName();
    if (event == null || event == OperationType.UNKNOWN_TO_SDK_VERSION) {
      throw new ModelException("Stream record " + record.eventID() + " has event name " + record.eventNameAsString()
          + ", not INSERT, MODIFY or REMOVE");
    }
    var data = record.dynamodb();
    boolean hasOld = data != null && data.hasOldImage();
    boolean hasNew = data != null && data.hasNewImage();
    boolean needsOld = event != OperationType.INSERT;
    boolean needsNew = event != OperationType.REMOVE;
    if ((needsOld && !hasOld) || (needsNew && !hasNew)) {
      throw new ModelException("Stream record " + record.eventID() + " (" + event + ") has no "
          + (needsOld && !hasOld ? "OldImage" : "NewImage") + ": decoding into entities needs a stream of view type "
          + "NEW_AND_OLD_IMAGES, and this one is " + (data == null ? "unknown" : data.streamViewTypeAsString()));
    }
    EntityModel<?> before = needsOld ? entityOf(data.oldImage()) : null;
    EntityModel<?> after = needsNew ? entityOf(data.newImage()) : null;
    if ((needsOld && before == null) || (needsNew && after == null)) {
      return new StreamEvent.Unrecognized<>(record);
    }
    switch (event) {
      case INSERT:
        return new StreamEvent.Inserted<>(decode(after, data.newImage()));
      case MODIFY:
        return new StreamEvent.Modified<>(decode(before, data.oldImage()), decode(after, data.newImage()));
      default:
        return byTimeToLive(record) ? new StreamEvent.Expired<>(decode(before, data.oldImage()))
            : new StreamEvent.Removed<>(decode(before, data.oldImage()));
    }
  }

  /** The events of {@code records}, in their order: a batch as a handler receives it. */
  public List<StreamEvent<T>> decode(List<software.amazon.awssdk.services.dynamodb.model.Record> records) {
    List<StreamEvent<T>> out = new ArrayList<>(records.size());
    for (software.amazon.awssdk.services.dynamodb.model.Record r : records) {
      out.add(decode(r));
    }
    return out;
  }

  /**
   * Whether a REMOVE was Time to Live's: DynamoDB marks those with {@code userIdentity} type {@code Service} and
   * principal {@code dynamodb.amazonaws.com} (DynamoDB Streams API reference, Record.userIdentity).
   */
  static boolean byTimeToLive(software.amazon.awssdk.services.dynamodb.model.Record record) {
    var who = record.userIdentity();
    return who != null && "Service".equals(who.type()) && "dynamodb.amazonaws.com".equals(who.principalId());
  }

  /** The entity of {@code image} when it is a {@code T}; null for another entity's or a skipped foreign item. */
  private EntityModel<?> entityOf(Map<String, AttributeValue> image) {
    EntityModel<?> e = recognition.entityOf(image);
    return e == null ? null : byTypeName.get(e.name());
  }

  private T decode(EntityModel<?> entity, Map<String, AttributeValue> image) {
    return type.cast(recognition.decodeAs(entity, image, false)); // the same decoding as every read of the model
  }
}

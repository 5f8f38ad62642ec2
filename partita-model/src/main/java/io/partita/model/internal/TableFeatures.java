package io.partita.model.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.partita.model.ModelException;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.Tag;

/**
 * What a table has besides keys, indexes and billing: its time-to-live attribute, its stream, point-in-time recovery
 * and tags. CreateTable carries the stream and the tags; time to live and point-in-time recovery need their own
 * requests once the table is ACTIVE (UpdateTimeToLive, UpdateContinuousBackups). The exports write each where their
 * format has a place for it. Immutable.
 *
 * @param ttl the time-to-live attribute, or null
 * @param stream the stream's view type, or null for no stream
 * @param tags in declaration order
 */
public record TableFeatures(String ttl, StreamViewType stream, boolean pointInTimeRecovery, Map<String, String> tags) {
  /** DynamoDB's limit of tags per resource. */
  static final int MAX_TAGS = 50;

  public static final TableFeatures NONE = new TableFeatures(null, null, false, Map.of());

  public TableFeatures {
    tags = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tags));
  }

  public TableFeatures withTtl(String attribute) {
    return new TableFeatures(attribute, stream, pointInTimeRecovery, tags);
  }

  /** A stream of {@code viewType}; refused when it is not one DynamoDB knows. */
  public TableFeatures withStream(StreamViewType viewType) {
    if (viewType == null || viewType == StreamViewType.UNKNOWN_TO_SDK_VERSION) {
      throw new ModelException("A stream needs a view type: NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES or KEYS_ONLY,"
          + " not " + viewType);
    }
    return new TableFeatures(ttl, viewType, pointInTimeRecovery, tags);
  }

  public TableFeatures withPointInTimeRecovery() {
    return new TableFeatures(ttl, stream, true, tags);
  }

  /**
   * One more tag, checked against DynamoDB's rules (Tagging in the DynamoDB developer guide): a key of 1 to 128
   * characters not starting with {@code aws:}, a value of at most 256, at most 50 tags; a key given twice is refused
   * rather than silently replaced.
   */
  public TableFeatures withTag(String key, String value) {
    Objects.requireNonNull(value, "value");
    if (key == null || key.isEmpty() || key.length() > 128) {
      throw new ModelException("Tag key '" + key + "': DynamoDB takes 1 to 128 characters");
    }
    if (key.startsWith("aws:")) {
      throw new ModelException("Tag key '" + key + "': the aws: prefix is reserved for AWS's own tags");
    }
    if (value.length() > 256) {
      throw new ModelException("Tag " + key + ": the value has " + value.length() + " characters; DynamoDB takes at"
          + " most 256");
    }
    if (tags.containsKey(key)) {
      throw new ModelException("Tag " + key + " is declared twice ('" + tags.get(key) + "', '" + value + "')");
    }
    if (tags.size() == MAX_TAGS) {
      throw new ModelException("Tag " + key + ": a table takes at most " + MAX_TAGS + " tags");
    }
    Map<String, String> copy = new LinkedHashMap<>(tags);
    copy.put(key, value);
    return new TableFeatures(ttl, stream, pointInTimeRecovery, copy);
  }

  /** Adds the stream and the tags to a CreateTable request. */
  public void onCreate(CreateTableRequest.Builder b) {
    if (stream != null) {
      b.streamSpecification(StreamSpecification.builder().streamEnabled(true).streamViewType(stream).build());
    }
    if (!tags.isEmpty()) {
      List<Tag> list = new ArrayList<>();
      tags.forEach((k, v) -> list.add(Tag.builder().key(k).value(v).build()));
      b.tags(list);
    }
  }

  /** The CloudFormation properties: StreamSpecification, PointInTimeRecoverySpecification, Tags, TTL. */
  void cloudFormation(Map<String, Object> props) {
    if (ttl != null) {
      props.put("TimeToLiveSpecification", map("AttributeName", ttl, "Enabled", Boolean.TRUE));
    }
    if (stream != null) {
      props.put("StreamSpecification", map("StreamViewType", stream.toString()));
    }
    if (pointInTimeRecovery) {
      props.put("PointInTimeRecoverySpecification", map("PointInTimeRecoveryEnabled", Boolean.TRUE));
    }
    if (!tags.isEmpty()) {
      List<Object> list = new ArrayList<>();
      tags.forEach((k, v) -> list.add(map("Key", k, "Value", v)));
      props.put("Tags", list);
    }
  }

  /** The Terraform arguments of aws_dynamodb_table: ttl, stream_enabled/stream_view_type, point_in_time_recovery, tags. */
  void terraform(StringBuilder out, java.util.function.UnaryOperator<String> hcl) {
    if (ttl != null) {
      out.append("\n  ttl {\n    attribute_name = ").append(hcl.apply(ttl)).append("\n    enabled        = true\n  }\n");
    }
    if (stream != null) {
      out.append("\n  stream_enabled   = true\n  stream_view_type = ").append(hcl.apply(stream.toString())).append('\n');
    }
    if (pointInTimeRecovery) {
      out.append("\n  point_in_time_recovery {\n    enabled = true\n  }\n");
    }
    if (!tags.isEmpty()) {
      out.append("\n  tags = {\n");
      tags.forEach((k, v) -> out.append("    ").append(hcl.apply(k)).append(" = ").append(hcl.apply(v)).append('\n'));
      out.append("  }\n");
    }
  }

  /**
   * A follow-up request after CreateTable failed: the table exists without {@code what}. Said so, rather than left
   * for the caller to find out when items do not expire or a restore is not possible.
   */
  public static ModelException followUpFailed(String table, String what, Throwable cause) {
    Throwable c = Futures.unwrap(cause);
    return new ModelException("Table " + table + " was created, but " + what + " failed: " + c.getMessage()
        + "; the table is there without it (enable it by hand, or delete the table and create it again)", null, null,
        c);
  }

  private static Map<String, Object> map(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }
}

package io.partita.server.tables;

import io.partita.engine.Partita;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeContinuousBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.ListTagsOfResourceRequest;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryStatus;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.Tag;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * What differs between a table that is already there and its definition in a file, in words, one entry per
 * difference: keys, attribute types, billing and capacity, each index's keys, projection and capacity, the stream,
 * time to live, point-in-time recovery, tags, table class and deletion protection. Empty when the file describes
 * the table as it is.
 */
public final class TableComparison {
  private TableComparison() {}

  public static List<String> differences(Partita db, TableDescription is, TableDefinition file) {
    CreateTableRequest wants = file.create();
    List<String> out = new ArrayList<>();
    same(out, "key schema", keys(is.keySchema()), keys(wants.keySchema()));
    same(out, "attribute types", types(is.attributeDefinitions()), types(wants.attributeDefinitions()));
    String billing = is.billingModeSummary() == null || is.billingModeSummary().billingMode() == null
        ? BillingMode.PROVISIONED.toString() : is.billingModeSummary().billingModeAsString();
    String wantedBilling = wants.billingModeAsString() == null ? BillingMode.PROVISIONED.toString()
        : wants.billingModeAsString();
    same(out, "billing mode", billing, wantedBilling);
    if (billing.equals(wantedBilling) && wantedBilling.equals(BillingMode.PROVISIONED.toString())
        && wants.provisionedThroughput() != null && is.provisionedThroughput() != null) {
      same(out, "provisioned throughput", units(is.provisionedThroughput().readCapacityUnits(),
          is.provisionedThroughput().writeCapacityUnits()), units(wants.provisionedThroughput().readCapacityUnits(),
          wants.provisionedThroughput().writeCapacityUnits()));
    }
    Map<String, String> gsis = new TreeMap<>();
    for (GlobalSecondaryIndexDescription g : is.globalSecondaryIndexes()) {
      gsis.put(g.indexName(), keys(g.keySchema()) + " " + projection(g.projection())
          + (wantedBilling.equals("PROVISIONED") && g.provisionedThroughput() != null
              ? " " + units(g.provisionedThroughput().readCapacityUnits(), g.provisionedThroughput().writeCapacityUnits())
              : ""));
    }
    Map<String, String> wantedGsis = new TreeMap<>();
    for (GlobalSecondaryIndex g : wants.globalSecondaryIndexes()) {
      wantedGsis.put(g.indexName(), keys(g.keySchema()) + " " + projection(g.projection())
          + (wantedBilling.equals("PROVISIONED") && g.provisionedThroughput() != null
              ? " " + units(g.provisionedThroughput().readCapacityUnits(), g.provisionedThroughput().writeCapacityUnits())
              : ""));
    }
    indexes(out, "global secondary index", gsis, wantedGsis);
    Map<String, String> lsis = new TreeMap<>();
    for (LocalSecondaryIndexDescription l : is.localSecondaryIndexes()) {
      lsis.put(l.indexName(), keys(l.keySchema()) + " " + projection(l.projection()));
    }
    Map<String, String> wantedLsis = new TreeMap<>();
    for (LocalSecondaryIndex l : wants.localSecondaryIndexes()) {
      wantedLsis.put(l.indexName(), keys(l.keySchema()) + " " + projection(l.projection()));
    }
    indexes(out, "local secondary index", lsis, wantedLsis);
    String stream = is.streamSpecification() != null && Boolean.TRUE.equals(is.streamSpecification().streamEnabled())
        ? is.streamSpecification().streamViewTypeAsString() : "none";
    String wantedStream = wants.streamSpecification() != null ? wants.streamSpecification().streamViewTypeAsString()
        : "none";
    same(out, "stream", stream, wantedStream);
    var ttl = db.<software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse>execute(DescribeTimeToLiveRequest.builder().tableName(is.tableName()).build())
        .timeToLiveDescription();
    String ttlIs = ttl != null && ttl.timeToLiveStatus() == TimeToLiveStatus.ENABLED ? ttl.attributeName() : "off";
    same(out, "time to live", ttlIs, file.timeToLiveAttribute() == null ? "off" : file.timeToLiveAttribute());
    var backups = db.<software.amazon.awssdk.services.dynamodb.model.DescribeContinuousBackupsResponse>execute(DescribeContinuousBackupsRequest.builder().tableName(is.tableName()).build())
        .continuousBackupsDescription();
    boolean pitr = backups != null && backups.pointInTimeRecoveryDescription() != null
        && backups.pointInTimeRecoveryDescription().pointInTimeRecoveryStatus() == PointInTimeRecoveryStatus.ENABLED;
    same(out, "point-in-time recovery", pitr ? "on" : "off", file.pointInTimeRecovery() ? "on" : "off");
    Map<String, String> tags = new TreeMap<>();
    db.<software.amazon.awssdk.services.dynamodb.model.ListTagsOfResourceResponse>execute(ListTagsOfResourceRequest.builder().resourceArn(is.tableArn()).build()).tags()
        .forEach(t -> tags.put(t.key(), t.value()));
    Map<String, String> wantedTags = new TreeMap<>();
    for (Tag t : wants.tags()) {
      wantedTags.put(t.key(), t.value());
    }
    same(out, "tags", tags.toString(), wantedTags.toString());
    String tableClass = is.tableClassSummary() == null || is.tableClassSummary().tableClass() == null ? "STANDARD"
        : is.tableClassSummary().tableClassAsString();
    same(out, "table class", tableClass, wants.tableClass() == null ? "STANDARD" : wants.tableClassAsString());
    same(out, "deletion protection", Boolean.TRUE.equals(is.deletionProtectionEnabled()) ? "on" : "off",
        Boolean.TRUE.equals(wants.deletionProtectionEnabled()) ? "on" : "off");
    return out;
  }

  private static void same(List<String> out, String what, String is, String file) {
    if (!Objects.equals(is, file)) {
      out.add(what + " is " + is + ", the file says " + file);
    }
  }

  private static void indexes(List<String> out, String what, Map<String, String> is, Map<String, String> file) {
    for (String name : new TreeSet<>(is.keySet())) {
      if (!file.containsKey(name)) {
        out.add(what + " " + name + " is there, the file has none");
      } else if (!is.get(name).equals(file.get(name))) {
        out.add(what + " " + name + " is " + is.get(name) + ", the file says " + file.get(name));
      }
    }
    for (String name : file.keySet()) {
      if (!is.containsKey(name)) {
        out.add(what + " " + name + " is not there");
      }
    }
  }

  private static String keys(List<KeySchemaElement> keys) {
    List<String> out = new ArrayList<>();
    for (KeySchemaElement k : keys) {
      out.add(k.attributeName() + " " + k.keyTypeAsString());
    }
    return out.toString();
  }

  /** Types of the attributes the file defines; DynamoDB keeps no other, so both sides hold the same names. */
  private static String types(List<AttributeDefinition> definitions) {
    Map<String, String> out = new TreeMap<>();
    for (AttributeDefinition d : definitions) {
      out.put(d.attributeName(), d.attributeTypeAsString());
    }
    return out.toString();
  }

  private static String projection(Projection p) {
    if (p == null) {
      return "ALL";
    }
    return p.projectionTypeAsString() + (p.hasNonKeyAttributes() ? " " + new TreeSet<>(p.nonKeyAttributes()) : "");
  }

  private static String units(Long read, Long write) {
    return read + " read/" + write + " write units";
  }
}

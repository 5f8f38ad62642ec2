package io.partita.server.tables;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.OnDemandThroughput;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.Tag;
import software.amazon.awssdk.services.dynamodb.model.WarmThroughput;

/**
 * The tables of {@code terraform show -json} output: a state's {@code values} or a plan's {@code planned_values},
 * each {@code root_module} with its {@code resources} and {@code child_modules}, read for the managed resources of
 * type {@code aws_dynamodb_table} (argument names of the AWS provider's aws_dynamodb_table), and the items of
 * {@code aws_dynamodb_table_item} resources whose table is in the same file. The state holds every argument of
 * the provider's schema, set or not: an argument Partita does not know is refused only when it holds a value.
 */
final class TerraformTables {
  private TerraformTables() {}

  static boolean looksLike(Map<String, Object> doc) {
    return doc.containsKey("format_version") && (doc.containsKey("values") || doc.containsKey("planned_values"));
  }

  static List<TableDefinition> read(Map<String, Object> doc, Report report) {
    String top = doc.containsKey("values") ? "values" : "planned_values";
    List<TableDefinition> tables = new ArrayList<>();
    Map<String, List<Map<String, AttributeValue>>> items = new LinkedHashMap<>();
    if (doc.get(top) instanceof Map<?, ?> values && values.get("root_module") instanceof Map<?, ?> root) {
      module(root, top + ".root_module", report, tables, items);
    } else {
      report.refuse(top, "has no root_module: is this the output of terraform show -json?");
    }
    return withItems(tables, items, report);
  }

  @SuppressWarnings("unchecked")
  private static void module(Map<?, ?> module, String path, Report report, List<TableDefinition> tables,
      Map<String, List<Map<String, AttributeValue>>> items) {
    if (module.get("resources") instanceof List<?> resources) {
      for (Object o : resources) {
        if (!(o instanceof Map<?, ?> r) || !"managed".equals(r.get("mode"))) {
          continue; // a data source reads a table that exists elsewhere
        }
        String type = String.valueOf(r.get("type"));
        String address = String.valueOf(r.get("address"));
        Object values = r.get("values");
        if (!type.startsWith("aws_dynamodb_")) {
          continue;
        }
        if (!(values instanceof Map<?, ?> v)) {
          report.refuse(address, "has no values (a plan's value unknown until apply?)");
          continue;
        }
        resource(type, address, (Map<String, Object>) v, null, report, tables, items);
      }
    }
    if (module.get("child_modules") instanceof List<?> children) {
      for (Object c : children) {
        if (c instanceof Map<?, ?> child) {
          module(child, String.valueOf(child.get("address")), report, tables, items);
        }
      }
    }
  }

  /**
   * One resource's arguments, from the state or from a .tf file: {@code label} is the resource's name in a .tf file
   * (the table's name when its {@code name} is an expression Partita cannot evaluate), null from the state.
   */
  private static void resource(String type, String address, Map<String, Object> values, String label, Report report,
      List<TableDefinition> tables, Map<String, List<Map<String, AttributeValue>>> items) {
    Fields f = new Fields(report, address, values, Resolver.none(""), "an argument of " + type + " Partita knows");
    if (label != null) {
      f.ignore("lifecycle", "depends_on", "provider", "timeouts");
      for (String meta : List.of("count", "for_each")) {
        if (f.has(meta)) {
          report.notice(f.at(meta), "is not evaluated: one " + type + " is read");
          f.skip(meta);
        }
      }
      f.refuse("dynamic", "is not supported by Partita (a dynamic block is generated when Terraform plans): write"
          + " the blocks out, or give Partita the output of terraform show -json");
    }
    switch (type) {
      case "aws_dynamodb_table" -> {
        TableDefinition t = table(address, f, label);
        f.skipUnset();
        f.done();
        if (t != null) {
          tables.add(t);
        }
      }
      case "aws_dynamodb_table_item" -> item(f, items);
      case "aws_dynamodb_global_secondary_index" -> report.refuse(address, "is not supported by Partita: write"
          + " the index as a global_secondary_index block of its aws_dynamodb_table");
      case "aws_dynamodb_kinesis_streaming_destination" -> report.refuse(address, "is not supported by Partita"
          + " (there is no Kinesis data stream here to send changes to)");
      default -> report.notice(address, "(" + type + ") is not read by Partita: only aws_dynamodb_table and"
          + " aws_dynamodb_table_item are");
    }
  }

  /**
   * The tables of a Terraform configuration file (.tf, read by {@link Hcl}): its {@code resource
   * "aws_dynamodb_table"} blocks and {@code aws_dynamodb_table_item}s, with the same arguments as in the state.
   */
  @SuppressWarnings("unchecked")
  static List<TableDefinition> readConfiguration(Map<String, Object> config, Report report) {
    List<TableDefinition> tables = new ArrayList<>();
    Map<String, List<Map<String, AttributeValue>>> items = new LinkedHashMap<>();
    if (config.get("resource") instanceof Map<?, ?> types) {
      types.forEach((type, byName) -> {
        if (type.toString().startsWith("aws_dynamodb_") && byName instanceof Map<?, ?> named) {
          named.forEach((name, body) -> {
            if (body instanceof Map<?, ?> values) {
              resource(type.toString(), type + "." + name, (Map<String, Object>) values, name.toString(), report,
                  tables, items);
            }
          });
        }
      });
    }
    return withItems(tables, items, report);
  }

  private static List<TableDefinition> withItems(List<TableDefinition> tables,
      Map<String, List<Map<String, AttributeValue>>> items, Report report) {
    List<TableDefinition> withItems = new ArrayList<>();
    for (TableDefinition t : tables) {
      List<Map<String, AttributeValue>> its = items.remove(t.name());
      withItems.add(its == null ? t : new TableDefinition(t.source(), t.create(), t.timeToLiveAttribute(),
          t.pointInTimeRecovery(), t.recoveryPeriodInDays(), its));
    }
    items.forEach((table, its) -> report.notice("aws_dynamodb_table_item", "resources of table " + table + " ("
        + its.size() + " items) are left out: the table is not defined in this file"));
    return withItems;
  }

  private static TableDefinition table(String address, Fields f, String label) {
    String name;
    Object rawName = f.raw("name");
    if (label != null && rawName != null && Tree.isIntrinsic(rawName)) {
      name = label;
      f.report().notice(f.at("name"), "is " + Tree.unevaluated(rawName) + " Partita cannot evaluate: the table is"
          + " named by its resource name, " + label);
    } else {
      name = f.requiredString("name");
    }
    CreateTableRequest.Builder b = CreateTableRequest.builder().tableName(name);
    List<KeySchemaElement> keys = new ArrayList<>();
    keys.add(KeySchemaElement.builder().attributeName(f.requiredString("hash_key")).keyType(KeyType.HASH).build());
    String range = f.string("range_key");
    if (range != null && !range.isEmpty()) {
      keys.add(KeySchemaElement.builder().attributeName(range).keyType(KeyType.RANGE).build());
    }
    b.keySchema(keys);
    b.attributeDefinitions(f.objects("attribute", "an argument of an attribute block (name, type)",
        a -> AttributeDefinition.builder().attributeName(a.requiredString("name")).attributeType(a.requiredString("type"))
            .build()));
    String billing = f.string("billing_mode");
    billing = billing == null || billing.isEmpty() ? BillingMode.PROVISIONED.toString() : billing;
    b.billingMode(billing);
    boolean provisioned = billing.equals(BillingMode.PROVISIONED.toString());
    Long read = f.number("read_capacity");
    Long write = f.number("write_capacity");
    if (provisioned && read != null && write != null) {
      b.provisionedThroughput(ProvisionedThroughput.builder().readCapacityUnits(read).writeCapacityUnits(write).build());
    }
    List<GlobalSecondaryIndex> gsis = f.objects("global_secondary_index", "an argument of a global_secondary_index"
        + " block Partita knows", g -> {
          GlobalSecondaryIndex.Builder gb = GlobalSecondaryIndex.builder().indexName(g.requiredString("name"))
              .keySchema(keys(g)).projection(projection(g));
          Long gr = g.number("read_capacity");
          Long gw = g.number("write_capacity");
          if (provisioned && gr != null && gw != null) {
            gb.provisionedThroughput(ProvisionedThroughput.builder().readCapacityUnits(gr).writeCapacityUnits(gw).build());
          }
          g.refuseIfSet("on_demand_throughput", "is not supported by Partita (an index's own on-demand maximum; the"
              + " table's on_demand_throughput is)");
          g.refuseIfSet("warm_throughput", "is not supported by Partita (an index's own warm throughput; the table's"
              + " warm_throughput is)");
          g.refuseIfSet("key_schema", "is not read by Partita yet (a multi-attribute index key): write hash_key and"
              + " range_key");
          g.skipUnset();
          return gb.build();
        });
    if (!gsis.isEmpty()) {
      b.globalSecondaryIndexes(gsis);
    }
    List<LocalSecondaryIndex> lsis = f.objects("local_secondary_index", "an argument of a local_secondary_index block"
        + " Partita knows", l -> {
          List<KeySchemaElement> k = List.of(keys.get(0),
              KeySchemaElement.builder().attributeName(l.requiredString("range_key")).keyType(KeyType.RANGE).build());
          LocalSecondaryIndex built = LocalSecondaryIndex.builder().indexName(l.requiredString("name")).keySchema(k)
              .projection(projection(l)).build();
          l.skipUnset();
          return built;
        });
    if (!lsis.isEmpty()) {
      b.localSecondaryIndexes(lsis);
    }
    Boolean stream = f.bool("stream_enabled");
    String view = f.string("stream_view_type");
    if (Boolean.TRUE.equals(stream)) {
      b.streamSpecification(StreamSpecification.builder().streamEnabled(true).streamViewType(view).build());
    }
    // tags_all is tags with the provider's default_tags: what the table carries
    Map<String, String> tags = stringMap(f, f.has("tags_all") && Fields.isSet(f.raw("tags_all")) ? "tags_all" : "tags");
    f.skip("tags", "tags_all");
    if (!tags.isEmpty()) {
      List<Tag> list = new ArrayList<>();
      tags.forEach((k, v) -> list.add(Tag.builder().key(k).value(v).build()));
      b.tags(list);
    }
    String tableClass = f.string("table_class");
    if (tableClass != null && !tableClass.isEmpty()) {
      b.tableClass(tableClass);
    }
    Boolean protection = f.bool("deletion_protection_enabled");
    if (Boolean.TRUE.equals(protection)) {
      b.deletionProtectionEnabled(true);
    }
    List<OnDemandThroughput> onDemand = f.objects("on_demand_throughput", "an argument of on_demand_throughput",
        o -> OnDemandThroughput.builder().maxReadRequestUnits(positive(o.number("max_read_request_units")))
            .maxWriteRequestUnits(positive(o.number("max_write_request_units"))).build());
    if (!onDemand.isEmpty() && !provisioned && (onDemand.get(0).maxReadRequestUnits() != null
        || onDemand.get(0).maxWriteRequestUnits() != null)) {
      b.onDemandThroughput(onDemand.get(0));
    }
    List<WarmThroughput> warm = f.objects("warm_throughput", "an argument of warm_throughput",
        o -> WarmThroughput.builder().readUnitsPerSecond(positive(o.number("read_units_per_second")))
            .writeUnitsPerSecond(positive(o.number("write_units_per_second"))).build());
    if (!warm.isEmpty() && (warm.get(0).readUnitsPerSecond() != null || warm.get(0).writeUnitsPerSecond() != null)) {
      b.warmThroughput(warm.get(0));
    }
    String[] ttl = {null};
    f.objects("ttl", "an argument of a ttl block (attribute_name, enabled)", t -> {
      String attribute = t.string("attribute_name");
      if (Boolean.TRUE.equals(t.bool("enabled")) && attribute != null && !attribute.isEmpty()) {
        ttl[0] = attribute;
      }
      return null;
    });
    boolean[] recovery = {false};
    Integer[] period = {null};
    f.objects("point_in_time_recovery", "an argument of point_in_time_recovery", p -> {
      recovery[0] = Boolean.TRUE.equals(p.bool("enabled"));
      Long days = positive(p.number("recovery_period_in_days"));
      period[0] = days == null ? null : days.intValue();
      return null;
    });
    f.skip("arn", "id", "stream_arn", "stream_label", "region", "timeouts");
    f.ignoreIfSet("server_side_encryption", "replica", "global_table_witness");
    f.refuseIfSet("import_table", "is not supported by Partita at start (import the data with `partita import` or"
        + " ImportTable instead)");
    for (String restore : List.of("restore_source_name", "restore_source_table_arn", "restore_backup_arn",
        "restore_date_time",
        "restore_to_latest_time")) {
      f.refuseIfSet(restore, "is not supported by Partita at start (a table restored from a backup or from"
          + " another table's point in time)");
    }
    if (name == null) {
      return null;
    }
    return new TableDefinition(f.report().file() + ": " + address, b.build(), ttl[0], recovery[0], period[0],
        List.of());
  }

  private static Long positive(Long n) {
    return n == null || n <= 0 ? null : n;
  }

  private static List<KeySchemaElement> keys(Fields g) {
    List<KeySchemaElement> keys = new ArrayList<>();
    String hash = g.string("hash_key");
    if (hash != null && !hash.isEmpty()) {
      keys.add(KeySchemaElement.builder().attributeName(hash).keyType(KeyType.HASH).build());
    }
    String range = g.string("range_key");
    if (range != null && !range.isEmpty()) {
      keys.add(KeySchemaElement.builder().attributeName(range).keyType(KeyType.RANGE).build());
    }
    return keys;
  }

  private static Projection projection(Fields g) {
    Projection.Builder p = Projection.builder().projectionType(g.requiredString("projection_type"));
    List<String> nonKey = g.strings("non_key_attributes");
    if (!nonKey.isEmpty()) {
      p.nonKeyAttributes(nonKey);
    }
    return p.build();
  }

  private static Map<String, String> stringMap(Fields f, String name) {
    Map<String, String> out = new LinkedHashMap<>();
    if (f.raw(name) instanceof Map<?, ?> m) {
      m.forEach((k, v) -> {
        String s = f.text(f.at(name) + "." + k, v);
        if (s != null) {
          out.put(k.toString(), s);
        }
      });
    }
    return out;
  }

  /** aws_dynamodb_table_item: {@code item} is the item in DynamoDB JSON, as a string. */
  private static void item(Fields f, Map<String, List<Map<String, AttributeValue>>> items) {
    String table = f.requiredString("table_name");
    String json = f.requiredString("item");
    f.skip("hash_key", "range_key", "id", "region");
    f.skipUnset();
    f.done();
    if (table == null || json == null) {
      return;
    }
    try {
      io.partita.engine.internal.transfer.ItemFiles.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)),
          item -> items.computeIfAbsent(table, k -> new ArrayList<>()).add(item));
    } catch (IOException | IllegalArgumentException e) {
      f.report().refuse(f.at("item"), "is not an item in DynamoDB JSON: " + e.getMessage());
    }
  }
}

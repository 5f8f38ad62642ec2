package io.partita.server.tables;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.OnDemandThroughput;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.SearchSchemaElement;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.Tag;
import software.amazon.awssdk.services.dynamodb.model.VectorIndex;
import software.amazon.awssdk.services.dynamodb.model.WarmThroughput;

/**
 * The tables of a CloudFormation template (YAML or JSON; SAM's and CDK's synthesized ones are CloudFormation too):
 * every resource of type {@code AWS::DynamoDB::Table}, {@code AWS::DynamoDB::GlobalTable} or SAM's {@code
 * AWS::Serverless::SimpleTable}. Other resources (functions, queues, CDK's metadata) are not tables and are passed
 * over. Property names are those of the CloudFormation reference (docs/tables-from-infrastructure.md lists which
 * are applied, accepted and ignored, or refused).
 */
final class CloudFormationTables {
  static final String TABLE = "AWS::DynamoDB::Table";
  static final String GLOBAL_TABLE = "AWS::DynamoDB::GlobalTable";
  static final String SIMPLE_TABLE = "AWS::Serverless::SimpleTable";

  private CloudFormationTables() {}

  @SuppressWarnings("unchecked")
  static List<TableDefinition> read(Map<String, Object> template, Report report, String region) {
    Map<String, Object> parameters = template.get("Parameters") instanceof Map<?, ?> p
        ? (Map<String, Object>) p : Map.of();
    Resolver resolver = new Resolver(parameters, region);
    List<TableDefinition> tables = new ArrayList<>();
    if (!(template.get("Resources") instanceof Map<?, ?> resources)) {
      report.refuse("Resources", "must be an object of resources");
      return tables;
    }
    for (Map.Entry<?, ?> e : resources.entrySet()) {
      String id = e.getKey().toString();
      if (!(e.getValue() instanceof Map<?, ?> resource)) {
        continue;
      }
      Object type = resource.get("Type");
      if (!TABLE.equals(type) && !GLOBAL_TABLE.equals(type) && !SIMPLE_TABLE.equals(type)) {
        continue;
      }
      String path = "Resources." + id;
      Fields r = new Fields(report, path, (Map<String, Object>) resource, resolver,
          "a resource attribute Partita knows");
      r.skip("Type");
      r.ignore("DeletionPolicy", "UpdateReplacePolicy", "DependsOn", "Metadata", "UpdatePolicy", "CreationPolicy");
      if (r.has("Condition")) {
        report.notice(r.at("Condition"), "(" + r.string("Condition") + ") is not evaluated: the table is created");
      }
      Fields props = r.has("Properties") ? r.object("Properties", "a property Partita knows of " + type)
          : new Fields(report, path + ".Properties", Map.of(), resolver, "a property of " + type);
      r.done();
      if (props == null) {
        continue;
      }
      TableDefinition t = switch (type.toString()) {
        case TABLE -> table(id, props);
        case GLOBAL_TABLE -> globalTable(id, props, region);
        default -> simpleTable(id, props);
      };
      props.done();
      if (t != null) {
        tables.add(t);
      }
    }
    return tables;
  }

  /**
   * The table's name: TableName when it is a string or an intrinsic the template gives the value of (a parameter's
   * Default, the region); else the logical id, said in a notice (CloudFormation would generate a name, or take
   * one from the stack, that no local start can know).
   */
  private static String name(String id, Fields props) {
    Object raw = props.raw("TableName");
    if (raw == null) {
      props.report().notice(props.at("TableName"), "is not given: the table is named by its logical id, " + id);
      return id;
    }
    String name = props.resolver().resolve(raw);
    if (name == null) {
      props.report().notice(props.at("TableName"), "is " + Tree.unevaluated(raw)
          + " with no value before a stack exists: the table is named by its logical id, " + id);
      return id;
    }
    return name;
  }

  private static TableDefinition table(String id, Fields p) {
    CreateTableRequest.Builder b = CreateTableRequest.builder().tableName(name(id, p));
    b.keySchema(Shapes.keySchema(p, "KeySchema"));
    b.attributeDefinitions(Shapes.attributeDefinitions(p, "AttributeDefinitions"));
    String billing = p.string("BillingMode");
    b.billingMode(billing == null ? BillingMode.PROVISIONED.toString() : billing);
    ProvisionedThroughput pt = Shapes.throughput(p, "ProvisionedThroughput");
    if (pt != null) {
      b.provisionedThroughput(pt);
    }
    Fields onDemand = p.object("OnDemandThroughput", "a member of OnDemandThroughput");
    if (onDemand != null) {
      b.onDemandThroughput(OnDemandThroughput.builder().maxReadRequestUnits(onDemand.number("MaxReadRequestUnits"))
          .maxWriteRequestUnits(onDemand.number("MaxWriteRequestUnits")).build());
      onDemand.done();
    }
    Fields warm = p.object("WarmThroughput", "a member of WarmThroughput");
    if (warm != null) {
      b.warmThroughput(WarmThroughput.builder().readUnitsPerSecond(warm.number("ReadUnitsPerSecond"))
          .writeUnitsPerSecond(warm.number("WriteUnitsPerSecond")).build());
      warm.done();
    }
    List<GlobalSecondaryIndex> gsis = p.objects("GlobalSecondaryIndexes", "a member of a global secondary index",
        g -> {
          GlobalSecondaryIndex.Builder gb = GlobalSecondaryIndex.builder().indexName(g.requiredString("IndexName"))
              .keySchema(Shapes.keySchema(g, "KeySchema")).projection(Shapes.projection(g));
          ProvisionedThroughput gpt = Shapes.throughput(g, "ProvisionedThroughput");
          if (gpt != null) {
            gb.provisionedThroughput(gpt);
          }
          g.ignore("ContributorInsightsSpecification");
          g.refuse("OnDemandThroughput", "is not supported by Partita (an index's own on-demand maximum; the table's"
              + " OnDemandThroughput is)");
          g.refuse("WarmThroughput", "is not supported by Partita (an index's own warm throughput; the table's"
              + " WarmThroughput is)");
          return gb.build();
        });
    if (!gsis.isEmpty()) {
      b.globalSecondaryIndexes(gsis);
    }
    List<LocalSecondaryIndex> lsis = localIndexes(p);
    if (!lsis.isEmpty()) {
      b.localSecondaryIndexes(lsis);
    }
    List<VectorIndex> vectors = p.objects("VectorIndexes", "a member of a vector index", CloudFormationTables::vector);
    if (!vectors.isEmpty()) {
      b.vectorIndexes(vectors);
    }
    stream(p, b);
    tagsClassAndProtection(p, b);
    p.ignore("SSESpecification", "ContributorInsightsSpecification", "ResourcePolicy");
    p.refuse("KinesisStreamSpecification", "is not supported by Partita (there is no Kinesis data stream here to"
        + " send changes to; the table's own stream, StreamSpecification, is)");
    p.refuse("ImportSourceSpecification", "is not supported by Partita at start (import the data with"
        + " `partita import` or ImportTable instead)");
    String ttl = ttl(p);
    Fields pitr = p.object("PointInTimeRecoverySpecification", "a member of PointInTimeRecoverySpecification");
    boolean recovery = false;
    Integer period = null;
    if (pitr != null) {
      recovery = Boolean.TRUE.equals(pitr.bool("PointInTimeRecoveryEnabled"));
      Long days = pitr.number("RecoveryPeriodInDays");
      period = days == null ? null : days.intValue();
      pitr.done();
    }
    return new TableDefinition(p.report().file() + ": Resources." + id, b.build(), ttl, recovery, period, List.of());
  }

  private static List<LocalSecondaryIndex> localIndexes(Fields p) {
    return p.objects("LocalSecondaryIndexes", "a member of a local secondary index",
        l -> LocalSecondaryIndex.builder().indexName(l.requiredString("IndexName"))
            .keySchema(Shapes.keySchema(l, "KeySchema")).projection(Shapes.projection(l)).build());
  }

  private static VectorIndex vector(Fields v) {
    VectorIndex.Builder b = VectorIndex.builder().indexName(v.requiredString("IndexName"));
    Fields attribute = v.object("VectorAttribute", "a member of VectorAttribute (AttributeName)");
    if (attribute != null) {
      b.vectorAttribute(a -> a.attributeName(attribute.requiredString("AttributeName")));
      attribute.done();
    }
    b.dimensions(v.number("Dimensions")).distanceFunction(v.string("DistanceFunction"));
    List<SearchSchemaElement> schema = v.objects("SearchSchema", "a member of a search schema element",
        e -> SearchSchemaElement.builder().attributeName(e.requiredString("AttributeName"))
            .searchSchemaElementType(e.requiredString("SearchSchemaElementType")).build());
    if (!schema.isEmpty()) {
      b.searchSchema(schema);
    }
    if (v.has("Projection")) {
      b.projection(Shapes.projection(v));
    }
    return b.build();
  }

  private static void stream(Fields p, CreateTableRequest.Builder b) {
    Fields s = p.object("StreamSpecification", "a member of StreamSpecification");
    if (s != null) {
      String view = s.string("StreamViewType");
      s.ignore("ResourcePolicy");
      s.done();
      if (view != null) {
        b.streamSpecification(StreamSpecification.builder().streamEnabled(true).streamViewType(view).build());
      }
    }
  }

  /** TimeToLiveSpecification's attribute when Enabled is true; null otherwise. */
  private static String ttl(Fields p) {
    Fields t = p.object("TimeToLiveSpecification", "a member of TimeToLiveSpecification (AttributeName, Enabled)");
    if (t == null) {
      return null;
    }
    String attribute = t.string("AttributeName");
    Boolean enabled = t.bool("Enabled");
    t.done();
    return Boolean.TRUE.equals(enabled) ? attribute : null;
  }

  /**
   * AWS::DynamoDB::GlobalTable: one table in several regions. Partita serves one region, so the replica of the
   * server's region gives the per-replica settings (tags, point-in-time recovery, table class, read capacity); with
   * no replica there, the first one does, said in a notice. Other replicas are named in a notice.
   */
  private static TableDefinition globalTable(String id, Fields p, String region) {
    CreateTableRequest.Builder b = CreateTableRequest.builder().tableName(name(id, p));
    b.keySchema(Shapes.keySchema(p, "KeySchema"));
    b.attributeDefinitions(Shapes.attributeDefinitions(p, "AttributeDefinitions"));
    String billing = p.string("BillingMode");
    boolean provisioned = billing != null && billing.equals(BillingMode.PROVISIONED.toString());
    b.billingMode(billing == null ? BillingMode.PROVISIONED.toString() : billing);
    provisioned |= billing == null;
    Long writeUnits = autoScaled(p, "WriteProvisionedThroughputSettings", "WriteCapacityAutoScalingSettings", null);
    Long maxWrite = onDemand(p, "WriteOnDemandThroughputSettings", "MaxWriteRequestUnits");
    p.ignore("WarmThroughput", "GlobalTableWitnesses", "MultiRegionConsistency", "SSESpecification");

    // the replica standing for this server
    Object rawReplicas = p.raw("Replicas");
    List<?> replicas = rawReplicas instanceof List<?> l ? l : List.of();
    if (replicas.isEmpty()) {
      p.report().refuse(p.at("Replicas"), "must list at least one replica");
      return null;
    }
    int chosen = 0;
    List<String> others = new ArrayList<>();
    for (int i = 0; i < replicas.size(); i++) {
      String r = replicas.get(i) instanceof Map<?, ?> m ? p.resolver().resolve(m.get("Region")) : null;
      if (region.equals(r)) {
        chosen = i;
      }
    }
    for (int i = 0; i < replicas.size(); i++) {
      if (i != chosen) {
        others.add(p.at("Replicas") + "[" + i + "]");
      }
    }
    Fields replica = Fields.of(p.report(), p.at("Replicas") + "[" + chosen + "]", replicas.get(chosen),
        p.resolver(), "a member of a replica Partita knows");
    if (replica == null) {
      return null;
    }
    String replicaRegion = replica.string("Region");
    if (!region.equals(replicaRegion)) {
      p.report().notice(replica.path(), "(" + replicaRegion + ") gives the table's settings: no replica is in the"
          + " server's region, " + region);
    }
    if (!others.isEmpty()) {
      p.report().notice(p.at("Replicas"), "other than the one of " + replicaRegion + " are left aside, as Partita"
          + " serves one region: " + String.join(", ", others));
    }
    Long readUnits = autoScaled(replica, "ReadProvisionedThroughputSettings", "ReadCapacityAutoScalingSettings",
        "ReadCapacityUnits");
    Long maxRead = onDemand(replica, "ReadOnDemandThroughputSettings", "MaxReadRequestUnits");
    if (provisioned) {
      if (readUnits == null || writeUnits == null) {
        p.report().refuse(p.at("BillingMode"), "is PROVISIONED, and Partita needs the table's read capacity (the"
            + " replica's ReadProvisionedThroughputSettings) and write capacity (WriteProvisionedThroughputSettings)");
      } else {
        b.provisionedThroughput(ProvisionedThroughput.builder().readCapacityUnits(readUnits)
            .writeCapacityUnits(writeUnits).build());
      }
    } else if (maxRead != null || maxWrite != null) {
      b.onDemandThroughput(OnDemandThroughput.builder().maxReadRequestUnits(maxRead).maxWriteRequestUnits(maxWrite)
          .build());
    }
    Map<String, Long> gsiReads = new LinkedHashMap<>();
    replica.objects("GlobalSecondaryIndexes", "a member of a replica's global secondary index settings", g -> {
      String index = g.requiredString("IndexName");
      Long units = autoScaled(g, "ReadProvisionedThroughputSettings", "ReadCapacityAutoScalingSettings",
          "ReadCapacityUnits");
      g.ignore("ContributorInsightsSpecification", "ReadOnDemandThroughputSettings");
      if (index != null && units != null) {
        gsiReads.put(index, units);
      }
      return null;
    });
    boolean provisionedTable = provisioned;
    List<GlobalSecondaryIndex> gsis = p.objects("GlobalSecondaryIndexes", "a member of a global secondary index",
        g -> {
          String index = g.requiredString("IndexName");
          GlobalSecondaryIndex.Builder gb = GlobalSecondaryIndex.builder().indexName(index)
              .keySchema(Shapes.keySchema(g, "KeySchema")).projection(Shapes.projection(g));
          Long gsiWrite = autoScaled(g, "WriteProvisionedThroughputSettings", "WriteCapacityAutoScalingSettings", null);
          g.ignore("WriteOnDemandThroughputSettings", "WarmThroughput");
          if (provisionedTable) {
            Long gsiRead = gsiReads.get(index);
            if (gsiRead == null || gsiWrite == null) {
              g.report().refuse(g.path(), "is an index of a PROVISIONED table, and Partita needs its read capacity (the"
                  + " replica's GlobalSecondaryIndexes) and write capacity (WriteProvisionedThroughputSettings)");
            } else {
              gb.provisionedThroughput(ProvisionedThroughput.builder().readCapacityUnits(gsiRead)
                  .writeCapacityUnits(gsiWrite).build());
            }
          }
          return gb.build();
        });
    if (!gsis.isEmpty()) {
      b.globalSecondaryIndexes(gsis);
    }
    List<LocalSecondaryIndex> lsis = localIndexes(p);
    if (!lsis.isEmpty()) {
      b.localSecondaryIndexes(lsis);
    }
    stream(p, b);
    String ttl = ttl(p);
    tagsClassAndProtection(replica, b);
    replica.ignore("ContributorInsightsSpecification", "SSESpecification", "ResourcePolicy",
        "ReplicaStreamSpecification", "WarmThroughput");
    replica.refuse("KinesisStreamSpecification", "is not supported by Partita (there is no Kinesis data stream here"
        + " to send changes to; the table's own stream, StreamSpecification, is)");
    Fields pitr = replica.object("PointInTimeRecoverySpecification", "a member of PointInTimeRecoverySpecification");
    boolean recovery = false;
    Integer period = null;
    if (pitr != null) {
      recovery = Boolean.TRUE.equals(pitr.bool("PointInTimeRecoveryEnabled"));
      Long days = pitr.number("RecoveryPeriodInDays");
      period = days == null ? null : days.intValue();
      pitr.done();
    }
    replica.done();
    return new TableDefinition(p.report().file() + ": Resources." + id, b.build(), ttl, recovery, period, List.of());
  }

  /**
   * Capacity units from a global table's settings: {@code fixed} (ReadCapacityUnits) when given, else the auto
   * scaling's SeedCapacity, else its MinCapacity (Partita does not scale capacity).
   */
  private static Long autoScaled(Fields parent, String name, String autoScaling, String fixed) {
    Fields s = parent.object(name, "a member of " + name);
    if (s == null) {
      return null;
    }
    Long units = fixed == null ? null : s.number(fixed);
    Fields a = s.object(autoScaling, "a member of " + autoScaling);
    if (a != null) {
      Long seed = a.number("SeedCapacity");
      Long min = a.number("MinCapacity");
      a.skip("MaxCapacity");
      a.ignore("TargetTrackingScalingPolicyConfiguration");
      a.done();
      if (units == null) {
        units = seed != null ? seed : min;
      }
    }
    s.done();
    return units;
  }

  private static Long onDemand(Fields parent, String name, String member) {
    Fields s = parent.object(name, "a member of " + name);
    if (s == null) {
      return null;
    }
    Long units = s.number(member);
    s.done();
    return units;
  }

  /**
   * SAM's AWS::Serverless::SimpleTable: a table with a partition key only (PrimaryKey, by default {@code id} of
   * type String), on demand unless ProvisionedThroughput is given, tags as a map.
   */
  private static TableDefinition simpleTable(String id, Fields p) {
    CreateTableRequest.Builder b = CreateTableRequest.builder().tableName(name(id, p));
    String key = "id";
    String type = "String";
    Fields pk = p.object("PrimaryKey", "a member of PrimaryKey (Name, Type)");
    if (pk != null) {
      key = pk.requiredString("Name");
      type = pk.requiredString("Type");
      pk.done();
    }
    ScalarAttributeType scalar = type == null ? null : switch (type) {
      case "String" -> ScalarAttributeType.S;
      case "Number" -> ScalarAttributeType.N;
      case "Binary" -> ScalarAttributeType.B;
      default -> {
        p.report().refuse(p.at("PrimaryKey.Type"), "must be String, Number or Binary, not '" + type + "'");
        yield null;
      }
    };
    if (key != null && scalar != null) {
      b.keySchema(KeySchemaElement.builder().attributeName(key).keyType(KeyType.HASH).build())
          .attributeDefinitions(AttributeDefinition.builder().attributeName(key).attributeType(scalar).build());
    }
    ProvisionedThroughput pt = Shapes.throughput(p, "ProvisionedThroughput");
    b.billingMode(pt == null ? BillingMode.PAY_PER_REQUEST : BillingMode.PROVISIONED);
    if (pt != null) {
      b.provisionedThroughput(pt);
    }
    Object rawTags = p.raw("Tags");
    if (rawTags instanceof Map<?, ?> m) {
      List<Tag> tags = new ArrayList<>();
      m.forEach((k, v) -> {
        String value = p.text(p.at("Tags." + k), v);
        if (value != null) {
          tags.add(Tag.builder().key(k.toString()).value(value).build());
        }
      });
      if (!tags.isEmpty()) {
        b.tags(tags);
      }
    } else if (rawTags != null) {
      p.report().refuse(p.at("Tags"), "must be a map of tag names to values");
    }
    p.ignore("SSESpecification");
    return new TableDefinition(p.report().file() + ": Resources." + id, b.build(), null, false, null, List.of());
  }

  /** Tags, TableClass and DeletionProtectionEnabled: a table's, or a global table's replica in this region. */
  private static void tagsClassAndProtection(Fields from, CreateTableRequest.Builder b) {
    List<Tag> tags = Shapes.tags(from, "Tags");
    if (!tags.isEmpty()) {
      b.tags(tags);
    }
    String tableClass = from.string("TableClass");
    if (tableClass != null) {
      b.tableClass(tableClass);
    }
    Boolean protection = from.bool("DeletionProtectionEnabled");
    if (protection != null) {
      b.deletionProtectionEnabled(protection);
    }
  }
}

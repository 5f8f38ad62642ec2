package io.partita.server.tables;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.OnDemandThroughput;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.Tag;

/**
 * A table as DynamoDB describes it: DescribeTable's output ({@code {"Table": {...}}}, what {@code aws dynamodb
 * describe-table} prints), CreateTable's ({@code {"TableDescription": {...}}}), or CreateTable's input (what
 * {@code aws dynamodb create-table --cli-input-json} reads: TableName, KeySchema, AttributeDefinitions at the
 * top). What DynamoDB computes (status, ARNs, sizes, counts, dates, stream labels, the default warm throughput) is
 * not a setting and is read without a word. A description carries no time to live, point-in-time recovery or tags
 * (other requests answer them); CreateTable's input carries tags.
 */
final class DescribeTableTables {
  private DescribeTableTables() {}

  static boolean looksLike(Map<String, Object> doc) {
    return doc.get("Table") instanceof Map<?, ?> || doc.get("TableDescription") instanceof Map<?, ?>
        || (doc.containsKey("TableName") && doc.containsKey("KeySchema"));
  }

  static List<TableDefinition> read(Map<String, Object> doc, Report report) {
    String member = doc.containsKey("Table") ? "Table" : doc.containsKey("TableDescription") ? "TableDescription" : null;
    Fields top = new Fields(report, "", doc, Resolver.none(""), "a member Partita knows of a DescribeTable output");
    Fields t = member == null ? new Fields(report, "", doc, Resolver.none(""), "a CreateTable parameter Partita knows")
        : top.object(member, "a member of a table description Partita knows");
    if (member != null) {
      top.done();
    }
    if (t == null) {
      return List.of();
    }
    TableDefinition table = table(t);
    t.done();
    return table == null ? List.of() : List.of(table);
  }

  private static TableDefinition table(Fields t) {
    String name = t.requiredString("TableName");
    CreateTableRequest.Builder b = CreateTableRequest.builder().tableName(name)
        .keySchema(Shapes.keySchema(t, "KeySchema"))
        .attributeDefinitions(Shapes.attributeDefinitions(t, "AttributeDefinitions"));
    String billing = t.string("BillingMode"); // CreateTable's input
    Fields summary = t.object("BillingModeSummary", "a member of BillingModeSummary");
    if (summary != null) {
      billing = summary.string("BillingMode");
      summary.skip("LastUpdateToPayPerRequestDateTime");
      summary.done();
    }
    billing = billing == null ? BillingMode.PROVISIONED.toString() : billing;
    boolean provisioned = billing.equals(BillingMode.PROVISIONED.toString());
    b.billingMode(billing);
    ProvisionedThroughput pt = throughput(t);
    if (provisioned && pt != null) {
      b.provisionedThroughput(pt);
    }
    List<GlobalSecondaryIndex> gsis = t.objects("GlobalSecondaryIndexes", "a member of a global secondary index", g -> {
      GlobalSecondaryIndex.Builder gb = GlobalSecondaryIndex.builder().indexName(g.requiredString("IndexName"))
          .keySchema(Shapes.keySchema(g, "KeySchema")).projection(Shapes.projection(g));
      ProvisionedThroughput gpt = throughput(g);
      if (provisioned && gpt != null) {
        gb.provisionedThroughput(gpt);
      }
      g.skip("IndexStatus", "Backfilling", "IndexSizeBytes", "ItemCount", "IndexArn", "WarmThroughput");
      Fields od = g.object("OnDemandThroughput", "a member of OnDemandThroughput");
      if (od != null) {
        Long r = od.number("MaxReadRequestUnits");
        Long w = od.number("MaxWriteRequestUnits");
        od.done();
        if ((r != null && r > 0) || (w != null && w > 0)) {
          g.report().refuse(g.at("OnDemandThroughput"), "is not supported by Partita (an index's own on-demand"
              + " maximum; the table's OnDemandThroughput is)");
        }
      }
      return gb.build();
    });
    if (!gsis.isEmpty()) {
      b.globalSecondaryIndexes(gsis);
    }
    List<LocalSecondaryIndex> lsis = t.objects("LocalSecondaryIndexes", "a member of a local secondary index", l -> {
      l.skip("IndexSizeBytes", "ItemCount", "IndexArn");
      return LocalSecondaryIndex.builder().indexName(l.requiredString("IndexName"))
          .keySchema(Shapes.keySchema(l, "KeySchema")).projection(Shapes.projection(l)).build();
    });
    if (!lsis.isEmpty()) {
      b.localSecondaryIndexes(lsis);
    }
    Fields stream = t.object("StreamSpecification", "a member of StreamSpecification");
    if (stream != null) {
      Boolean enabled = stream.bool("StreamEnabled");
      String view = stream.string("StreamViewType");
      stream.done();
      if (!Boolean.FALSE.equals(enabled) && view != null) {
        b.streamSpecification(StreamSpecification.builder().streamEnabled(true).streamViewType(view).build());
      }
    }
    Fields classSummary = t.object("TableClassSummary", "a member of TableClassSummary");
    if (classSummary != null) {
      String tableClass = classSummary.string("TableClass");
      classSummary.skip("LastUpdateDateTime");
      classSummary.done();
      if (tableClass != null) {
        b.tableClass(tableClass);
      }
    }
    String tableClass = t.string("TableClass"); // CreateTable's input
    if (tableClass != null) {
      b.tableClass(tableClass);
    }
    Boolean protection = t.bool("DeletionProtectionEnabled");
    if (protection != null) {
      b.deletionProtectionEnabled(protection);
    }
    Fields od = t.object("OnDemandThroughput", "a member of OnDemandThroughput");
    if (od != null) {
      Long r = od.number("MaxReadRequestUnits");
      Long w = od.number("MaxWriteRequestUnits");
      od.done();
      if ((r != null && r > 0) || (w != null && w > 0)) {
        b.onDemandThroughput(OnDemandThroughput.builder().maxReadRequestUnits(r != null && r > 0 ? r : null)
            .maxWriteRequestUnits(w != null && w > 0 ? w : null).build());
      }
    }
    List<Tag> tags = Shapes.tags(t, "Tags"); // CreateTable's input
    if (!tags.isEmpty()) {
      b.tags(tags);
    }
    // computed by DynamoDB: not settings
    t.skip("TableStatus", "CreationDateTime", "TableSizeBytes", "ItemCount", "TableArn", "TableId",
        "LatestStreamLabel", "LatestStreamArn", "RestoreSummary", "ArchivalSummary", "WarmThroughput");
    t.ignore("SSEDescription", "SSESpecification", "Replicas", "GlobalTableVersion", "GlobalTableWitnesses",
        "MultiRegionConsistency", "ResourcePolicy");
    return name == null ? null
        : new TableDefinition(t.report().file() + ": " + (t.path().isEmpty() ? name : t.path() + " (" + name + ")"),
            b.build(), null, false, null, List.of());
  }

  /** ProvisionedThroughput's units, leaving out what DynamoDB adds to a description (dates, decreases). */
  private static ProvisionedThroughput throughput(Fields f) {
    Fields t = f.object("ProvisionedThroughput", "a member of ProvisionedThroughput");
    if (t == null) {
      return null;
    }
    Long read = t.number("ReadCapacityUnits");
    Long write = t.number("WriteCapacityUnits");
    t.skip("LastIncreaseDateTime", "LastDecreaseDateTime", "NumberOfDecreasesToday");
    t.done();
    return read == null || write == null || (read == 0 && write == 0) ? null
        : ProvisionedThroughput.builder().readCapacityUnits(read).writeCapacityUnits(write).build();
  }
}

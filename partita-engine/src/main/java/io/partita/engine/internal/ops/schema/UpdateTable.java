package io.partita.engine.internal.ops.schema;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.table.TableSettings;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableResponse;

/**
 * UpdateTable: billing mode, provisioned throughput, deletion protection, the stored settings (table
 * class, SSE, on-demand and warm throughput: {@link TableSettingsParams}), and creating or deleting a
 * global secondary index ({@link IndexBuilds}), enabling or disabling the table's stream ({@link
 * StreamSpecs}), creating or deleting a vector index ({@link VectorIndexUpdates}). The global
 * tables' parameters are refused by name ({@link Unsupported}): Partita is one database in one region.
 */
public final class UpdateTable {
  private UpdateTable() {}

  /**
   * The refusal of an UpdateTable that asks for nothing. The service's begins "UpdateTable requires
   * one of" (quoted in ScyllaDB Alternator's test_warm_throughput.py, 2025); the list that follows
   * could not be established, so it is the parameters Partita serves.
   */
  static final String NOTHING_TO_DO = "UpdateTable requires one of: AttributeDefinitions with"
      + " GlobalSecondaryIndexUpdates, BillingMode, DeletionProtectionEnabled, GlobalSecondaryIndexUpdates,"
      + " OnDemandThroughput, ProvisionedThroughput, SSESpecification, StreamSpecification, TableClass,"
      + " VectorIndexUpdates, WarmThroughput";

  /** Whether the request asks for a change to the table itself (besides its indexes). */
  private static boolean changesTable(UpdateTableRequest req) {
    return req.billingMode() != null || req.provisionedThroughput() != null || req.deletionProtectionEnabled() != null
        || req.tableClass() != null || req.sseSpecification() != null || req.onDemandThroughput() != null
        || req.warmThroughput() != null;
  }

  private static boolean onlyOnDemand(UpdateTableRequest req) {
    return req.billingMode() == BillingMode.PAY_PER_REQUEST && req.provisionedThroughput() == null
        && req.deletionProtectionEnabled() == null && req.tableClass() == null && req.sseSpecification() == null
        && req.onDemandThroughput() == null && req.warmThroughput() == null;
  }

  public static UpdateTableResponse execute(EngineContext ctx, UpdateTableRequest req) {
    ProvisionedThroughput pt = req.provisionedThroughput();

    Unsupported.refuseParameters("UpdateTable", "ReplicaUpdates", req.hasReplicaUpdates(),
        "MultiRegionConsistency", req.multiRegionConsistency() != null,
        "GlobalTableWitnessUpdates", req.hasGlobalTableWitnessUpdates(),
        "GlobalTableSettingsReplicationMode", req.globalTableSettingsReplicationMode() != null,
        "DisassociationProtectionEnabled", req.disassociationProtectionEnabled() != null);
    boolean changesTable = changesTable(req);
    // an empty GlobalSecondaryIndexUpdates asks for nothing: refused as an empty request, before any
    // index limit is looked at (issue 34)
    boolean indexUpdates = req.hasGlobalSecondaryIndexUpdates() && !req.globalSecondaryIndexUpdates().isEmpty();
    boolean vectorUpdates = req.hasVectorIndexUpdates() && !req.vectorIndexUpdates().isEmpty();
    if (!changesTable && !indexUpdates && !vectorUpdates && req.streamSpecification() == null) {
      throw PartitaException.validation(NOTHING_TO_DO);
    }
    if (indexUpdates && vectorUpdates) {
      throw VectorIndexUpdates.oneAtATime(); // one online index build per table, of either kind
    }
    if (vectorUpdates && changesTable && !onlyOnDemand(req)) {
      // each part is validated and stored on its own: with a vector index, only the change to on-demand
      // billing (which cannot be refused) is taken along, so no request is ever half applied
      throw PartitaException.validation("Partita applies VectorIndexUpdates alone or with BillingMode"
          + " PAY_PER_REQUEST: send the other changes of the table in an UpdateTable of their own");
    }
    synchronized (ctx.catalog()) {
      if (req.streamSpecification() != null) {
        // with no item write in flight, so a disabled stream's last shard ends exactly at its last record
        TableDef def = ctx.catalog().get(req.tableName()).def();
        def = def.withStreams(StreamSpecs.forUpdate(ctx, def, req.streamSpecification()));
        ctx.catalog().updateExclusively(def, batch -> { });
        if (!changesTable && !indexUpdates) {
          return UpdateTableResponse.builder().tableDescription(Descriptions.current(ctx, def, TableStatus.UPDATING)).build();
        }
      }
      if (vectorUpdates) {
        io.partita.engine.internal.table.Table table = ctx.catalog().get(req.tableName());
        BillingMode after = req.billingMode() == null ? table.def().billingMode() : req.billingMode();
        TableDef def = VectorIndexUpdates.apply(ctx, table, req.vectorIndexUpdates(),
            req.hasAttributeDefinitions() ? req.attributeDefinitions() : java.util.List.of(), after);
        if (!changesTable) {
          return UpdateTableResponse.builder().tableDescription(Descriptions.current(ctx, def, TableStatus.UPDATING)).build();
        }
      }
      if (indexUpdates) {
        TableDef def = IndexBuilds.apply(ctx, ctx.catalog().get(req.tableName()), req.globalSecondaryIndexUpdates(),
            req.hasAttributeDefinitions() ? req.attributeDefinitions() : java.util.List.of());
        if (!changesTable) {
          // DynamoDB answers UPDATING while it starts the index change; DescribeTable shows ACTIVE again
          return UpdateTableResponse.builder().tableDescription(Descriptions.current(ctx, def, TableStatus.UPDATING)).build();
        }
      }
      TableDef old = ctx.catalog().get(req.tableName()).def();
      BillingMode billing = req.billingMode() == null ? old.billingMode() : req.billingMode();
      long read = old.readUnits();
      long write = old.writeUnits();
      if (billing == BillingMode.PAY_PER_REQUEST) {
        CreateTable.checkThroughput(billing, pt, null);
        read = 0;
        write = 0;
      } else if (pt != null) {
        read = pt.readCapacityUnits();
        write = pt.writeCapacityUnits();
      } else if (old.billingMode() == BillingMode.PAY_PER_REQUEST) {
        CreateTable.checkThroughput(billing, null, null);
      }
      VectorIndexRules.checkBilling(billing, old.vectorIndexes().size());
      boolean protection = req.deletionProtectionEnabled() == null ? old.deletionProtection() : req.deletionProtectionEnabled();
      if (pt != null && billing == old.billingMode() && read == old.readUnits() && write == old.writeUnits()) {
        throw PartitaException.validation("The provisioned throughput for the table will not change. The requested value equals the current value. Current ReadCapacityUnits provisioned for the table: "
                + old.readUnits() + ". Requested ReadCapacityUnits: " + read + ". Current WriteCapacityUnits provisioned for the table: "
                + old.writeUnits() + ". Requested WriteCapacityUnits: " + write + ". Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher limits.");
      }
      // a request that names the current billing mode (or protection, or settings) again is accepted, as
      // Amazon DynamoDB accepts it, and changes nothing
      TableSettings settings = TableSettingsParams.apply(old.settings(), req.tableClassAsString(), req.sseSpecification(),
          req.onDemandThroughput(), req.warmThroughput(), billing, ctx.clock().millis());
      long billingChanged = billing != old.billingMode() ? ctx.clock().millis() : old.billingModeChangedMillis();
      TableDef def = new TableDef(old.id(), old.name(), old.tableId(), old.hash(), old.range(), old.attributeDefinitions(),
          billing, read, write, old.createdMillis(), billingChanged, old.globalIndexes(), old.localIndexes(),
          old.tags(), protection, settings, old.timeToLive(), old.streams(), old.pitr(), old.restored(), old.policies(),
          old.importing(), old.vectorIndexes());
      ctx.catalog().update(def);
      return UpdateTableResponse.builder()
          .tableDescription(Descriptions.current(ctx, def, TableStatus.ACTIVE))
          .build();
    }
  }
}

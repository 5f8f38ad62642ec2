package io.partita.engine.internal.ops.schema;

import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.table.IndexDef;
import io.partita.engine.internal.table.TableDef;
import software.amazon.awssdk.services.dynamodb.model.AutoScalingSettingsDescription;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableReplicaAutoScalingRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableReplicaAutoScalingResponse;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.ReplicaAutoScalingDescription;
import software.amazon.awssdk.services.dynamodb.model.ReplicaAutoScalingUpdate;
import software.amazon.awssdk.services.dynamodb.model.ReplicaGlobalSecondaryIndexAutoScalingDescription;
import software.amazon.awssdk.services.dynamodb.model.ReplicaStatus;
import software.amazon.awssdk.services.dynamodb.model.TableAutoScalingDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableReplicaAutoScalingRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableReplicaAutoScalingResponse;

/**
 * DescribeTableReplicaAutoScaling and UpdateTableReplicaAutoScaling on the one replica a table has
 * here, itself in this database's region. No dimension has auto scaling (Partita has no Application
 * Auto Scaling), described as the service describes a never-configured one: AutoScalingDisabled true.
 * Updates are refused by name ({@link Unsupported}): a replica of another region, or any auto scaling.
 */
public final class ReplicaAutoScaling {
  private static final AutoScalingSettingsDescription NONE =
      AutoScalingSettingsDescription.builder().autoScalingDisabled(true).build();

  private ReplicaAutoScaling() {}

  public static DescribeTableReplicaAutoScalingResponse describe(EngineContext ctx,
      DescribeTableReplicaAutoScalingRequest req) {
    return DescribeTableReplicaAutoScalingResponse.builder()
        .tableAutoScalingDescription(description(ctx, ctx.catalog().get(req.tableName()).def())).build();
  }

  public static UpdateTableReplicaAutoScalingResponse update(EngineContext ctx, UpdateTableReplicaAutoScalingRequest req) {
    TableDef def = ctx.catalog().get(req.tableName()).def();
    if (req.hasReplicaUpdates()) {
      for (ReplicaAutoScalingUpdate r : req.replicaUpdates()) {
        if (!ctx.region().equals(r.regionName())) {
          throw Unsupported.refuse("A replica in region " + r.regionName(), Unsupported.ONE_REGION + " (" + ctx.region()
              + ")");
        }
      }
    }
    if (req.provisionedWriteCapacityAutoScalingUpdate() != null || req.hasGlobalSecondaryIndexUpdates()
        || req.hasReplicaUpdates()) {
      throw Unsupported.refuse("Auto scaling", Unsupported.NO_AUTO_SCALING);
    }
    // nothing asked: the settings as they stand
    return UpdateTableReplicaAutoScalingResponse.builder().tableAutoScalingDescription(description(ctx, def)).build();
  }

  private static TableAutoScalingDescription description(EngineContext ctx, TableDef def) {
    ReplicaAutoScalingDescription.Builder replica = ReplicaAutoScalingDescription.builder()
        .regionName(ctx.region()).replicaStatus(ReplicaStatus.ACTIVE)
        .replicaProvisionedReadCapacityAutoScalingSettings(NONE)
        .replicaProvisionedWriteCapacityAutoScalingSettings(NONE)
        .globalSecondaryIndexes(def.globalIndexes().stream().map(ix -> index(ix)).toList());
    return TableAutoScalingDescription.builder().tableName(def.name()).tableStatus(TableStatus.ACTIVE)
        .replicas(replica.build()).build();
  }

  private static ReplicaGlobalSecondaryIndexAutoScalingDescription index(IndexDef ix) {
    return ReplicaGlobalSecondaryIndexAutoScalingDescription.builder().indexName(ix.name())
        .indexStatus(ix.backfilling() ? IndexStatus.CREATING : IndexStatus.ACTIVE)
        .provisionedReadCapacityAutoScalingSettings(NONE).provisionedWriteCapacityAutoScalingSettings(NONE).build();
  }
}

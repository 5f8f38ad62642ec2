package io.partita.engine.internal.ops.schema;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.table.TableSettings;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.OnDemandThroughput;
import software.amazon.awssdk.services.dynamodb.model.SSESpecification;
import software.amazon.awssdk.services.dynamodb.model.SSEType;
import software.amazon.awssdk.services.dynamodb.model.WarmThroughput;

/**
 * The table settings CreateTable and UpdateTable share ({@link TableSettings}).
 */
public final class TableSettingsParams {
  private TableSettingsParams() {}

  /** {@code current} with the settings a request gives; members it leaves out keep their value. */
  public static TableSettings apply(TableSettings current, String tableClass, SSESpecification sse, OnDemandThroughput onDemand,
      WarmThroughput warm, BillingMode billing, long now) {
    TableSettings s = current;
    if (tableClass != null) {
      s = s.withTableClass(tableClass, now);
    }
    if (sse != null) {
      boolean kms = Boolean.TRUE.equals(sse.enabled());
      if (!kms && sse.sseType() != null) {
        throw PartitaException.validation("One or more parameter values were invalid: SSEType is specified but SSE is disabled");
      }
      if (kms && sse.sseType() != null && sse.sseType() != SSEType.KMS) {
        throw PartitaException.validation("One or more parameter values were invalid: SSEType AES256 is not supported");
      }
      s = s.withSse(kms, sse.kmsMasterKeyId());
    }
    if (onDemand != null) {
      if (billing != BillingMode.PAY_PER_REQUEST) {
        throw PartitaException.validation("One or more parameter values were invalid: OnDemandThroughput can only be "
            + "specified when BillingMode is PAY_PER_REQUEST");
      }
      s = s.withOnDemand(units(onDemand.maxReadRequestUnits(), s.maxReadRequestUnits()),
          units(onDemand.maxWriteRequestUnits(), s.maxWriteRequestUnits()));
    }
    if (warm != null) {
      s = s.withWarm(raised("ReadUnitsPerSecond", warm.readUnitsPerSecond(), s.warmReadUnitsPerSecond(),
              TableSettings.WARM_READ_FLOOR),
          raised("WriteUnitsPerSecond", warm.writeUnitsPerSecond(), s.warmWriteUnitsPerSecond(),
              TableSettings.WARM_WRITE_FLOOR));
    }
    return s;
  }

  private static long units(Long given, long current) {
    return given == null ? current : given;
  }

  /**
   * A warm throughput value: never below the service's floor nor below what the table already has,
   * as the service refuses both (scylladb's test_warm_throughput.py, run against it;
   * docs/dynamodb-messages.md). The service's wording for it was not established: the message is
   * Partita's.
   */
  private static long raised(String member, Long given, long current, long floor) {
    if (given == null) {
      return current;
    }
    long least = Math.max(current, floor);
    if (given < least) {
      throw PartitaException.validation("One or more parameter values were invalid: WarmThroughput " + member + " "
          + given + " is below " + least + ", the least this table's warm throughput can be; it can only be raised");
    }
    return given;
  }
}

package io.partita.engine.internal.ops.schema;

import io.partita.engine.internal.ops.context.EngineContext;
import software.amazon.awssdk.services.dynamodb.model.DescribeEndpointsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeEndpointsResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeLimitsRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeLimitsResponse;
import software.amazon.awssdk.services.dynamodb.model.Endpoint;

/** DescribeEndpoints and DescribeLimits: what the service says about itself, answered for this database. */
public final class ServiceInfo {
  /** The service's cache period for its endpoint (the AWS CLI's describe-endpoints example: 1440 minutes). */
  static final long CACHE_PERIOD_MINUTES = 1440;
  /**
   * The service's default provisioned-capacity quotas: 80,000 read and write units per account and
   * region, 40,000 per table (the AWS CLI's describe-limits example; the Developer Guide's quotas).
   */
  static final long ACCOUNT_MAX_UNITS = 80_000;
  static final long TABLE_MAX_UNITS = 40_000;

  private ServiceInfo() {}

  /** The address clients reach this database at: the server's host:port, or "localhost" in process. */
  public static DescribeEndpointsResponse describeEndpoints(EngineContext ctx, DescribeEndpointsRequest req) {
    return DescribeEndpointsResponse.builder()
        .endpoints(Endpoint.builder().address(ctx.endpointAddress()).cachePeriodInMinutes(CACHE_PERIOD_MINUTES).build())
        .build();
  }

  public static DescribeLimitsResponse describeLimits(EngineContext ctx, DescribeLimitsRequest req) {
    return DescribeLimitsResponse.builder()
        .accountMaxReadCapacityUnits(ACCOUNT_MAX_UNITS).accountMaxWriteCapacityUnits(ACCOUNT_MAX_UNITS)
        .tableMaxReadCapacityUnits(TABLE_MAX_UNITS).tableMaxWriteCapacityUnits(TABLE_MAX_UNITS)
        .build();
  }
}

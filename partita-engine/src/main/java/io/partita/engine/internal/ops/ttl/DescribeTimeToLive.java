package io.partita.engine.internal.ops.ttl;

import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.table.TimeToLive;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTimeToLiveResponse;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveStatus;

/**
 * DescribeTimeToLive: ENABLED with the attribute, or DISABLED without one, whether Time to Live was
 * never on or was turned off (the service shows neither ENABLING nor DISABLING, nor the attribute of
 * a disabled setting: docs/ttl-streams.md section 2).
 */
public final class DescribeTimeToLive {
  private DescribeTimeToLive() {}

  public static DescribeTimeToLiveResponse execute(EngineContext ctx, DescribeTimeToLiveRequest req) {
    TimeToLive ttl = ctx.catalog().get(req.tableName()).def().timeToLive();
    TimeToLiveDescription.Builder d = TimeToLiveDescription.builder();
    if (TimeToLive.maintained(ttl)) {
      d.timeToLiveStatus(TimeToLiveStatus.ENABLED).attributeName(ttl.attributeName());
    } else {
      d.timeToLiveStatus(TimeToLiveStatus.DISABLED);
    }
    return DescribeTimeToLiveResponse.builder().timeToLiveDescription(d.build()).build();
  }
}

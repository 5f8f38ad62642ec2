package io.partita.engine.internal.ops.schema;

import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.table.TableDef;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.DescribeKinesisStreamingDestinationRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeKinesisStreamingDestinationResponse;
import software.amazon.awssdk.services.dynamodb.model.DisableKinesisStreamingDestinationRequest;
import software.amazon.awssdk.services.dynamodb.model.DisableKinesisStreamingDestinationResponse;
import software.amazon.awssdk.services.dynamodb.model.EnableKinesisStreamingDestinationRequest;
import software.amazon.awssdk.services.dynamodb.model.EnableKinesisStreamingDestinationResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateKinesisStreamingDestinationRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateKinesisStreamingDestinationResponse;

/**
 * Kinesis Data Streams destinations: a table here has none, which Describe answers (the table's name
 * and an empty list, as the service answers a table that never had one); Enable, Disable and Update are
 * refused by name once the table is known to exist ({@link Unsupported}).
 */
public final class KinesisDestinations {
  private KinesisDestinations() {}

  public static DescribeKinesisStreamingDestinationResponse describe(EngineContext ctx,
      DescribeKinesisStreamingDestinationRequest req) {
    TableDef def = ctx.catalog().get(req.tableName()).def();
    return DescribeKinesisStreamingDestinationResponse.builder().tableName(def.name())
        .kinesisDataStreamDestinations(List.of()).build();
  }

  public static EnableKinesisStreamingDestinationResponse enable(EngineContext ctx,
      EnableKinesisStreamingDestinationRequest req) {
    ctx.catalog().get(req.tableName());
    throw Unsupported.refuse("EnableKinesisStreamingDestination", Unsupported.NO_KINESIS);
  }

  public static DisableKinesisStreamingDestinationResponse disable(EngineContext ctx,
      DisableKinesisStreamingDestinationRequest req) {
    ctx.catalog().get(req.tableName());
    throw Unsupported.refuse("DisableKinesisStreamingDestination", Unsupported.NO_KINESIS);
  }

  public static UpdateKinesisStreamingDestinationResponse update(EngineContext ctx,
      UpdateKinesisStreamingDestinationRequest req) {
    ctx.catalog().get(req.tableName());
    throw Unsupported.refuse("UpdateKinesisStreamingDestination", Unsupported.NO_KINESIS);
  }
}

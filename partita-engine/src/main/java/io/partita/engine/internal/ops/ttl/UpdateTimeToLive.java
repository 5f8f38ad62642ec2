package io.partita.engine.internal.ops.ttl;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.context.Backfill;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.internal.table.Table;
import io.partita.engine.internal.table.TableDef;
import io.partita.engine.internal.table.TimeToLive;
import io.partita.engine.internal.value.AttributeValues;
import java.time.Duration;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveSpecification;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveResponse;

/**
 * UpdateTimeToLive: turns a table's expiry on (DescribeTimeToLive says ENABLED at once, as the
 * service does) or off, with the service's refusals in its order (docs/ttl-streams.md section 1).
 * Turning it on enters the items already there into the expiry index in the background ({@link
 * ExpiryBackfill}); turning it off drops the index in the same atomic batch as the definition.
 */
public final class UpdateTimeToLive {
  /**
   * The service refuses a second change within a while: documented as up to an hour, observed at
   * about 30 minutes (docs/ttl-streams.md section 1.2); Partita takes the observed 30 minutes, by its
   * clock.
   */
  static final Duration COOLDOWN = Duration.ofMinutes(30);

  private UpdateTimeToLive() {}

  public static UpdateTimeToLiveResponse execute(EngineContext ctx, UpdateTimeToLiveRequest req) {
    TimeToLiveSpecification spec = req.timeToLiveSpecification();
    String name = spec.attributeName();
    AttributeValues.checkName(name);
    boolean enable = spec.enabled();
    synchronized (ctx.catalog()) {
      Table table = ctx.catalog().get(req.tableName());
      TableDef def = table.def();
      TimeToLive ttl = def.timeToLive();
      boolean on = TimeToLive.maintained(ttl);
      if (on && !ttl.attributeName().equals(name)) {
        throw PartitaException.validation(
            "TimeToLive is active on a different AttributeName: current AttributeName is " + ttl.attributeName());
      }
      if (enable && on) {
        throw PartitaException.validation("TimeToLive is already enabled");
      }
      if (!enable && !on) {
        throw PartitaException.validation("TimeToLive is already disabled");
      }
      long now = ctx.clock().millis();
      if (ttl != null && now - ttl.changedMillis() < COOLDOWN.toMillis()) {
        throw PartitaException.validation("Time to live has been modified multiple times within a fixed interval");
      }
      if (!enable) {
        Backfill indexing = ctx.backfills().remove(ExpiryBackfill.key(def));
        if (indexing != null) {
          indexing.cancel();
        }
      }
      ctx.catalog().updateExclusively(def.withTimeToLive(new TimeToLive(name, enable, enable, now)), batch -> {
        if (!enable) {
          batch.deleteRange(Keyspace.expiryFrom(def.id(), 0), Keyspace.expiryTo(def.id()));
        }
      });
      if (enable) {
        new ExpiryBackfill(ctx, table).start();
      }
    }
    return UpdateTimeToLiveResponse.builder().timeToLiveSpecification(spec).build();
  }
}

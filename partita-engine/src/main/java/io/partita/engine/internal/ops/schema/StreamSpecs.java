package io.partita.engine.internal.ops.schema;

import io.partita.engine.PartitaException;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.ops.context.Streams;
import io.partita.engine.internal.table.StreamDef;
import io.partita.engine.internal.table.TableDef;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;

/**
 * The StreamSpecification of CreateTable and UpdateTable, with the service's refusals
 * (docs/ttl-streams.md section 4 and 6; the sentences say "UpdateViewType" where the parameter is
 * StreamViewType, as the service's do).
 */
final class StreamSpecs {
  private static final String INVALID = "One or more parameter values were invalid: ";

  private StreamSpecs() {}

  /** CreateTable's: the view type of the stream to enable with the table, or null for none. */
  static String forCreate(StreamSpecification spec) {
    if (spec == null) {
      return null;
    }
    boolean enabled = Boolean.TRUE.equals(spec.streamEnabled());
    if (enabled && spec.streamViewType() == null) {
      throw PartitaException.validation(INVALID + "Table is being created with a stream enabled, UpdateViewType is required");
    }
    if (!enabled && spec.streamViewType() != null) {
      throw PartitaException.validation(
          INVALID + "Table is being created with a stream disabled, UpdateViewType should not be specified");
    }
    return enabled ? spec.streamViewTypeAsString() : null;
  }

  /** UpdateTable's: the table's streams once a stream is enabled (a new one) or the enabled one disabled. */
  static List<StreamDef> forUpdate(EngineContext ctx, TableDef def, StreamSpecification spec) {
    boolean enable = Boolean.TRUE.equals(spec.streamEnabled());
    if (enable && spec.streamViewType() == null) {
      throw PartitaException.validation(INVALID + "If stream is being enabled then UpdateViewType is required");
    }
    if (!enable && spec.streamViewType() != null) {
      throw PartitaException.validation(
          INVALID + "If stream is being disabled, then UpdateViewType must not be specified");
    }
    StreamDef current = def.enabledStream();
    if (enable) {
      // changing the view type of an enabled stream is refused the same way: disable it first
      if (current != null) {
        throw PartitaException.validation("Table already has an enabled stream: TableName: " + def.name());
      }
      List<StreamDef> streams = new ArrayList<>(def.streams());
      streams.add(ctx.streams().newStream(def, spec.streamViewTypeAsString(), ctx.clock().millis()));
      return streams;
    }
    if (current == null) {
      throw PartitaException.validation("Table has no stream to disable: TableName: " + def.name());
    }
    return Streams.replaceLast(def.streams(), ctx.streams().closed(current));
  }
}

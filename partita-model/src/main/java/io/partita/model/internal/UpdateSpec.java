package io.partita.model.internal;

import java.util.List;
import java.util.Map;

import io.partita.model.Condition;
import io.partita.model.Key;

/** What an {@code Update} builder collected; {@link EntityOps#planUpdate} turns it into one UpdateItem. */
public record UpdateSpec(Key key, List<Action> actions, Condition condition, Long expectedVersion,
    Map<String, Object> assumed) {

  /** The kinds of change, each on one path. */
  public enum Kind { SET, ADD, SUBTRACT, APPEND, PREPEND, REMOVE, DELETE_FROM_SET, SET_IF_NOT_EXISTS }

  /** One change: {@code value} is null for REMOVE. */
  public record Action(Kind kind, String path, Object value) {}

  public UpdateSpec {
    actions = List.copyOf(actions);
    assumed = Map.copyOf(assumed);
  }
}

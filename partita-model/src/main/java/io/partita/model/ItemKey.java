package io.partita.model;

import java.util.Objects;

/** An entity and the key values of one of its items: what a batch could not read or write. */
public record ItemKey(String entity, Key key) {
  public ItemKey {
    Objects.requireNonNull(entity, "entity");
    Objects.requireNonNull(key, "key");
  }
}

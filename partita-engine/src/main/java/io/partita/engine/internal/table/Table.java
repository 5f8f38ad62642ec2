package io.partita.engine.internal.table;

import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A live table: its current definition and the lock that keeps item writes and DeleteTable apart.
 * Item writes hold the read side (they run concurrently with each other); DeleteTable holds the
 * write side, so no write can land under the prefix of a table that is being dropped.
 */
public final class Table {
  private volatile TableDef def;
  private volatile boolean dropped;
  private final ReadWriteLock lifecycle = new ReentrantReadWriteLock();

  Table(TableDef def) {
    this.def = def;
  }

  public TableDef def() {
    return def;
  }

  void replace(TableDef def) {
    this.def = def;
  }

  public boolean dropped() {
    return dropped;
  }

  void markDropped() {
    dropped = true;
  }

  public ReadWriteLock lifecycle() {
    return lifecycle;
  }
}

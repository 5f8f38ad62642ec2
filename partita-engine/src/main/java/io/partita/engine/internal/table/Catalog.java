package io.partita.engine.internal.table;

import io.partita.engine.ErrorCode;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Store;
import io.partita.engine.served.Served;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongFunction;

/**
 * The tables of one database: loaded from the store when it opens, changed only through this
 * class. Table names are case-sensitive, as in DynamoDB ({@code Music} and {@code music} are two
 * tables).
 */
public final class Catalog {
  private final Store store;
  /** The region and account of the database's ARNs: a table ARN names one of these tables only in them. */
  private final Home home;
  private final Map<String, Table> tables = new ConcurrentHashMap<>();

  public Catalog(Store store) {
    this(store, Home.DEFAULT);
  }

  public Catalog(Store store, Home home) {
    this.store = store;
    this.home = home;
    for (Store.Entry e : store.scan(Keyspace.TABLES_FROM, Keyspace.TABLES_TO, Integer.MAX_VALUE)) {
      TableDef def = TableDefCodec.decode(e.value());
      tables.put(def.name(), new Table(def));
    }
  }

  /**
   * The table a request names by its name or its ARN (the one place a request's table is looked
   * up, so every operation takes either: {@link Arns#tableName}), for an operation on the table
   * itself (DescribeTable, UpdateTable, DeleteTable), or DynamoDB's ResourceNotFoundException naming
   * it as given: {@code Requested resource not found: Table: X not found}.
   */
  public Table get(String nameOrArn) {
    Table t = lookUp(nameOrArn);
    if (t == null) {
      throw notFound(nameOrArn);
    }
    return t;
  }

  /**
   * The name of the table a request names by name or ARN (a request naming one table both ways names
   * it once), or what was given when it names no table of this database.
   */
  public String nameOf(String nameOrArn) {
    String name = Arns.tableName(home, nameOrArn);
    return name == null ? nameOrArn : name;
  }

  private Table lookUp(String nameOrArn) {
    String name = Arns.tableName(home, nameOrArn);
    // the table a request names is one of its facts, even when there is no such table
    Served.named(name == null ? nameOrArn : name);
    return name == null ? null : tables.get(name);
  }

  /**
   * The name a new table takes from CreateTable's TableName, a name or a table ARN of this database's
   * region and account; an ARN of another cannot be created here.
   */
  public String nameToCreate(String nameOrArn) {
    String name = Arns.tableName(home, nameOrArn);
    Served.named(name == null ? nameOrArn : name);
    if (name == null) {
      throw PartitaException.validation("One or more parameter values were invalid: " + nameOrArn
          + " names a table of another region or account; this database is account " + home.account()
          + " in " + home.region());
    }
    return name;
  }

  /** The table of that name, or null (background work that meets a table dropped meanwhile). */
  public Table tableOrNull(String name) {
    return tables.get(name);
  }

  /**
   * The table a request names by its name or ARN, for an operation on its items, or DynamoDB's ResourceNotFoundException as the
   * service answers it there: {@code Requested resource not found}, without the name (observed
   * for GetItem, PutItem, DeleteItem, Scan, the batches and the transactions; see
   * docs/dynamodb-messages.md).
   */
  public Table forItems(String nameOrArn) {
    Table t = lookUp(nameOrArn);
    // a table a restore or an import is still filling is CREATING: its items are not there to be used yet
    if (t == null || t.def().filling()) {
      throw ITEMS_NOT_FOUND;
    }
    return t;
  }

  private static final PartitaException ITEMS_NOT_FOUND =
      new PartitaException(ErrorCode.ResourceNotFoundException, "Requested resource not found");

  /** The answer to an item operation whose table was deleted under it. */
  public static PartitaException itemsNotFound() {
    return ITEMS_NOT_FOUND;
  }

  public static PartitaException notFound(String name) {
    return new PartitaException(ErrorCode.ResourceNotFoundException,
        "Requested resource not found: Table: " + name + " not found");
  }

  /** Table names in DynamoDB's ListTables order (UTF-8 byte order, which String order matches for table-name characters). */
  public List<String> names() {
    return new ArrayList<>(new TreeMap<>(tables).keySet());
  }

  /**
   * The live tables now, in the order of {@link #names()}: what background work (expiry, streams,
   * resumed builds) walks; a table dropped after this call is seen dropped by its {@link Table#dropped}.
   */
  public List<Table> tables() {
    return new ArrayList<>(new TreeMap<>(tables).values());
  }

  /** Creates a table; {@code definition} receives the storage id allocated for it. */
  public synchronized TableDef create(String name, LongFunction<TableDef> definition) {
    if (tables.containsKey(name)) {
      throw new PartitaException(ErrorCode.ResourceInUseException, "Table already exists: " + name);
    }
    long id = store.counter(Keyspace.NEXT_TABLE_ID_KEY) + 1;
    TableDef def = definition.apply(id);
    store.write(batch -> batch
        .put(Keyspace.tableKey(name), TableDefCodec.encode(def))
        .addToCounter(Keyspace.NEXT_TABLE_ID_KEY, 1));
    tables.put(name, new Table(def));
    return def;
  }

  /** Stores a changed definition of an existing table. */
  public synchronized void update(TableDef def) {
    Table t = get(def.name());
    store.write(batch -> batch.put(Keyspace.tableKey(def.name()), TableDefCodec.encode(def)));
    t.replace(def);
  }

  /**
   * Stores a changed definition together with {@code alongside} in one atomic batch, with no item
   * write of the table in flight: a write that began under the old definition has finished, and
   * every later one sees the new (turning Time to Live on or off, with its expiry index).
   */
  public synchronized void updateExclusively(TableDef def, java.util.function.Consumer<Store.Batch> alongside) {
    Table t = get(def.name());
    t.lifecycle().writeLock().lock();
    try {
      store.write(batch -> {
        alongside.accept(batch);
        batch.put(Keyspace.tableKey(def.name()), TableDefCodec.encode(def));
      });
      t.replace(def);
    } finally {
      t.lifecycle().writeLock().unlock();
    }
  }

  /** Drops a table and all its items; waits for item writes in flight to finish first. */
  public TableDef delete(String name) {
    return delete(name, batch -> { });
  }

  /**
   * Drops a table and all its items with {@code alongside} in the same atomic batch (a failed import's
   * record); waits for item writes in flight to finish first.
   */
  public synchronized TableDef delete(String name, java.util.function.Consumer<Store.Batch> alongside) {
    Table t = get(name);
    t.lifecycle().writeLock().lock();
    try {
      TableDef def = t.def();
      long id = def.id();
      store.write(batch -> alongside.accept(batch
          .delete(Keyspace.tableKey(name))
          .delete(Keyspace.itemCountKey(id))
          .delete(Keyspace.sizeBytesKey(id))
          .deleteRange(Keyspace.itemsFrom(id), Keyspace.itemsTo(id))
          .deleteRange(Keyspace.indexesFrom(id), Keyspace.indexesTo(id))
          .deleteRange(Keyspace.expiryFrom(id, 0), Keyspace.expiryTo(id))
          .deleteRange(Keyspace.streamKey(id, 0), Keyspace.streamTo(id))
          .deleteRange(Keyspace.changesFrom(id, 0), Keyspace.changesTo(id))
          .deleteRange(Keyspace.statsFrom(id), Keyspace.statsTo(id))));
      t.markDropped();
      tables.remove(name);
      return def;
    } finally {
      t.lifecycle().writeLock().unlock();
    }
  }

  /**
   * Drops every table a crash left being filled by a restore or an import ({@link TableDef#filling}):
   * called once at open, before any request, so a half-filled table is never seen.
   */
  public void dropUnfinished() {
    for (Table table : tables()) {
      if (table.def().filling()) {
        delete(table.def().name());
      }
    }
  }

  public long itemCount(TableDef def) {
    return store.counter(Keyspace.itemCountKey(def.id()));
  }

  public long sizeBytes(TableDef def) {
    return store.counter(Keyspace.sizeBytesKey(def.id()));
  }

  public long indexItemCount(TableDef def, String indexName) {
    return store.counter(Keyspace.indexCountKey(def.id(), indexName));
  }

  public long indexSizeBytes(TableDef def, String indexName) {
    return store.counter(Keyspace.indexSizeKey(def.id(), indexName));
  }

}

package io.partita.server.tables;

import io.partita.engine.ErrorCode;
import io.partita.engine.Faults;
import io.partita.engine.Partita;
import io.partita.engine.PartitaException;
import io.partita.engine.internal.transfer.ItemFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.UpdateContinuousBackupsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * {@code partita serve --tables FILE... --seed [TABLE=]FILE...}: the files are read and checked before the data
 * folder is opened ({@link #read}), so a refused file changes nothing; then {@link #apply} makes each table that
 * is not there yet (CreateTable, then UpdateTimeToLive and UpdateContinuousBackups), leaves a table that is
 * (saying what differs from the file, if anything), and puts the items: a model's own sample items, then the seed
 * files', in the order given. The files are the operator's, named on the command line; no client request reaches
 * this. docs/tables-from-infrastructure.md.
 */
public final class TablesAtStart {
  private static final Pattern TABLE_NAME = Pattern.compile("[a-zA-Z0-9_.-]{3,255}");
  private final List<TableDefinition> tables;
  private final List<String> notices;
  private final List<Seed> seeds;

  /** A seed file and the table its items go into. */
  public record Seed(String table, Path file) {}

  private TablesAtStart(List<TableDefinition> tables, List<String> notices, List<Seed> seeds) {
    this.tables = tables;
    this.notices = notices;
    this.seeds = seeds;
  }

  /**
   * Reads every table file and checks every seed argument; throws {@link RefusedException} with every reason at
   * once. {@code region} is the server's: a template's {@code !Ref AWS::Region}, and the replica of a global table.
   */
  public static TablesAtStart read(List<Path> tableFiles, List<String> seedArguments, String region) {
    List<String> refusals = new ArrayList<>();
    TableFiles.Read read;
    try {
      read = TableFiles.read(tableFiles == null ? List.of() : tableFiles, region);
    } catch (RefusedException e) {
      refusals.addAll(e.lines());
      read = new TableFiles.Read(List.of(), List.of());
    }
    List<Seed> seeds = new ArrayList<>();
    for (String argument : seedArguments == null ? List.<String>of() : seedArguments) {
      Seed seed = seed(argument);
      if (!Files.isRegularFile(seed.file())) {
        refusals.add("--seed " + argument + ": " + seed.file() + " does not exist");
      } else if (!TABLE_NAME.matcher(seed.table()).matches()) {
        refusals.add("--seed " + argument + ": '" + seed.table() + "' is not a table name; write TABLE=FILE");
      } else {
        seeds.add(seed);
      }
    }
    if (!refusals.isEmpty()) {
      throw new RefusedException(refusals);
    }
    return new TablesAtStart(read.tables(), read.notices(), seeds);
  }

  /**
   * {@code TABLE=FILE}, or {@code FILE} alone for the table named as the file up to its first dot
   * ({@code orders.json} and {@code orders.items.json} seed {@code orders}). An argument that is an existing file
   * is a file even when its name holds an '='.
   */
  static Seed seed(String argument) {
    int eq = argument.indexOf('=');
    if (eq > 0 && !Files.isRegularFile(Path.of(argument))
        && TABLE_NAME.matcher(argument.substring(0, eq)).matches()) {
      return new Seed(argument.substring(0, eq), Path.of(argument.substring(eq + 1)));
    }
    Path file = Path.of(argument);
    String name = file.getFileName() == null ? argument : file.getFileName().toString();
    return new Seed(name.contains(".") ? name.substring(0, name.indexOf('.')) : name, file);
  }

  public List<TableDefinition> tables() {
    return tables;
  }

  public List<String> notices() {
    return notices;
  }

  public boolean isEmpty() {
    return tables.isEmpty() && seeds.isEmpty();
  }

  /**
   * Makes the tables and puts the items, printing one line per table and seed file to {@code out} (the notices
   * first). Injected faults and throttling, when the server was started with them, are held off meanwhile: they
   * are for clients, not for the operator's own set-up. Throws {@link RefusedException} when the engine refuses a
   * table or an item (the tables made before it stay).
   */
  public void apply(Partita db, PrintStream out) {
    apply(db, out, out);
  }

  /** {@link #apply(Partita, PrintStream)}, with the notices and warnings on {@code err}. */
  public void apply(Partita db, PrintStream out, PrintStream err) {
    notices.forEach(n -> err.println("notice: " + n));
    boolean throttled = db.throttles();
    Faults faults = db.faults();
    db.throttle(false);
    db.injectFaults(Faults.NONE);
    try {
      for (TableDefinition t : tables) {
        String line = make(db, t);
        (line.startsWith("warning:") ? err : out).println(line);
      }
      for (TableDefinition t : tables) {
        if (!t.items().isEmpty()) {
          long n = put(db, t.name(), t.items(), t.source());
          out.println("Put " + n + " items of " + t.source() + " into " + t.name());
        }
      }
      for (Seed seed : seeds) {
        out.println(seed(db, seed));
      }
    } finally {
      db.injectFaults(faults);
      db.throttle(throttled);
    }
  }

  /** Creates the table if it is missing; else compares. Answers the line to print. */
  private static String make(Partita db, TableDefinition t) {
    TableDescription existing = describe(db, t.name());
    if (existing != null) {
      List<String> differences = TableComparison.differences(db, existing, t);
      return differences.isEmpty()
          ? "Table " + t.name() + " is already there as " + t.source() + " defines it; left as it is"
          : "warning: table " + t.name() + " is already there and differs from " + t.source() + ": "
              + String.join("; ", differences) + ". It is left as it is (its items are kept); delete it (aws dynamodb"
              + " delete-table) and start again to have it made as the file says";
    }
    try {
      db.execute(t.create());
      if (t.timeToLiveAttribute() != null) {
        db.execute(UpdateTimeToLiveRequest.builder().tableName(t.name())
            .timeToLiveSpecification(s -> s.attributeName(t.timeToLiveAttribute()).enabled(true)).build());
      }
      if (t.pointInTimeRecovery()) {
        db.execute(UpdateContinuousBackupsRequest.builder().tableName(t.name())
            .pointInTimeRecoverySpecification(s -> s.pointInTimeRecoveryEnabled(true)
                .recoveryPeriodInDays(t.recoveryPeriodInDays())).build());
      }
    } catch (PartitaException e) {
      throw new RefusedException(List.of(t.source() + ": table " + t.name() + " refused: " + e.code() + ": "
          + e.getMessage()));
    }
    List<String> features = new ArrayList<>();
    var c = t.create();
    if (c.hasGlobalSecondaryIndexes()) {
      features.add(c.globalSecondaryIndexes().size() + " GSI");
    }
    if (c.hasLocalSecondaryIndexes()) {
      features.add(c.localSecondaryIndexes().size() + " LSI");
    }
    if (c.streamSpecification() != null) {
      features.add("stream " + c.streamSpecification().streamViewTypeAsString());
    }
    if (t.timeToLiveAttribute() != null) {
      features.add("TTL on " + t.timeToLiveAttribute());
    }
    if (t.pointInTimeRecovery()) {
      features.add("point-in-time recovery");
    }
    if (c.hasTags()) {
      features.add(c.tags().size() + (c.tags().size() == 1 ? " tag" : " tags"));
    }
    return "Created table " + t.name() + " from " + t.source() + (features.isEmpty() ? "" : " (" + String.join(", ",
        features) + ")");
  }

  static TableDescription describe(Partita db, String table) {
    try {
      return db.<software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse>execute(DescribeTableRequest.builder().tableName(table).build()).table();
    } catch (PartitaException e) {
      if (e.code() == ErrorCode.ResourceNotFoundException) {
        return null;
      }
      throw e;
    }
  }

  private static String seed(Partita db, Seed seed) {
    if (describe(db, seed.table()) == null) {
      throw new RefusedException(List.of("--seed " + seed.file() + ": there is no table " + seed.table() + " (define it"
          + " in a --tables file, or name another table as TABLE=FILE)"));
    }
    try (InputStream in = Files.newInputStream(seed.file())) {
      long n = ItemFiles.seed(r -> write(db, r), seed.table(), in, count -> { });
      return "Put " + n + " items from " + seed.file() + " into " + seed.table();
    } catch (IOException | IllegalArgumentException e) {
      throw new RefusedException(List.of("--seed " + seed.file() + ": " + e.getMessage()));
    } catch (PartitaException e) {
      throw new RefusedException(List.of("--seed " + seed.file() + ": an item was refused by table " + seed.table()
          + ": " + e.code() + ": " + e.getMessage()));
    }
  }

  private static long put(Partita db, String table, List<Map<String, AttributeValue>> items, String source) {
    try {
      for (int i = 0; i < items.size(); i += 25) {
        List<WriteRequest> batch = new ArrayList<>();
        for (Map<String, AttributeValue> item : items.subList(i, Math.min(items.size(), i + 25))) {
          batch.add(WriteRequest.builder().putRequest(r -> r.item(item)).build());
        }
        write(db, BatchWriteItemRequest.builder().requestItems(Map.of(table, batch)).build());
      }
      return items.size();
    } catch (PartitaException e) {
      throw new RefusedException(List.of(source + ": an item was refused by table " + table + ": " + e.code() + ": "
          + e.getMessage()));
    }
  }

  /** One batch, again with what is left unprocessed until nothing is (throttling is held off, so rarely). */
  private static void write(Partita db, BatchWriteItemRequest request) {
    BatchWriteItemRequest next = request;
    while (true) {
      BatchWriteItemResponse r = db.execute(next);
      if (!r.hasUnprocessedItems() || r.unprocessedItems().isEmpty()) {
        return;
      }
      next = BatchWriteItemRequest.builder().requestItems(r.unprocessedItems()).build();
    }
  }
}

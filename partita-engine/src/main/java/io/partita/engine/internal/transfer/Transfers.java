package io.partita.engine.internal.transfer;

import io.partita.engine.TransferProgress;
import io.partita.engine.internal.ops.context.EngineContext;
import io.partita.engine.internal.storage.Keyspace;
import io.partita.engine.internal.storage.Store;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ExportStatus;
import software.amazon.awssdk.services.dynamodb.model.ImportStatus;
import software.amazon.awssdk.services.dynamodb.model.ImportTableDescription;

/**
 * A database's exports and imports: where their buckets are, the record of each (stored, so
 * DescribeImport, ListImports and their export counterparts answer across restarts; DynamoDB lists
 * the last 90 days', Partita keeps them all), the ClientTokens seen, and who is told of progress.
 * Attached to the {@link EngineContext} when the database opens; the operations find it there.
 */
public final class Transfers {
  /** How long a ClientToken makes ImportTable and ExportTableToPointInTime idempotent (API reference: 8 hours). */
  static final long TOKEN_MILLIS = 8 * 3600_000L;

  /** The FailureCode of an import or export a stop of the database interrupted (Partita's: the service's is not known). */
  static final String INTERRUPTED = "ServerStopped";

  final S3Directories directories;
  final TransferProgress progress;
  private final Store store;
  /** Jobs by ARN, oldest first; each is one export's or import's record, as stored. */
  private final Map<String, Job<?>> jobs = new LinkedHashMap<>();

  /** The transfers of the database in {@code store}, their records read back oldest first. */
  public Transfers(Store store, Supplier<Path> s3Root, TransferProgress progress) {
    this.directories = new S3Directories(s3Root);
    this.progress = progress;
    this.store = store;
    for (Store.Entry e : store.scan(Keyspace.TRANSFERS_FROM, Keyspace.TRANSFERS_TO, Integer.MAX_VALUE)) {
      Job<?> job = JobCodec.decode(e.value());
      jobs.put(arnOf(job.description), job);
    }
  }

  /**
   * Records as FAILED every import and export a stop of the database left IN_PROGRESS (called once
   * at open, before any request; their tables were dropped by {@code Catalog.dropUnfinished}).
   */
  public synchronized void failInterrupted(long nowMillis) {
    for (Map.Entry<String, Job<?>> e : jobs.entrySet()) {
      Job<?> job = e.getValue();
      if (job.description instanceof ImportTableDescription d && d.importStatus() == ImportStatus.IN_PROGRESS) {
        finish(e.getKey(), ofImport(job), d.toBuilder().importStatus(ImportStatus.FAILED).failureCode(INTERRUPTED)
            .failureMessage("The database stopped during the import; its table, not yet complete, was dropped")
            .importedItemCount(0L).endTime(Instant.ofEpochMilli(nowMillis)).build());
      } else if (job.description instanceof ExportDescription d && d.exportStatus() == ExportStatus.IN_PROGRESS) {
        finish(e.getKey(), ofExport(job), d.toBuilder().exportStatus(ExportStatus.FAILED).failureCode(INTERRUPTED)
            .failureMessage("The database stopped during the export; its files are not complete")
            .endTime(Instant.ofEpochMilli(nowMillis)).build());
      }
    }
  }

  @SuppressWarnings("unchecked")
  private static Job<ImportTableDescription> ofImport(Job<?> job) {
    return (Job<ImportTableDescription>) job;
  }

  @SuppressWarnings("unchecked")
  private static Job<ExportDescription> ofExport(Job<?> job) {
    return (Job<ExportDescription>) job;
  }

  private static String arnOf(Object description) {
    return description instanceof ImportTableDescription d ? d.importArn() : ((ExportDescription) description).exportArn();
  }

  /** The directory standing for S3: bucket B is {@code root/B}. */
  public Path s3Root() {
    return directories.root();
  }

  /**
   * One export or import: its request (without ClientToken, to compare a retry's), its token and when
   * it was given, and its description as it stands.
   */
  static final class Job<D> {
    final Object request;
    final String clientToken;
    final long startMillis;
    volatile D description;
    /** Where an import's bad records are listed, or null when it had none. */
    volatile Path errorLog;

    Job(Object request, String clientToken, long startMillis, D description) {
      this.request = request;
      this.clientToken = clientToken;
      this.startMillis = startMillis;
      this.description = description;
    }
  }

  /** Stores a new job's record and lists it. */
  synchronized void add(String arn, Job<?> job) {
    store.write(batch -> put(batch, arn, job, job.description));
    jobs.put(arn, job);
  }

  /** Gives {@code job} its final description and stores it. */
  <D> void finish(String arn, Job<D> job, D description) {
    finish(arn, job, description, store::write);
  }

  /**
   * Gives {@code job} its final description and stores it through {@code write}, which runs the
   * record's put with whatever must change in the same atomic batch (an import's table: its mark
   * cleared, or the table dropped), so the record never tells other than what the store holds; the
   * description is answered once it is stored.
   */
  <D> void finish(String arn, Job<D> job, D description,
      java.util.function.Consumer<java.util.function.Consumer<Store.Batch>> write) {
    write.accept(batch -> put(batch, arn, job, description));
    job.description = description;
  }

  private static void put(Store.Batch batch, String arn, Job<?> job, Object description) {
    batch.put(Keyspace.transferKey(job.startMillis, arn), JobCodec.encode(job, description));
  }

  /** The job of a ClientToken given in the last 8 hours for a job of this kind, or null. */
  synchronized <D> Job<D> byToken(Class<D> kind, String token, long nowMillis) {
    if (token == null) {
      return null;
    }
    for (Job<?> j : jobs.values()) {
      if (token.equals(j.clientToken) && kind.isInstance(j.description) && nowMillis - j.startMillis < TOKEN_MILLIS) {
        @SuppressWarnings("unchecked")
        Job<D> found = (Job<D>) j;
        return found;
      }
    }
    return null;
  }

  /** One page of a listing: summaries and the NextToken of the page after it (null: the last). */
  record Page<S>(List<S> summaries, String nextToken) {}

  /**
   * A page of ListExports or ListImports: the jobs of {@code kind} of table {@code tableArn} (null:
   * every table), oldest first, {@code size} a page, after the job a NextToken names.
   */
  <D, S> Page<S> page(Class<D> kind, String tableArn, int size, String nextToken,
      java.util.function.Function<D, String> tableOf, java.util.function.Function<D, S> summary) {
    String after = nextToken == null ? null : ListTokens.arn(nextToken);
    List<S> page = new ArrayList<>();
    boolean started = after == null;
    String last = null;
    for (Map.Entry<String, Job<D>> e : jobs(kind)) {
      if (!started) {
        started = e.getKey().equals(after);
        continue;
      }
      D d = e.getValue().description;
      if (tableArn != null && !tableArn.equals(tableOf.apply(d))) {
        continue;
      }
      if (page.size() == size) {
        return new Page<>(page, ListTokens.of(last));
      }
      page.add(summary.apply(d));
      last = e.getKey();
    }
    return new Page<>(page, null);
  }

  /** The description of the job of {@code kind} at {@code arn}, or null when there is none. */
  synchronized <D> D description(Class<D> kind, String arn) {
    Job<?> job = jobs.get(arn);
    return job == null || !kind.isInstance(job.description) ? null : kind.cast(job.description);
  }

  /** The jobs of a kind, oldest first. */
  synchronized <D> List<Map.Entry<String, Job<D>>> jobs(Class<D> kind) {
    List<Map.Entry<String, Job<D>>> out = new ArrayList<>();
    for (Map.Entry<String, Job<?>> e : jobs.entrySet()) {
      if (kind.isInstance(e.getValue().description)) {
        @SuppressWarnings("unchecked")
        Job<D> j = (Job<D>) e.getValue();
        out.add(Map.entry(e.getKey(), j));
      }
    }
    return out;
  }

  /** The file listing an import's bad records (file, line, why), or null when it had none or is unknown. */
  public synchronized Path importErrorLog(String importArn) {
    Job<?> j = jobs.get(importArn);
    return j == null ? null : j.errorLog;
  }

  /** A new export or import id as DynamoDB shapes them: 14 digits of milliseconds, a dash, 8 hex digits. */
  static String newId(long millis) {
    return String.format("%014d-%08x", millis, java.util.concurrent.ThreadLocalRandom.current().nextInt());
  }
}

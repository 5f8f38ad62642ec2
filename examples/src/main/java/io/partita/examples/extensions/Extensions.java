package io.partita.examples.extensions;

import java.util.List;
import java.util.Optional;

import io.partita.embedded.PartitaDynamoDb;
import io.partita.model.AccessPattern;
import io.partita.model.Entity;
import io.partita.model.Key;
import io.partita.model.Model;
import io.partita.model.ModelClient;
import io.partita.model.TableSchema;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * An application's extensions and their versions, from the single-table design notes: an extension's metadata
 * and every version live in one partition ({@code EXT#Stealth}), told apart by the sort key ({@code METADATA#Stealth},
 * {@code VERSION#1.0.0}), which serves the four access patterns with one GetItem or Query each.
 */
public final class Extensions {

  /** What an extension's partition holds. */
  public sealed interface ExtensionItem permits Extension, Version {}

  public record Extension(String name, String title, String description, String url) implements ExtensionItem {}

  public record Version(String name, String version, int revision, String readme) implements ExtensionItem {}

  public final Entity<Extension> extension = Entity.of(Extension.class).key("EXT#{name}", "METADATA#{name}");
  public final Entity<Version> version = Entity.of(Version.class).key("EXT#{name}", "VERSION#{version}");

  /** 1. Retrieve an extension: PK = EXT#name AND SK = METADATA#name. */
  public final AccessPattern<Extension> getExtension = AccessPattern.of("Retrieve an extension", extension)
      .partition("EXT#{name}").sortEq("METADATA#{name}").build();
  /** 2. Retrieve an extension and all its versions: PK = EXT#name. */
  public final AccessPattern<ExtensionItem> extensionWithVersions =
      AccessPattern.collection("Retrieve an extension and all its versions", ExtensionItem.class, extension, version)
          .partition("EXT#{name}").build();
  /** 3. Retrieve only the versions of an extension: PK = EXT#name AND begins_with(SK, VERSION#). */
  public final AccessPattern<Version> versions = AccessPattern.of("Retrieve the versions of an extension", version)
      .partition("EXT#{name}").sortBeginsWith("VERSION#").build();
  /** 4. Retrieve a specific version: PK = EXT#name AND SK = VERSION#semver. */
  public final AccessPattern<Version> getVersion = AccessPattern.of("Retrieve a specific version", version)
      .partition("EXT#{name}").sortEq("VERSION#{version}").build();

  public final Model model;
  public final ModelClient db;

  public Extensions(DynamoDbClient dynamo, String table) {
    model = Model.builder(TableSchema.named(table)).entities(extension, version)
        .patterns(getExtension, extensionWithVersions, versions, getVersion).build();
    db = ModelClient.create(model, dynamo);
  }

  /** The table of the notes: Stealth with 1.0.0 and 1.1.0, Catex with 2.0.0. */
  public void seed() {
    db.batchWrite()
        .put(extension, new Extension("Stealth", "Stealth", "Hides what should be hidden", "https://example.com/s"),
            new Extension("Catex", "Catex", "Cat pictures everywhere", "https://example.com/c"))
        .put(version, new Version("Stealth", "1.0.0", 1, "First release"),
            new Version("Stealth", "1.1.0", 2, "Faster"), new Version("Catex", "2.0.0", 1, "Rewritten"))
        .execute();
  }

  public Optional<Extension> extension(String name) {
    return db.query(getExtension).partition(Key.of("name", name)).page().items().stream().findFirst();
  }

  public List<ExtensionItem> withVersions(String name) {
    return db.query(extensionWithVersions).partition(Key.of("name", name)).all();
  }

  public List<Version> versionsOf(String name) {
    return db.query(versions).partition(Key.of("name", name)).all();
  }

  public Optional<Version> version(String name, String semver) {
    return db.query(getVersion).partition(Key.of("name", name)).sort(Key.of("version", semver)).page().items()
        .stream().findFirst();
  }

  /** Runs the example on Partita embedded, in memory, and prints what it does. */
  public static void main(String[] args) {
    try (DynamoDbClient dynamo = PartitaDynamoDb.inMemory()) {
      Extensions x = new Extensions(dynamo, "Extensions");
      System.out.println(x.model.worksheet());
      x.db.createTable();
      x.seed();
      System.out.println("1. " + x.extension("Stealth").orElseThrow());
      System.out.println("2. " + x.withVersions("Stealth"));
      System.out.println("3. " + x.versionsOf("Stealth"));
      System.out.println("4. " + x.version("Stealth", "1.1.0").orElseThrow());
    }
  }
}

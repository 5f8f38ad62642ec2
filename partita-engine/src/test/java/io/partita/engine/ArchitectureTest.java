package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine's rooms and its public surface, read from its source tree (docs/DESIGN.md, "Rooms").
 *
 * <p>(a) The packages are layered in the order of {@link #LAYERS}, lowest first; a class may name
 * (by import or by a qualified name in code) only classes of its own layer or of a lower one. The
 * root package {@code io.partita.engine} is two layers: its values (the exception, the error codes,
 * the limits, ...) at the bottom, which every room may use, and the entry ({@code Partita} and what
 * dispatches for it) at the top, which none may.
 *
 * <p>(b) The public top-level types outside {@code io.partita.engine.internal} are exactly {@link
 * #PUBLIC_API}: everything else is package-private or internal.
 */
class ArchitectureTest {
  private static final Path SOURCES = Path.of("src/main/java");
  private static final String ROOT = "io.partita.engine";

  /**
   * The root package's types every layer may use: they depend on nothing of the engine. (HotKeys is
   * API for its record, but it counts from the engine's context, so it belongs to the entry.)
   */
  private static final Set<String> ROOT_VALUES = Set.of("ErrorCode", "PartitaException", "Limits", "Faults",
      "StorageStatus", "TransferProgress", "DataDirectoryInUseException", "NoSuchSnapshotException");

  /** Lowest first. "values" and "entry" are the root package's two layers. */
  static final List<String> LAYERS = List.of(
      "values",
      ROOT + ".served",
      ROOT + ".internal.storage",
      ROOT + ".internal.value",
      ROOT + ".internal.table",
      ROOT + ".internal.vector",
      ROOT + ".internal.expr",
      ROOT + ".answer",
      ROOT + ".internal.backup",
      ROOT + ".internal.ops.request",
      ROOT + ".internal.ops.context",
      ROOT + ".internal.ops.write",
      ROOT + ".internal.ops.read",
      ROOT + ".internal.ops.batch",
      ROOT + ".internal.ops.transact",
      ROOT + ".internal.ops.schema",
      ROOT + ".internal.ops.ttl",
      ROOT + ".internal.ops.streams",
      ROOT + ".internal.ops.recovery",
      ROOT + ".internal.partiql",
      ROOT + ".internal.transfer",
      "entry");

  /** The engine's public API: what a user of the engine, the server or the embedded client names. */
  static final Set<String> PUBLIC_API = Set.of(
      ROOT + ".Partita",
      ROOT + ".Limits",
      ROOT + ".PartitaException",
      ROOT + ".ErrorCode",
      ROOT + ".Faults",
      ROOT + ".HotKeys",
      ROOT + ".StorageStatus",
      ROOT + ".TransferProgress",
      ROOT + ".DataDirectoryInUseException", ROOT + ".NoSuchSnapshotException",
      // for tests: faults injected below the engine
      ROOT + ".StorageFaults",
      // for Partita's own modules (the server writes answers and reads their facts): exported, no promise to users
      ROOT + ".answer.Answer",
      ROOT + ".answer.ItemsAnswer",
      ROOT + ".answer.StoredItem",
      ROOT + ".answer.JsonItems",
      ROOT + ".served.Served");

  /**
   * Where Partita's other modules still reach inside the engine, each with its reason: the only
   * {@code io.partita.engine.internal} names their main sources may hold.
   */
  static final Map<String, Set<String>> INTERNAL_REACHES = Map.of(
      // partita seed's item file reader (the export format's lines, made into batches)
      // and the data folder's privacy: an isolating server's made owner-only as the engine makes one, and serve's
      // one-line note when others can read it
      "partita-server", Set.of("io.partita.engine.internal.transfer.ItemFiles",
          "io.partita.engine.internal.storage.PrivateDirectories"),
      // micro-benchmarks whose subject is an internal part: the codecs (ItemCodecBench, KeyCodecBench), the
      // expression parser and evaluator (ExpressionParseBench through Uncached, ExpressionEvalBench), the store
      // alone as GetItem's floor (GetItemBench), the API's constraints (WireBench), and the class whose loading
      // the start-up comparison times (sidebyside/Startup); every other benchmark goes through the API
      "partita-bench", Set.of("io.partita.engine.internal.value.ItemCodec", "io.partita.engine.internal.value.ItemSize",
          "io.partita.engine.internal.value.KeyCodec", "io.partita.engine.internal.value.ScalarType",
          "io.partita.engine.internal.expr.Condition", "io.partita.engine.internal.expr.ExpressionContext",
          "io.partita.engine.internal.expr.Uncached", "io.partita.engine.internal.expr.Update",
          "io.partita.engine.internal.storage.Keyspace", "io.partita.engine.internal.storage.Store",
          "io.partita.engine.internal.storage.RocksStore", "io.partita.engine.internal.ops.request.ApiConstraints"));

  private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
  /** A qualified name of an engine class: its package (lower-case parts) and its type. */
  private static final Pattern REFERENCE = Pattern.compile("\\bio\\.partita\\.engine((?:\\.[a-z]\\w*)*)\\.([A-Z]\\w*)");
  private static final Pattern PUBLIC_TYPE = Pattern.compile(
      "^public (?:(?:final|abstract|sealed|non-sealed|strictfp) )*(?:class|interface|record|enum|@interface) (\\w+)",
      Pattern.MULTILINE);

  @Test
  void noRoomNamesARoomAboveIt() throws IOException {
    List<String> violations = new ArrayList<>();
    Set<String> entry = new TreeSet<>();
    for (Path file : sources()) {
      if (packageOf(Files.readString(file)).equals(ROOT) && !ROOT_VALUES.contains(simpleName(file))) {
        entry.add(simpleName(file));
      }
    }
    for (Path file : sources()) {
      String text = Files.readString(file);
      String from = layerOf(packageOf(text), simpleName(file));
      if (from == null) {
        continue; // everyPackageIsALayer names it
      }
      if (from.equals("values")) {
        // the root package's values name its entry types without an import
        for (String type : entry) {
          if (Pattern.compile("\\b" + type + "\\b").matcher(withoutComments(text)).find()) {
            violations.add(SOURCES.relativize(file) + " (values) names " + type + " (entry, above it)");
          }
        }
      }
      Matcher m = REFERENCE.matcher(withoutComments(text));
      while (m.find()) {
        String to = layerOf(ROOT + m.group(1), m.group(2));
        if (to == null) {
          violations.add(SOURCES.relativize(file) + " names " + m.group() + ", of no declared layer");
        } else if (LAYERS.indexOf(to) > LAYERS.indexOf(from)) {
          violations.add(SOURCES.relativize(file) + " (" + from + ") names " + m.group() + " (" + to + ", above it)");
        }
      }
    }
    assertTrue(violations.isEmpty(), "imports running upward:\n  " + String.join("\n  ", violations));
  }

  @Test
  void everyPackageIsALayer() throws IOException {
    Set<String> unlisted = new TreeSet<>();
    for (Path file : sources()) {
      String text = Files.readString(file);
      if (layerOf(packageOf(text), simpleName(file)) == null) {
        unlisted.add(packageOf(text));
      }
    }
    assertTrue(unlisted.isEmpty(), "packages missing from ArchitectureTest.LAYERS: " + unlisted);
  }

  @Test
  void otherModulesReachNoInternalsButTheirListedOnes() throws IOException {
    Pattern internal = Pattern.compile("\\bio\\.partita\\.engine\\.internal(?:\\.[a-z]\\w*)*\\.[A-Z]\\w*");
    List<String> violations = new ArrayList<>();
    for (String module : List.of("partita-server", "partita-embedded", "partita-test", "partita-model",
        "partita-spring-boot-starter", "partita-bench")) {
      Path main = Path.of("..", module, "src", "main", "java");
      assertTrue(Files.isDirectory(main), main + " is not there");
      try (Stream<Path> files = Files.walk(main)) {
        for (Path file : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
          Matcher m = internal.matcher(withoutComments(Files.readString(file)));
          while (m.find()) {
            if (!INTERNAL_REACHES.getOrDefault(module, Set.of()).contains(m.group())) {
              violations.add(module + "/" + main.relativize(file) + " names " + m.group());
            }
          }
        }
      }
    }
    assertTrue(violations.isEmpty(), "engine internals named outside the engine (use the API, or list the reach"
        + " with its reason in INTERNAL_REACHES):\n  " + String.join("\n  ", violations));
  }

  @Test
  void partitasPublicMethodsTakeAndAnswerNoInternalType() {
    List<String> violations = new ArrayList<>();
    for (Class<?> type : List.of(Partita.class, Partita.Options.class, StorageFaults.class)) {
      for (java.lang.reflect.Method m : type.getMethods()) {
        List<java.lang.reflect.Type> types = new ArrayList<>(List.of(m.getGenericParameterTypes()));
        types.add(m.getGenericReturnType());
        for (java.lang.reflect.Type t : types) {
          if (t.getTypeName().contains(ROOT + ".internal.")) {
            violations.add(type.getSimpleName() + "." + m.getName() + " names " + t.getTypeName());
          }
        }
      }
    }
    assertTrue(violations.isEmpty(), "internal types in Partita's public methods:\n  " + String.join("\n  ", violations));
  }

  @Test
  void thePublicTypesOutsideInternalAreTheApi() throws IOException {
    Set<String> found = new TreeSet<>();
    for (Path file : sources()) {
      String text = Files.readString(file);
      String pkg = packageOf(text);
      if (pkg.startsWith(ROOT + ".internal")) {
        continue;
      }
      Matcher m = PUBLIC_TYPE.matcher(text);
      while (m.find()) {
        found.add(pkg + "." + m.group(1));
      }
    }
    assertEquals(new TreeSet<>(PUBLIC_API), found,
        "the public types outside io.partita.engine.internal (make a new one package-private, move it under"
            + " internal, or add it to the API here and in docs/DESIGN.md)");
  }

  /**
   * The rules an item write is checked by, and the one place each is called from: every write (a
   * single-item request, a transaction's action, a batch's entry) becomes a command through
   * {@code write/WriteCommands}, and execution never checks it again (docs/ARCHITECTURE.md).
   */
  static final Map<String, Set<String>> WRITE_RULES = Map.of(
      "IndexEntries.checkValues", Set.of("WriteCommands"),
      "IndexEntries.checkTypes", Set.of("WriteCommand"),
      "IndexEntries.checkUpdated", Set.of("WriteCommand"),
      "IndexEntries.check", Set.of("WriteCommands", "WriteCommand"),
      "VectorItems.check", Set.of("IndexEntries"),
      "VectorItems.checkChanged", Set.of("WriteCommand"),
      "RequestParams.conditionContext", Set.of("WriteCommands"),
      "RequestParams.conditionOnly", Set.of("WriteCommands"),
      "ReturnValuesParam.onConditionFailure", Set.of("WriteCommands"));

  @Test
  void eachWriteRuleIsCheckedInOnePlace() throws IOException {
    List<String> violations = new ArrayList<>();
    for (Path file : sources()) {
      String code = withoutComments(Files.readString(file));
      String name = simpleName(file);
      WRITE_RULES.forEach((rule, callers) -> {
        if (Pattern.compile("\\b" + Pattern.quote(rule) + "\\(").matcher(code).find() && !callers.contains(name)) {
          violations.add(SOURCES.relativize(file) + " calls " + rule + " (only " + callers + " may)");
        }
      });
    }
    assertTrue(violations.isEmpty(), "a write rule checked outside its one validator:\n  " + String.join("\n  ", violations));
  }

  /**
   * A PartiQL statement becomes its command directly (docs/ARCHITECTURE.md): the partiql room names
   * no request type but those of the three operations it serves.
   */
  @Test
  void aStatementIsNoRequestOfAnotherOperation() throws IOException {
    Set<String> served = Set.of("ExecuteStatementRequest", "BatchExecuteStatementRequest", "ExecuteTransactionRequest",
        "BatchStatementRequest");
    Pattern request = Pattern.compile("\\b([A-Z]\\w*Request)\\b");
    List<String> violations = new ArrayList<>();
    sourcesIn(ROOT + ".internal.partiql").forEach((name, text) -> {
      Matcher m = request.matcher(withoutComments(text));
      while (m.find()) {
        if (!served.contains(m.group(1))) {
          violations.add("partiql/" + name + " names " + m.group(1));
        }
      }
    });
    assertTrue(violations.isEmpty(), "a statement made into another operation's request:\n  "
        + String.join("\n  ", violations));
  }

  /**
   * The four parts of {@code internal/expr}, in order, as its package-info names them: syntax; what a bound expression
   * is and how it evaluates; binding; the legacy parameters. One package rather than four (docs/DESIGN.md says why),
   * so the compiler does not keep their order: this does.
   */
  static final List<Set<String>> EXPR_PARTS = List.of(
      Set.of("Token", "Tokenizer", "ReservedWords", "Ast", "Parser", "AstCache"),
      Set.of("Values", "DocPath", "Operands", "Condition", "Conditions", "Update", "UpdateImpl", "AddDelete",
          "Projection", "ProjectionImpl", "KeyCondition", "SortCondition", "SortEquality", "KeySchemaSpec"),
      Set.of("Binder", "KeyClauses", "KeyConditions", "SearchConditions"),
      Set.of("LegacyConditions", "LegacyKeyConditions", "LegacyUpdate"));
  /** Beside the parts, and used by all four: a request's names and values, the messages, the benchmarks' way in. */
  static final Set<String> EXPR_BESIDE = Set.of("ExpressionContext", "ExprErrors", "Uncached");

  @Test
  void eachPartOfTheExpressionLanguageNamesNoLaterPart() throws IOException {
    List<String> violations = new ArrayList<>();
    for (Map.Entry<String, String> source : sourcesIn(ROOT + ".internal.expr").entrySet()) {
      String name = source.getKey();
      if (name.equals("package-info") || EXPR_BESIDE.contains(name)) {
        continue;
      }
      int part = 0;
      while (part < EXPR_PARTS.size() && !EXPR_PARTS.get(part).contains(name)) {
        part++;
      }
      assertTrue(part < EXPR_PARTS.size(), name + " is in no part of internal/expr: list it here and in its package-info");
      String code = withoutComments(source.getValue());
      for (int later = part + 1; later < EXPR_PARTS.size(); later++) {
        for (String other : EXPR_PARTS.get(later)) {
          if (Pattern.compile("\\b" + other + "\\b").matcher(code).find()) {
            violations.add(name + " (part " + (part + 1) + ") names " + other + " (part " + (later + 1) + ")");
          }
        }
      }
    }
    assertTrue(violations.isEmpty(), "a part of the expression language names a later one:\n  "
        + String.join("\n  ", violations));
  }

  private static String layerOf(String pkg, String type) {
    if (pkg.equals(ROOT)) {
      return ROOT_VALUES.contains(type) ? "values" : "entry";
    }
    return LAYERS.contains(pkg) ? pkg : null;
  }

  private static List<Path> sources() throws IOException {
    try (Stream<Path> files = Files.walk(SOURCES)) {
      List<Path> all = files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
      assertTrue(all.size() > 100, "the engine's sources are not under " + SOURCES.toAbsolutePath());
      return all;
    }
  }

  /** The sources of package {@code pkg}, by simple name, in name order. */
  private static Map<String, String> sourcesIn(String pkg) throws IOException {
    Map<String, String> in = new TreeMap<>();
    for (Path file : sources()) {
      String text = Files.readString(file);
      if (packageOf(text).equals(pkg)) {
        in.put(simpleName(file), text);
      }
    }
    return in;
  }

  private static String packageOf(String text) {
    Matcher m = PACKAGE.matcher(text);
    assertTrue(m.find(), "a source without a package line");
    return m.group(1);
  }

  private static String simpleName(Path file) {
    String name = file.getFileName().toString();
    return name.substring(0, name.length() - ".java".length());
  }

  /** The code without its comments and string literals, so that a javadoc link is not a dependency. */
  private static String withoutComments(String text) {
    return text.replaceAll("(?s)/\\*.*?\\*/", "")
        .replaceAll("//[^\n]*", "")
        .replaceAll("\"(?:\\\\.|[^\"\\\\\n])*\"", "\"\"");
  }
}

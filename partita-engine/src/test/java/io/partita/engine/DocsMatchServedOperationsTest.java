package io.partita.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.awscore.AwsRequest;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;
import software.amazon.awssdk.utils.builder.SdkBuilder;

/**
 * The repository's Markdown says what the engine serves: docs that said TTL, Streams, PartiQL, backups
 * and tags answered UnknownOperationException outlived the work that served them (issue 36).
 * This reads every {@code *.md} file of the repository and fails on a sentence that says a served
 * operation is not served, or says "served" of an operation the engine does not serve.
 *
 * <p>How a doc is read. Fenced code blocks are skipped. The rest is cut into paragraphs, list items,
 * headings and table rows, and those into sentences. In a sentence, inline code of one word counts as
 * text (`ListBackups`, `UnknownOperationException`); longer inline code is a quoted message or a
 * command, not a claim, and is left out.
 *
 * <ul>
 *   <li>An operation is named by its name, DynamoDB's or DynamoDB Streams' (as the SDK's clients list
 *       them), or by a feature: TTL or Time to Live (UpdateTimeToLive), PartiQL (ExecuteStatement),
 *       Streams (ListStreams), backups (CreateBackup), point-in-time recovery
 *       (UpdateContinuousBackups), tags (TagResource), transactions (TransactWriteItems), global
 *       tables (ListGlobalTables).
 *   <li>"Not served" is: UnknownOperationException; not served, unserved; not (yet) supported,
 *       implemented or available; not scheduled; "no FEATURE yet", "has no FEATURE". Such a sentence
 *       naming a served operation fails. ("Served" includes refused by name with DynamoDB's
 *       ValidationException, as docs/other-operations.md defines it: an operation refused that way
 *       does not answer UnknownOperationException.)
 *   <li>"Served" is: ✅, served, serves (not after "not"). Such a sentence fails when it names an
 *       operation of DynamoDB's API the engine does not serve, or a word shaped like an operation
 *       (Describe…, List…, Update…) that DynamoDB does not have: neither an operation, nor a shape
 *       of the SDK's model, nor a member of a request.
 * </ul>
 *
 * <p>Not claims about Partita, so not checked: a sentence naming dynalite (the benchmarks' peer, which
 * has no TransactWriteItems), and a paragraph, list item or table row carrying the comment
 * {@code <!-- not about Partita -->} (for a sentence about the real service or another emulator;
 * it does not show on the rendered page). docs/benchmarks-history.md is read like the rest: a diary's
 * sentence that could mislead today is better marked.
 *
 * <p>A sentence is read as words, not parsed: "none answers UnknownOperationException" is a claim of
 * "not served" like any other, so a sentence that says so names no operation (put the operations in
 * the next sentence), and a wrong claim in words this reader does not know ("Partita has nothing for
 * TTL") passes.
 */
class DocsMatchServedOperationsTest {
  static final String NOT_ABOUT_PARTITA = "<!-- not about Partita -->";

  private static final Map<String, String> FEATURES = Map.of(
      "\\bTTL\\b|(?i:\\bTime to Live\\b)", "UpdateTimeToLive",
      "(?i:\\bPartiQL\\b)", "ExecuteStatement",
      "(?<!Kinesis Data )\\bStreams\\b", "ListStreams",
      "(?i:\\bbackups\\b)", "CreateBackup",
      "(?i:\\bpoint-in-time recovery\\b)", "UpdateContinuousBackups",
      "(?i:\\btags\\b)", "TagResource",
      "(?i:\\btransactions\\b)", "TransactWriteItems",
      "(?i:\\bglobal tables\\b)", "ListGlobalTables");
  private static final String FEATURE = "(?:TTL|Time to Live|PartiQL|Streams|backups|point-in-time recovery|tags"
      + "|transactions|global tables)";
  private static final Pattern NOT_SERVED = Pattern.compile("UnknownOperationException"
      + "|\\bnot (?:yet )?(?:served|supported|implemented|available)\\b|\\bunserved\\b|\\bnot scheduled\\b"
      + "|\\bno " + FEATURE + " yet\\b|\\bhas no " + FEATURE + "\\b", Pattern.CASE_INSENSITIVE);
  private static final Pattern SERVED = Pattern.compile("✅|(?<!not )(?<!not yet )\\bserve[sd]?\\b",
      Pattern.CASE_INSENSITIVE);
  private static final Pattern OPERATION_SHAPED = Pattern.compile("(?:Create|Describe|List|Update|Delete|Get|Put"
      + "|Batch|Transact|Execute|Enable|Disable|Restore|Export|Import|Tag|Untag|Search)[A-Z][A-Za-z0-9]*");
  /** Our own classes and the SDK's request and response types, named like operations but not claims of one. */
  private static final Pattern NOT_AN_OPERATION = Pattern.compile(
      ".*(?:Request|Response|Exception|Bench|Test|Tests|Properties|Iterable|Publisher|Paginator)");
  private static final Pattern WORD = Pattern.compile("\\b[A-Z][A-Za-z0-9]+\\b");
  private static final Pattern CODE = Pattern.compile("`([^`]*)`");
  private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+(?=[A-Z*(\\[\u0000])");

  /** DynamoDB's and DynamoDB Streams' operations, by the SDK's clients: one method taking a request each. */
  static Set<String> apiOperations() {
    Set<String> ops = new TreeSet<>();
    for (Class<?> client : List.of(DynamoDbClient.class, DynamoDbStreamsClient.class)) {
      for (Method m : client.getMethods()) {
        Class<?>[] params = m.getParameterTypes();
        // DynamoDbRequest or DynamoDbStreamsRequest, both in the model's package
        if (params.length == 1 && AwsRequest.class.isAssignableFrom(params[0])
            && !Modifier.isAbstract(params[0].getModifiers())) {
          String name = params[0].getSimpleName();
          ops.add(name.substring(0, name.length() - "Request".length()));
        }
      }
    }
    return ops;
  }

  static Set<String> servedOperations() {
    Set<String> served = new TreeSet<>(Operations.dynamoDbNames());
    served.addAll(Operations.streamsNames());
    return served;
  }

  private final Set<String> api = apiOperations();
  private final Set<String> served = servedOperations();
  private final Set<String> members = requestMembers(api);

  @Test
  void everyDocSaysOfEachOperationWhatTheEngineDoes() throws IOException {
    // the walk found the API (58 operations and Streams' 4 today): a much smaller count means it broke
    assertTrue(api.size() >= 60, api.toString());
    Path root = repositoryRoot();
    List<Path> docs = markdownFiles(root);
    // the docs this check exists for are among them: if the walk missed them, it checks nothing
    assertTrue(docs.contains(root.resolve("docs/ROADMAP.md")) && docs.contains(root.resolve("examples/README.md"))
        && docs.contains(root.resolve("README.md")), docs.toString());
    List<String> wrong = new ArrayList<>();
    for (Path doc : docs) {
      for (String claim : wrongClaims(Files.readString(doc, StandardCharsets.UTF_8))) {
        wrong.add(root.relativize(doc) + ":" + claim);
      }
    }
    assertEquals(List.of(), wrong, "docs that say an operation is served or not, against the engine's table of "
        + "operations (" + NOT_ABOUT_PARTITA + " marks a paragraph about another implementation; see the javadoc)");
  }

  /** The reader itself, on the sentences that made this check necessary and on text it must leave alone. */
  @Test
  void readsClaimsAndLeavesQuotesAlone() {
    // what docs/ROADMAP.md, docs/other-operations.md and examples/README.md said after the operations were served
    assertEquals(1, wrongClaims("""
        Not scheduled yet, answered with UnknownOperationException until then: TTL (UpdateTimeToLive and
        expiry; the IoT example filters expired items itself meanwhile) and Streams (both issue 15),
        PartiQL, backups, the tags API, global tables.
        """).size());
    assertEquals(1, wrongClaims("""
        each is served, or refused by name. The only
        operations still answering `UnknownOperationException` are those other parts of issue 16 are building
        (PartiQL, backups and point-in-time recovery, export and import).
        """).size());
    assertEquals(1, wrongClaims("`TelemetryTest` enables TTL nowhere: Partita has no TTL yet (issue 15), so the "
        + "example filters expired items on\nevery read.\n").size());
    assertEquals(1, wrongClaims("| GetItem | not supported |\n").size());
    // the reverse: served, of what DynamoDB does not have
    assertEquals(1, wrongClaims("Partita serves DescribeTableV2 on the same port.\n").size());
    assertEquals(1, wrongClaims("| ListTableVersions | ✅ every version |\n").size());

    // a quoted message, a request's member, another implementation, a marked paragraph, a code block
    assertEquals(List.of(), wrongClaims("""
        A request is refused with a ValidationException whose message names it: `One or more parameter values were
        invalid: EnableKinesisStreamingDestination is not supported by Partita: it has no Amazon Kinesis Data
        Streams to write to (DynamoDB Streams are served)`. In PartiQL, `Aliasing is not supported`.

        | UpdateItem | ✅ full UpdateExpression, conditions, all five ReturnValues |

        dynalite has no transactions (`TransactWriteItems` answers `UnknownOperationException`).

        The service's answer to an operation a region does not offer is `UnknownOperationException`
        (eu-west-3 ListBackups). <!-- not about Partita -->

        ```
        GetItem is not served
        ```

        | Expired but not yet deleted | Still returned by GetItem, Query and Scan |

        No DynamoDB operation answers `UnknownOperationException`: each is served, or refused by name.
        """));
  }

  /** What in {@code markdown} is wrong about the engine's operations, each as "line: what". */
  List<String> wrongClaims(String markdown) {
    List<String> wrong = new ArrayList<>();
    for (Unit unit : units(markdown)) {
      if (unit.text.contains(NOT_ABOUT_PARTITA)) {
        continue;
      }
      for (String sentence : sentences(unit.text.replaceAll("<!--.*?-->", ""))) {
        if (sentence.toLowerCase().contains("dynalite")) {
          continue;
        }
        Set<String> words = new TreeSet<>();
        Matcher w = WORD.matcher(sentence);
        while (w.find()) {
          words.add(w.group());
        }
        Matcher no = NOT_SERVED.matcher(sentence);
        if (no.find()) {
          Set<String> named = new TreeSet<>();
          for (String word : words) {
            if (api.contains(word) || served.contains(word)) {
              named.add(word);
            }
          }
          FEATURES.forEach((feature, operation) -> {
            if (Pattern.compile(feature).matcher(sentence).find()) {
              named.add(operation);
            }
          });
          named.retainAll(served);
          if (!named.isEmpty()) {
            wrong.add(unit.line + ": says \"" + no.group() + "\" of " + named + ", which the engine serves: "
                + sentence);
          }
        } else if (SERVED.matcher(sentence).find()) {
          Set<String> unserved = new TreeSet<>();
          for (String word : words) {
            if (api.contains(word) ? !served.contains(word) : operationShaped(word)) {
              unserved.add(word);
            }
          }
          if (!unserved.isEmpty()) {
            wrong.add(unit.line + ": says served of " + unserved + ", which the engine does not serve: " + sentence);
          }
        }
      }
    }
    return wrong;
  }

  /** Looks like an operation's name, and is neither one of DynamoDB's nor a model shape or member. */
  private boolean operationShaped(String word) {
    if (!OPERATION_SHAPED.matcher(word).matches() || NOT_AN_OPERATION.matcher(word).matches()
        || served.contains(word) || members.contains(word)) {
      return false;
    }
    try {
      Class.forName(DynamoDbRequest.class.getPackageName() + "." + word, false, getClass().getClassLoader());
      return false;
    } catch (ClassNotFoundException e) {
      return true;
    }
  }

  /** Every member name of the API's requests (UpdateExpression, ExportTime): named beside operations. */
  private static Set<String> requestMembers(Set<String> operations) {
    Set<String> members = new TreeSet<>();
    for (String op : operations) {
      try {
        Class<?> type = Class.forName(DynamoDbRequest.class.getPackageName() + "." + op + "Request");
        Object builder = type.getMethod("builder").invoke(null);
        SdkPojo request = (SdkPojo) ((SdkBuilder<?, ?>) builder).build();
        for (SdkField<?> field : request.sdkFields()) {
          members.add(field.memberName());
        }
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(op, e);
      }
    }
    return members;
  }

  private record Unit(int line, String text) {}

  /** Paragraphs, list items, headings and table rows, with the line each starts on; code blocks left out. */
  static List<Unit> units(String markdown) {
    List<Unit> units = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    int start = 0;
    boolean fenced = false;
    String[] lines = markdown.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      boolean fence = line.startsWith("```") || line.startsWith("~~~");
      boolean alone = line.startsWith("|") || line.startsWith("#");
      boolean item = line.matches("(?:[-*+]|\\d+\\.)\\s.*");
      if (fenced || fence || line.isEmpty() || alone || item) {
        if (current.length() > 0) {
          units.add(new Unit(start, current.toString()));
          current.setLength(0);
        }
      }
      if (fence) {
        fenced = !fenced;
        continue;
      }
      if (fenced || line.isEmpty()) {
        continue;
      }
      if (alone) {
        units.add(new Unit(i + 1, line));
        continue;
      }
      if (current.length() == 0) {
        start = i + 1;
      } else {
        current.append(' ');
      }
      current.append(line);
    }
    if (current.length() > 0) {
      units.add(new Unit(start, current.toString()));
    }
    return units;
  }

  /** {@code text}'s sentences, inline code of one word kept as a word and longer inline code left out. */
  static List<String> sentences(String text) {
    List<String> codes = new ArrayList<>();
    Matcher code = CODE.matcher(text);
    StringBuilder held = new StringBuilder();
    while (code.find()) {
      code.appendReplacement(held, "\u0000" + codes.size() + "\u0000");
      codes.add(code.group(1).matches("[A-Za-z]+") ? code.group(1) : "");
    }
    code.appendTail(held);
    List<String> sentences = new ArrayList<>();
    for (String s : SENTENCE_END.split(held)) {
      Matcher m = Pattern.compile("\u0000(\\d+)\u0000").matcher(s);
      StringBuilder back = new StringBuilder();
      while (m.find()) {
        m.appendReplacement(back, Matcher.quoteReplacement(codes.get(Integer.parseInt(m.group(1)))));
      }
      m.appendTail(back);
      sentences.add(back.toString());
    }
    return sentences;
  }

  /** The repository's Markdown files; build output, dependencies and tools' folders (not entered) hold none of ours. */
  private static List<Path> markdownFiles(Path root) throws IOException {
    List<Path> found = new ArrayList<>();
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
        String name = dir.getFileName().toString();
        return !dir.equals(root) && (name.startsWith(".") || name.equals("target") || name.equals("node_modules"))
            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
        if (attrs.isRegularFile() && file.getFileName().toString().endsWith(".md")) {
          found.add(file);
        }
        return FileVisitResult.CONTINUE;
      }
    });
    found.sort(null);
    return found;
  }

  /** Surefire runs in the module's folder, the repository is its parent: found by what it holds. */
  static Path repositoryRoot() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("docs")) && Files.isDirectory(dir.resolve("partita-engine"))) {
        return dir;
      }
    }
    throw new UncheckedIOException(new IOException("no repository root (a folder with docs/ and partita-engine/) "
        + "above " + Path.of("").toAbsolutePath()));
  }
}

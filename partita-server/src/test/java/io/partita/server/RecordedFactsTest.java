package io.partita.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.partita.engine.Partita;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Recorded facts of Amazon DynamoDB: each case in {@code src/test/resources/facts/*.json} is a
 * request and the answer the real service gives, with where that fact comes from. Every case is sent
 * over raw HTTP to one in-memory server.
 *
 * <p>A case is {@code {"id", "source": [urls], "note", "setup": [{"target", "body"}], "target",
 * "body", "expect", "pending"?, "unordered"?}}. {@code expect} holds {@code status}, and for errors
 * {@code type} (the part of {@code __type} after '#') and one of {@code message} (exact),
 * {@code messagePattern} (a regular expression matched against the whole message, for messages that
 * echo values the service renders in a way no source records) or {@code messageParts} (a
 * "N validation error(s) detected: a; b" message whose parts may come in any order); for successes
 * {@code body}, compared as a subset: every expected member present and equal, lists equal in length
 * and order except set values (SS, NS, BS) and lists whose member name is in the case's
 * {@code unordered}, which are compared as multisets; numbers in JSON compare by value. {@code absent}
 * names members the answer must not have, as dotted paths ({@code Table.TableClassSummary}). {@code ${T}} and {@code ${T2}} anywhere in a case
 * become table names unique to the case.
 *
 * <p>A {@code target} is a DynamoDB operation's name, or a full {@code X-Amz-Target} such as
 * {@code DynamoDBStreams_20120810.DescribeStream} for DynamoDB Streams. A setup step may {@code
 * "capture": {"Name": "dotted.path"}} a string of its answer (list elements by index, {@code
 * StreamDescription.Shards.0.ShardId}); {@code ${Name}} in the later steps and the case becomes it,
 * for values the service makes up (a stream's ARN, a shard iterator).
 *
 * <p>A case marked {@code "pending": "reason"} is one the engine does not answer yet: it is reported
 * skipped while it fails, and fails the build once it passes, so that the marker is removed.
 */
class RecordedFactsTest {
  private static final JsonFactory JSON = new JsonFactory();
  private static final AtomicInteger TABLES = new AtomicInteger();
  private static final Set<String> SET_TYPES = Set.of("SS", "NS", "BS");

  private static Partita partita;
  private static PartitaServer server;
  private static RawHttp raw;

  /** The directory standing for S3 in the export and import facts. */
  @org.junit.jupiter.api.io.TempDir static Path s3;

  @BeforeAll
  static void start() throws Exception {
    partita = Partita.with().s3Root(s3).inMemory();
    server = PartitaServer.start(partita, ServerConfig.defaults().withPort(0));
    raw = new RawHttp(server.endpoint());
  }

  @AfterAll
  static void stop() throws Exception {
    if (server != null) {
      server.close();
    }
    if (partita != null) {
      partita.close();
    }
  }

  @TestFactory
  Stream<DynamicTest> recordedFacts() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    Set<String> ids = new HashSet<>();
    for (Path file : factFiles()) {
      Object parsed = parse(Files.readString(file, StandardCharsets.UTF_8));
      if (!(parsed instanceof List<?> cases)) {
        throw new IllegalStateException(file + ": a facts file is a JSON array of cases");
      }
      for (Object c : cases) {
        @SuppressWarnings("unchecked")
        Map<String, Object> fact = (Map<String, Object>) c;
        String id = (String) fact.get("id");
        if (id == null || !ids.add(id)) {
          throw new IllegalStateException(file + ": missing or duplicate id " + id);
        }
        if (!(fact.get("source") instanceof List<?> sources) || sources.isEmpty()) {
          throw new IllegalStateException(id + ": every fact names its source");
        }
        tests.add(DynamicTest.dynamicTest(file.getFileName() + " " + id, () -> run(fact)));
      }
    }
    return tests.stream();
  }

  private static List<Path> factFiles() throws IOException {
    URL dir = RecordedFactsTest.class.getResource("/facts");
    if (dir == null) {
      throw new IllegalStateException("no facts directory on the test class path");
    }
    try (Stream<Path> files = Files.list(Paths.get(dir.toURI()))) {
      return files.filter(p -> p.toString().endsWith(".json")).sorted().collect(Collectors.toList());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void run(Map<String, Object> fact) {
    String pending = (String) fact.get("pending");
    AssertionError failure = null;
    try {
      check(fact);
    } catch (AssertionError e) {
      failure = e;
    }
    if (pending == null) {
      if (failure != null) {
        throw failure;
      }
      return;
    }
    if (failure == null) {
      fail("case " + fact.get("id") + " is marked pending (" + pending + ") but passes now: remove the marker");
    }
    Assumptions.abort("pending: " + pending + " -- " + firstLine(failure.getMessage()));
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }

  @SuppressWarnings("unchecked")
  private static void check(Map<String, Object> fact) {
    int n = TABLES.incrementAndGet();
    String base = "facts" + n + "_" + ((String) fact.get("id")).replaceAll("[^a-zA-Z0-9_.-]", "_");
    if (base.length() > 200) {
      base = base.substring(0, 200);
    }
    Map<String, String> names = new LinkedHashMap<>(Map.of("${T}", base, "${T2}", base + "_2"));
    List<Object> setup = (List<Object>) fact.getOrDefault("setup", List.of());
    int step = 0;
    for (Object s : setup) {
      step++;
      Map<String, Object> request = (Map<String, Object>) s;
      String target = (String) request.get("target");
      String body = substitute(write(request.get("body")), names);
      HttpResponse<byte[]> r = send(target, body);
      int wanted = request.get("status") instanceof BigDecimal b ? b.intValue() : 200;
      if (r.statusCode() != wanted) {
        throw new AssertionError("setup step " + step + " (" + target + ") of " + describe(fact)
            + "\n  request: " + body + "\n  answer:  " + r.statusCode() + " " + RawHttp.text(r));
      }
      Map<String, Object> capture = (Map<String, Object>) request.getOrDefault("capture", Map.of());
      for (Map.Entry<String, Object> c : capture.entrySet()) {
        Object value = at(parse(RawHttp.text(r)), ((String) c.getValue()).split("\\."));
        if (!(value instanceof String captured)) {
          throw new AssertionError("setup step " + step + " (" + target + ") of " + describe(fact)
              + "\n  has no string at " + c.getValue() + " to capture: " + RawHttp.text(r));
        }
        names.put("${" + c.getKey() + "}", captured);
      }
    }
    String target = (String) fact.get("target");
    String body = substitute(write(fact.get("body")), names);
    HttpResponse<byte[]> r = send(target, body);
    String text = RawHttp.text(r);
    Map<String, Object> expect = (Map<String, Object>) parse(substitute(write(fact.get("expect")), names));
    String context = describe(fact) + "\n  request:  " + target + " " + abbreviate(body)
        + "\n  expected: " + abbreviate(write(expect)) + "\n  actual:   " + r.statusCode() + " " + abbreviate(text);
    int status = ((BigDecimal) expect.get("status")).intValue();
    assertEquals(status, r.statusCode(), "status\n" + context);
    Object actual;
    try {
      actual = parse(text);
    } catch (UncheckedIOException e) {
      throw new AssertionError("the answer is not JSON\n" + context, e);
    }
    if (!(actual instanceof Map<?, ?>)) {
      throw new AssertionError("the answer is not a JSON object\n" + context);
    }
    Map<String, Object> answer = (Map<String, Object>) actual;
    if (expect.containsKey("type")) {
      String type = (String) answer.get("__type");
      String suffix = type == null ? null : type.substring(type.indexOf('#') + 1);
      assertEquals(expect.get("type"), suffix, "__type\n" + context);
    }
    String message = answer.get("message") instanceof String m ? m
        : answer.get("Message") instanceof String m2 ? m2 : null;
    if (expect.containsKey("message")) {
      assertEquals(expect.get("message"), message, "message\n" + context);
    }
    if (expect.containsKey("messagePattern")) {
      String pattern = (String) expect.get("messagePattern");
      assertTrue(message != null && Pattern.compile(pattern, Pattern.DOTALL).matcher(message).matches(),
          "message does not match " + pattern + "\n" + context);
    }
    if (expect.containsKey("messageParts")) {
      List<Object> parts = (List<Object>) expect.get("messageParts");
      String prefix = parts.size() == 1 ? "1 validation error detected: "
          : parts.size() + " validation errors detected: ";
      assertTrue(message != null && message.startsWith(prefix), "message prefix " + prefix + "\n" + context);
      List<String> got = new ArrayList<>(Arrays.asList(message.substring(prefix.length()).split("; ")));
      List<String> want = parts.stream().map(String::valueOf).collect(Collectors.toList());
      assertEquals(want.stream().sorted().collect(Collectors.toList()),
          got.stream().sorted().collect(Collectors.toList()), "message parts (any order)\n" + context);
    }
    Set<String> unordered = new HashSet<>();
    for (Object u : (List<Object>) fact.getOrDefault("unordered", List.of())) {
      unordered.add(substitute((String) u, names));
    }
    if (expect.containsKey("body")) {
      String mismatch = subset(expect.get("body"), answer, "$", null, unordered);
      if (mismatch != null) {
        throw new AssertionError("body: " + mismatch + "\n" + context);
      }
    }
    for (Object a : (List<Object>) expect.getOrDefault("absent", List.of())) {
      assertTrue(!present(answer, ((String) a).split("\\.")), "member " + a + " must be absent\n" + context);
    }
  }

  /** The value at {@code path} (object members, or list indexes) in {@code answer}, or null. */
  private static Object at(Object answer, String[] path) {
    Object value = answer;
    for (String step : path) {
      if (value instanceof Map<?, ?> map) {
        value = map.get(step);
      } else if (value instanceof List<?> list && step.matches("\\d+") && Integer.parseInt(step) < list.size()) {
        value = list.get(Integer.parseInt(step));
      } else {
        return null;
      }
    }
    return value;
  }

  /** Whether the member at {@code path} (object members only) exists in {@code answer}. */
  private static boolean present(Object answer, String[] path) {
    Object at = answer;
    for (String member : path) {
      if (!(at instanceof Map<?, ?> map) || !map.containsKey(member)) {
        return false;
      }
      at = map.get(member);
    }
    return true;
  }

  private static String describe(Map<String, Object> fact) {
    return "fact " + fact.get("id") + "\n  source:   " + fact.get("source") + "\n  note:     " + fact.get("note");
  }

  private static String abbreviate(String s) {
    return s.length() <= 4000 ? s : s.substring(0, 4000) + "... (" + s.length() + " chars)";
  }

  private static String substitute(String s, Map<String, String> names) {
    for (Map.Entry<String, String> e : names.entrySet()) {
      s = s.replace(e.getKey(), e.getValue());
    }
    return s;
  }

  private static HttpResponse<byte[]> send(String target, String body) {
    String date = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'"));
    String authorization = "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/" + date.substring(0, 8)
        + "/us-east-1/dynamodb/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature="
        + "0".repeat(64);
    return raw.post(target, body, "X-Amz-Date", date, "Authorization", authorization);
  }

  /** Null when {@code expected} is a subset of {@code actual}, else where and how they differ. */
  @SuppressWarnings("unchecked")
  private static String subset(Object expected, Object actual, String path, String member, Set<String> unordered) {
    if (expected instanceof Map<?, ?> e) {
      if (!(actual instanceof Map<?, ?> a)) {
        return path + ": expected an object, got " + write(actual);
      }
      for (Map.Entry<?, ?> entry : e.entrySet()) {
        String key = (String) entry.getKey();
        if (!a.containsKey(key)) {
          return path + "." + key + ": missing";
        }
        String m = subset(entry.getValue(), a.get(key), path + "." + key, key, unordered);
        if (m != null) {
          return m;
        }
      }
      return null;
    }
    if (expected instanceof List<?> e) {
      if (!(actual instanceof List<?> a)) {
        return path + ": expected a list, got " + write(actual);
      }
      if (e.size() != a.size()) {
        return path + ": expected " + e.size() + " elements, got " + a.size() + ": " + write(actual);
      }
      if (member != null && (SET_TYPES.contains(member) || unordered.contains(member))) {
        List<Object> left = new ArrayList<>((List<Object>) a);
        for (Object x : e) {
          int found = -1;
          for (int i = 0; i < left.size() && found < 0; i++) {
            if (subset(x, left.get(i), path, null, unordered) == null) {
              found = i;
            }
          }
          if (found < 0) {
            return path + ": no element matches " + write(x) + " in " + write(actual);
          }
          left.remove(found);
        }
        return null;
      }
      for (int i = 0; i < e.size(); i++) {
        String m = subset(e.get(i), a.get(i), path + "[" + i + "]", null, unordered);
        if (m != null) {
          return m;
        }
      }
      return null;
    }
    if (expected instanceof BigDecimal e) {
      return actual instanceof BigDecimal a && e.compareTo(a) == 0 ? null
          : path + ": expected " + e + ", got " + write(actual);
    }
    if (expected == null ? actual == null : expected.equals(actual)) {
      return null;
    }
    return path + ": expected " + write(expected) + ", got " + write(actual);
  }

  // A small JSON tree: LinkedHashMap, ArrayList, String, BigDecimal, Boolean and null.

  static Object parse(String text) {
    try (JsonParser p = JSON.createParser(text)) {
      JsonToken t = p.nextToken();
      if (t == null) {
        throw new UncheckedIOException(new IOException("empty JSON"));
      }
      Object value = read(p, t);
      if (p.nextToken() != null) {
        throw new UncheckedIOException(new IOException("trailing content after JSON"));
      }
      return value;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Object read(JsonParser p, JsonToken t) throws IOException {
    switch (t) {
      case START_OBJECT: {
        Map<String, Object> map = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          map.put(name, read(p, p.nextToken()));
        }
        return map;
      }
      case START_ARRAY: {
        List<Object> list = new ArrayList<>();
        JsonToken next;
        while ((next = p.nextToken()) != JsonToken.END_ARRAY) {
          list.add(read(p, next));
        }
        return list;
      }
      case VALUE_STRING:
        return p.getText();
      case VALUE_NUMBER_INT:
      case VALUE_NUMBER_FLOAT:
        return new BigDecimal(p.getText());
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return null;
      default:
        throw new IOException("unexpected " + t);
    }
  }

  static String write(Object value) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = JSON.createGenerator(out)) {
      write(g, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private static void write(JsonGenerator g, Object value) throws IOException {
    if (value instanceof Map<?, ?> map) {
      g.writeStartObject();
      for (Map.Entry<?, ?> e : map.entrySet()) {
        g.writeFieldName((String) e.getKey());
        write(g, e.getValue());
      }
      g.writeEndObject();
    } else if (value instanceof List<?> list) {
      g.writeStartArray();
      for (Object o : list) {
        write(g, o);
      }
      g.writeEndArray();
    } else if (value instanceof String s) {
      g.writeString(s);
    } else if (value instanceof BigDecimal d) {
      g.writeNumber(d.toPlainString().equals(d.toString()) ? d.toString() : d.toPlainString());
    } else if (value instanceof Boolean b) {
      g.writeBoolean(b);
    } else if (value == null) {
      g.writeNull();
    } else {
      throw new IllegalArgumentException("not JSON: " + value);
    }
  }

}

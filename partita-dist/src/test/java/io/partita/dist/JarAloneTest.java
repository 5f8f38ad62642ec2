package io.partita.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * partita.jar as a user runs it: copied alone into an empty folder, started with {@code java -jar},
 * nothing of the build around it (no class path, no checkout above the folder, no Maven). The jar
 * is the one this module's build made before its tests (see the pom). Also the distribution's
 * launcher, {@code bin/partita}, in the archive's layout.
 */
class JarAloneTest {
  private static final Pattern ENDPOINT = Pattern.compile("serving DynamoDB on (http://\\S+) ");
  private static final String VERSION = System.getProperty("partita.expected.version");

  private static Path builtJar() {
    Path jar = Path.of(System.getProperty("partita.jar"));
    assertTrue(Files.isRegularFile(jar), "the build did not make " + jar);
    return jar;
  }

  /** An empty folder with nothing but partita.jar in it. */
  private static Path jarAlone(Path dir) throws IOException {
    Path jar = dir.resolve("partita.jar");
    Files.copy(builtJar(), jar, StandardCopyOption.REPLACE_EXISTING);
    return jar;
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** Runs a command in {@code dir} to its end; answers its exit code and output (both streams). */
  private static Map.Entry<Integer, String> run(Path dir, Map<String, String> env, String... command)
      throws IOException, InterruptedException {
    ProcessBuilder b = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
    b.environment().remove("CLASSPATH");
    b.environment().putAll(env);
    Process p = b.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "still running: " + String.join(" ", command));
    return Map.entry(p.exitValue(), out);
  }

  @Test
  void versionIsThePomsVersion(@TempDir Path dir) throws Exception {
    Path jar = jarAlone(dir);
    for (String flag : List.of("--version", "-V")) {
      Map.Entry<Integer, String> r = run(dir, Map.of(), java(), "-jar", jar.toString(), flag);
      assertEquals(0, r.getKey(), r.getValue());
      assertEquals("Partita " + VERSION, r.getValue().strip());
    }
  }

  /**
   * picocli's classes in the jar are compiled for Java 17, not the Java 5 class files of its published
   * jar, which no class archive can hold (partita-dist's pom): every class, checked by its version.
   */
  @Test
  void picocliIsInTheJarAsJava17ClassFiles() throws IOException {
    int classes = 0;
    try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(builtJar().toFile())) {
      for (java.util.zip.ZipEntry e : java.util.Collections.list(zip.entries())) {
        if (e.getName().startsWith("picocli/") && e.getName().endsWith(".class")) {
          try (java.io.DataInputStream in = new java.io.DataInputStream(zip.getInputStream(e))) {
            assertEquals(0xCAFEBABE, in.readInt(), e.getName());
            in.readUnsignedShort(); // the minor version
            assertEquals(61, in.readUnsignedShort(), e.getName() + "'s class file version");
          }
          classes++;
        }
      }
    }
    assertTrue(classes > 200, classes + " picocli classes");
  }

  @Test
  void helpListsEveryCommand(@TempDir Path dir) throws Exception {
    Path jar = jarAlone(dir);
    Map.Entry<Integer, String> r = run(dir, Map.of(), java(), "-jar", jar.toString(), "--help");
    assertEquals(0, r.getKey(), r.getValue());
    for (String command : List.of("serve", "demo", "seed", "export", "import")) {
      assertTrue(r.getValue().contains(command), command + " missing from:\n" + r.getValue());
    }
  }

  /** The embedded engine from the jar: RocksDB's native library and the AWS SDK's model classes load. */
  @Test
  void demoRuns(@TempDir Path dir) throws Exception {
    Path jar = jarAlone(dir);
    Map.Entry<Integer, String> r = run(dir, Map.of(), java(), "-jar", jar.toString(), "demo", "--data", "demo-data");
    assertEquals(0, r.getKey(), r.getValue());
    assertTrue(Files.isDirectory(dir.resolve("demo-data")), r.getValue());
  }

  @Test
  void jarServesFromAnEmptyFolder(@TempDir Path dir) throws Exception {
    Path jar = jarAlone(dir);
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(jar), files.toList());
    }
    // the default data folder, ./partita-data, inside that folder: RocksDB on disk, from the jar
    serveAndAsk(dir, Map.of(), java(), "-jar", jar.toString(), "serve", "--port", "0");
    assertTrue(Files.isDirectory(dir.resolve("partita-data")));
  }

  /**
   * Issue 37: the per-platform jar of this machine's platform (linux-x64; CI runs there) serves from a
   * data folder on disk, so RocksDB's native library loads from it, and it is at most 30 MB; it holds no
   * other platform's native library (RocksDB's or zstd's).
   */
  @Test
  void thePlatformJarServesFromADataFolderAndIsSmall(@TempDir Path dir) throws Exception {
    Path built = Path.of(System.getProperty("partita.platform.jar"));
    org.junit.jupiter.api.Assumptions.assumeTrue(System.getProperty("os.name").equals("Linux")
        && System.getProperty("os.arch").equals("amd64"), "the linux-x64 jar runs on linux-x64 only");
    assertTrue(Files.isRegularFile(built), "partita-linux-x64.jar is built beside partita.jar: " + built);
    long size = Files.size(built);
    assertTrue(size <= 30L * 1024 * 1024, "partita-linux-x64.jar is " + size + " bytes, over 30 MB");
    try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(built.toFile())) {
      List<String> natives = zip.stream().map(java.util.zip.ZipEntry::getName)
          .filter(n -> n.matches("librocksdbjni.*|(aix|darwin|freebsd|linux|win)/.+\\.(so|dll|dylib)")).sorted().toList();
      assertEquals(List.of("librocksdbjni-linux64.so", "linux/amd64/libzstd-jni-1.5.7-9.so"), natives);
    }
    Path jar = dir.resolve("partita-linux-x64.jar");
    Files.copy(built, jar);
    serveAndAsk(dir, Map.of(), java(), "-jar", jar.toString(), "serve", "--port", "0");
    assertTrue(Files.isDirectory(dir.resolve("partita-data")));
  }

  /** bin/partita with lib/partita.jar beside it, as the archive lays them out: it serves, and makes its class archive. */
  @Test
  void launcherServesAndKeepsAClassArchive(@TempDir Path dir) throws Exception {
    launcherServesAndKeepsAnArchive(dir, Path.of(System.getProperty("java.home")), ".jsa", "-Xshare:on");
  }

  /**
   * On Java 25 and later the launcher keeps an ahead-of-time cache (-XX:AOTCache) instead. Run when
   * such a JDK is on this machine (under /usr/lib/jvm, or named by PARTITA_TEST_JDK25), skipped
   * otherwise.
   */
  @Test
  void launcherOnJava25KeepsAnAheadOfTimeCache(@TempDir Path dir) throws Exception {
    Path jdk = java25();
    org.junit.jupiter.api.Assumptions.assumeTrue(jdk != null, "no JDK 25 or later here");
    launcherServesAndKeepsAnArchive(dir, jdk, ".aot", "-XX:AOTMode=on");
  }

  /** A JDK of version 25 or later: PARTITA_TEST_JDK25's, else one under /usr/lib/jvm, else null. */
  private static Path java25() throws IOException {
    List<Path> candidates = new java.util.ArrayList<>();
    String named = System.getenv("PARTITA_TEST_JDK25");
    if (named != null && !named.isBlank()) {
      candidates.add(Path.of(named));
    }
    Path jvms = Path.of("/usr/lib/jvm");
    if (Files.isDirectory(jvms)) {
      try (Stream<Path> all = Files.list(jvms)) {
        all.sorted().forEach(candidates::add);
      }
    }
    for (Path home : candidates) {
      Path release = home.resolve("release");
      if (Files.isRegularFile(release) && Files.isExecutable(home.resolve("bin/java"))) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^JAVA_VERSION=\"(\\d+)")
            .matcher(Files.readString(release));
        if (m.find() && Integer.parseInt(m.group(1)) >= 25) {
          return home;
        }
      }
    }
    return null;
  }

  /**
   * The launcher run with {@code jdk}: its first start makes one archive ending in {@code extension}
   * in PARTITA_CACHE, the second maps it ({@code mustMap} makes the JVM refuse to start otherwise),
   * and it serves.
   */
  private void launcherServesAndKeepsAnArchive(Path dir, Path jdk, String extension, String mustMap) throws Exception {
    Path launcher = installLauncher(dir);
    Path cache = dir.resolve("cache");
    Path work = Files.createDirectories(dir.resolve("work"));
    Map<String, String> env = Map.of("PARTITA_CACHE", cache.toString(), "JAVA_HOME", jdk.toString());

    Map.Entry<Integer, String> first = run(work, env, launcher.toString(), "--version");
    assertEquals(0, first.getKey(), first.getValue());
    assertTrue(first.getValue().contains("preparing the class archive"), first.getValue());
    assertTrue(first.getValue().strip().endsWith("Partita " + VERSION), first.getValue());
    List<Path> archives;
    try (Stream<Path> files = Files.list(cache)) {
      archives = files.toList();
    }
    assertEquals(1, archives.size(), archives.toString());
    assertTrue(archives.get(0).toString().endsWith(extension) && Files.size(archives.get(0)) > 0, archives.toString());

    // the second start uses the archive: mustMap makes the JVM refuse to start unless it maps it
    Map<String, String> verbose = new java.util.HashMap<>(env);
    verbose.put("JAVA_OPTS", mustMap);
    Map.Entry<Integer, String> second = run(work, verbose, launcher.toString(), "-V");
    assertEquals(0, second.getKey(), second.getValue());
    assertEquals("Partita " + VERSION, second.getValue().strip());

    serveAndAsk(work, env, launcher.toString(), "serve", "--in-memory", "--port", "0");
  }

  /** bin/partita and lib/partita.jar laid out in {@code dir/partita} as the archive has them; the launcher's path. */
  private Path installLauncher(Path dir) throws IOException {
    Path home = dir.resolve("partita");
    Files.createDirectories(home.resolve("bin"));
    Files.createDirectories(home.resolve("lib"));
    Path launcher = home.resolve("bin/partita");
    Files.copy(Path.of(System.getProperty("partita.launcher")), launcher);
    assertTrue(launcher.toFile().setExecutable(true));
    Files.copy(builtJar(), home.resolve("lib/partita.jar"));
    return launcher;
  }

  /**
   * The launcher runs the JVM with C1 alone unless PARTITA_JIT=full, and refuses any other value in
   * one line (docs/distribution.md, "The JIT"). The JVM's final flags say which it got.
   */
  @Test
  void launcherRunsC1AloneUnlessToldFull(@TempDir Path dir) throws Exception {
    Path launcher = installLauncher(dir);
    Map<String, String> env = new java.util.HashMap<>(Map.of("PARTITA_CDS", "off", "JAVA_OPTS", "-XX:+PrintFlagsFinal"));
    Pattern level = Pattern.compile("(?m)^\\s*intx TieredStopAtLevel\\s*=\\s*(\\d+)");

    Map.Entry<Integer, String> quick = run(dir, env, launcher.toString(), "--version");
    assertEquals(0, quick.getKey(), quick.getValue());
    java.util.regex.Matcher m = level.matcher(quick.getValue());
    assertTrue(m.find(), quick.getValue());
    assertEquals("1", m.group(1));

    env.put("PARTITA_JIT", "full");
    Map.Entry<Integer, String> full = run(dir, env, launcher.toString(), "--version");
    assertEquals(0, full.getKey(), full.getValue());
    m = level.matcher(full.getValue());
    assertTrue(m.find(), full.getValue());
    assertEquals("4", m.group(1));

    env.put("PARTITA_JIT", "fast");
    Map.Entry<Integer, String> refused = run(dir, env, launcher.toString(), "--version");
    assertEquals(2, refused.getKey(), refused.getValue());
    assertEquals("partita: PARTITA_JIT is quick or full, not 'fast'", refused.getValue().strip());
  }

  /**
   * partita.jar's logging, which is this module's (Logback and LogSetup; partita-server brings no
   * binding): with --log-requests each request is one line alone on standard output, and a quiet
   * server says nothing else on standard error but its stop. Without the binding in the jar SLF4J
   * would warn of no provider on standard error and write no request line.
   */
  @Test
  void theRequestLogGoesToStandardOutputAndNothingElseIsSaid(@TempDir Path dir) throws Exception {
    Path jar = jarAlone(dir);
    String[] out = serveAndAsk(dir, Map.of(), java(), "-jar", jar.toString(), "serve", "--in-memory", "--port", "0",
        "--log-requests");
    assertTrue(Pattern.compile("(?m)^\\S+ \\S+ ListTables status=200 error=- table=- ")
        .matcher(out[0]).find(), out[0]);
    assertTrue(Pattern.compile("(?m)^\\S+ \\S+ DescribeEndpoints status=200 ").matcher(out[0]).find(), out[0]);
    assertEquals("Partita stopped; in-memory data discarded", out[1].strip(), out[1]);
  }

  /**
   * Starts a server, asks it ListTables and DescribeEndpoints over HTTP, stops it with SIGTERM;
   * answers what it wrote to standard output after its ready line, and to standard error. Both go to files:
   * read through a pipe by a thread here, the last line a server wrote before the SIGTERM was now and then
   * missing (2 runs in 30 under load; none in 30 with a file), because {@code Process.destroy()} closes the
   * parent's ends of the child's pipes along with sending the signal, dropping what the thread had not yet read.
   */
  private static String[] serveAndAsk(Path dir, Map<String, String> env, String... command) throws Exception {
    List<String> all = new ArrayList<>(List.of(command));
    Path stdout = Files.createTempFile("partita-serve", ".out");
    Path stderr = Files.createTempFile("partita-serve", ".err");
    ProcessBuilder b = new ProcessBuilder(all).directory(dir.toFile()).redirectOutput(stdout.toFile())
        .redirectError(stderr.toFile());
    b.environment().remove("CLASSPATH");
    b.environment().putAll(env);
    Process p = b.start();
    try {
      URI endpoint = null;
      int ready = 0; // where the ready line ends
      while (endpoint == null) {
        String seen = Files.readString(stdout);
        Matcher m = ENDPOINT.matcher(seen);
        int lineEnd = m.find() ? seen.indexOf('\n', m.end()) : -1;
        if (lineEnd >= 0) { // the whole ready line written
          endpoint = URI.create(m.group(1));
          ready = lineEnd + 1;
        } else {
          assertTrue(p.isAlive(), "the server exited before serving:\n" + seen + Files.readString(stderr));
          Thread.sleep(10);
        }
      }

      HttpClient http = HttpClient.newHttpClient();
      HttpResponse<String> tables = http.send(request(endpoint, "ListTables"), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, tables.statusCode(), tables.body());
      assertEquals("{\"TableNames\":[]}", tables.body().replace(" ", ""));
      HttpResponse<String> endpoints = http.send(request(endpoint, "DescribeEndpoints"), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, endpoints.statusCode(), endpoints.body());
      assertTrue(endpoints.body().contains("\"Endpoints\"") && endpoints.body().contains(String.valueOf(endpoint.getPort())),
          endpoints.body());

      p.destroy(); // SIGTERM, as a service manager stops it
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the server did not stop on SIGTERM");
      String later = Files.readString(stdout).substring(ready);
      assertEquals(143, p.exitValue(), "a SIGTERM exit:\n" + later + Files.readString(stderr));
      assertTrue(Files.readString(stderr).contains("Partita stopped"), later + Files.readString(stderr));
      return new String[] {later, Files.readString(stderr)};
    } finally {
      p.destroyForcibly();
      Files.deleteIfExists(stdout);
      Files.deleteIfExists(stderr);
    }
  }

  private static HttpRequest request(URI endpoint, String operation) {
    return HttpRequest.newBuilder(endpoint)
        .header("X-Amz-Target", "DynamoDB_20120810." + operation)
        .header("Content-Type", "application/x-amz-json-1.0")
        .header("Authorization", "AWS4-HMAC-SHA256 Credential=local/20250101/us-east-1/dynamodb/aws4_request,"
            + " SignedHeaders=host;x-amz-target, Signature=0")
        .POST(HttpRequest.BodyPublishers.ofString("{}"))
        .build();
  }
}

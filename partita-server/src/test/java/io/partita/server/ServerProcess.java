package io.partita.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ./partita serve} as a child process, the way a user starts it. The script runs on the
 * test's own classpath (PARTITA_CLASSPATH) instead of building, and with {@code --port 0} the
 * server picks a free port and prints its endpoint, which is read back here: no fixed port, no
 * race for one.
 */
final class ServerProcess implements AutoCloseable {
  private static final Pattern ENDPOINT = Pattern.compile("serving DynamoDB on (http://\\S+) ");

  final Process process;
  final URI endpoint;
  /** The ready message: the line naming the endpoint and the "Try:" line after it. */
  final List<String> banner;
  /** What was printed before the endpoint's line (notes about the start). */
  final List<String> preamble;
  private final Path stderr;

  private ServerProcess(Process process, URI endpoint, List<String> banner, List<String> preamble, Path stderr) {
    this.process = process;
    this.endpoint = endpoint;
    this.banner = banner;
    this.preamble = preamble;
    this.stderr = stderr;
  }

  /** The repository root, where the {@code partita} script is. */
  static Path root() {
    Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
    while (dir != null && !Files.isRegularFile(dir.resolve("partita"))) {
      dir = dir.getParent();
    }
    if (dir == null) {
      throw new IllegalStateException("no partita script above " + System.getProperty("user.dir"));
    }
    return dir;
  }

  /** Runs {@code ./partita} with {@code args} to completion and answers its standard output. */
  static String run(String... args) throws IOException, InterruptedException {
    Process p = builder(args).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(60, TimeUnit.SECONDS);
    return out;
  }

  /** Starts {@code ./partita serve <args> --port 0} and waits until it prints its endpoint. */
  static ServerProcess serve(String... args) throws IOException {
    List<String> all = new ArrayList<>(List.of("serve", "--port", "0"));
    all.addAll(List.of(args));
    Path stderr = Files.createTempFile("partita-serve", ".err");
    Process p = builder(all.toArray(String[]::new)).redirectError(stderr.toFile()).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    StringBuilder seen = new StringBuilder();
    List<String> preamble = new ArrayList<>();
    for (String line; (line = out.readLine()) != null; ) {
      seen.append(line).append('\n');
      Matcher m = ENDPOINT.matcher(line);
      if (!m.find()) {
        preamble.add(line);
      } else {
        List<String> banner = List.of(line, String.valueOf(out.readLine()));
        Thread drain = new Thread(() -> drain(out), "partita-serve-stdout");
        drain.setDaemon(true);
        drain.start();
        return new ServerProcess(p, URI.create(m.group(1)), banner, List.copyOf(preamble), stderr);
      }
    }
    p.destroyForcibly();
    throw new IllegalStateException("./partita serve exited before serving; output:\n" + seen
        + "stderr:\n" + Files.readString(stderr));
  }

  private static ProcessBuilder builder(String... args) {
    List<String> command = new ArrayList<>();
    command.add(root().resolve("partita").toString());
    command.addAll(List.of(args));
    ProcessBuilder b = new ProcessBuilder(command);
    b.environment().put("PARTITA_CLASSPATH", System.getProperty("java.class.path"));
    // the servers the tests start look for leaked buffers too (partita serve samples none unless a
    // level is named: ServeCommand.withoutLeakSampling)
    String level = System.getProperty("io.netty.leakDetection.level");
    if (level != null) {
      b.environment().merge("JAVA_OPTS", "-Dio.netty.leakDetection.level=" + level, (had, more) -> had + " " + more);
    }
    return b;
  }

  private static void drain(BufferedReader out) {
    try {
      while (out.readLine() != null) {
        // the server's later output is not needed; reading it keeps the pipe from filling
      }
    } catch (IOException ignored) {
      // destroy() closed the pipe under this thread (Process.destroy closes the parent's ends of the child's
      // streams), dropping what was still unread in it: so nothing printed after the banner may be asserted
      // through this reader; a test that needs it sends standard output to a file (as JarAloneTest does)
    }
  }

  String stderr() throws IOException {
    return Files.readString(stderr);
  }

  /** Sends SIGTERM, as a service manager would, and waits for the process to exit. */
  int terminate() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("the server did not stop within 60 seconds of SIGTERM");
    }
    return process.exitValue();
  }

  @Override
  public void close() throws IOException {
    process.destroyForcibly();
    Files.deleteIfExists(stderr);
  }
}

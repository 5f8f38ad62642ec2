package io.partita.bench.sidebyside;

import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where the server's CPU goes in a measured window, by async-profiler (not a dependency of the
 * project: profile-server.sh fetches it from Maven Central into partita-bench/target). With
 * {@code -Dsidebyside.profiler=PATH/libasyncProfiler.so}, each measured phase of a server target
 * loads the profiler into the server process as it begins (CPU time of every thread, kernel time
 * included, sampled each millisecond) and stops it as it ends, writing collapsed stacks to
 * {@code -Dsidebyside.profiles=DIR} (default target/profiles); the phase then prints the CPU's
 * {@link #split split} into the parts of a request's way through the server.
 */
final class ServerProfile {
  private static final String LIBRARY = System.getProperty("sidebyside.profiler");
  private static final Path DIR = Path.of(System.getProperty("sidebyside.profiles", "partita-bench/target/profiles"));

  private ServerProfile() {}

  /** Whether to profile {@code target}'s measured windows: asked for, and a Partita server (a JVM to attach to). */
  static boolean wanted(Targets.Target target) {
    return LIBRARY != null && target.server() != null && target.name().startsWith("partita-server");
  }

  /** Starts the profiler; a failure is said and the phase runs unprofiled (answers false). */
  static boolean start(ServerProcess server) {
    try {
      agent(server, "start,event=ctimer,interval=1ms");
      return true;
    } catch (IllegalStateException e) {
      System.err.println("  (not profiled: " + e.getMessage() + ")");
      return false;
    }
  }

  /** Stops the profiler and answers the file of its collapsed stacks. */
  static Path stop(ServerProcess server, String name) {
    try {
      Files.createDirectories(DIR);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Path file = DIR.resolve(name + ".collapsed").toAbsolutePath();
    agent(server, "stop,collapsed,file=" + file);
    return file;
  }

  private static void agent(ServerProcess server, String command) {
    try {
      VirtualMachine vm = VirtualMachine.attach(Long.toString(server.pid()));
      try {
        vm.loadAgentPath(LIBRARY, command);
      } finally {
        vm.detach();
      }
    } catch (Exception e) {
      throw new IllegalStateException("async-profiler (" + LIBRARY + "): " + command + ": " + e, e);
    }
  }

  /**
   * The parts: the kernel's part of the socket calls (their system calls are the samples' last
   * frames), then, for the rest of the event loop's samples, whose code ran, by the deepest frame of
   * Partita's or Netty's (the JDK, the SDK's model, Jackson and RocksDB's native code count for
   * the code that called them): the engine, the wire (the JSON body read into the request and the
   * answer written), the HTTP handler around it, and Netty's pipeline; last the other threads (the
   * JIT compilers, the collector, RocksDB's background work).
   */
  static Map<String, Long> split(Path collapsed) {
    Map<String, Long> parts = new LinkedHashMap<>();
    for (String p : List.of(WRITE, WAIT, READ, ENGINE, WIRE, HANDLER, NETTY, OTHER)) {
      parts.put(p, 0L);
    }
    try {
      for (String line : Files.readAllLines(collapsed)) {
        int space = line.lastIndexOf(' ');
        if (space > 0) {
          parts.merge(part(line.substring(0, space)), Long.parseLong(line.substring(space + 1)), Long::sum);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return parts;
  }

  private static final String WRITE = "kernel: write the answer";
  private static final String WAIT = "kernel: wait for a request (epoll)";
  private static final String READ = "kernel: read the request";
  private static final String ENGINE = "engine";
  private static final String WIRE = "wire: read the body, write the answer";
  private static final String HANDLER = "HTTP handler";
  private static final String NETTY = "Netty";
  private static final String OTHER = "other threads";

  private static String part(String stack) {
    if (!stack.contains("NioEventLoop.run")) {
      return OTHER;
    }
    String[] frames = stack.split(";");
    String leaf = frames[frames.length - 1];
    if (stack.contains("NioSocketChannel.doWrite") && (leaf.contains("write") || leaf.contains("sendmsg"))) {
      return WRITE;
    }
    if (leaf.startsWith("epoll_wait")) {
      return WAIT;
    }
    if (stack.contains("NioSocketChannel.doReadBytes") && leaf.contains("read")) {
      return READ;
    }
    for (int i = frames.length - 1; i >= 0; i--) {
      String f = frames[i].replace('.', '/'); // a lambda's class is written with dots
      if (f.startsWith("io/partita/engine/")) {
        return ENGINE;
      } else if (f.startsWith("io/partita/server/wire/")) {
        return WIRE;
      } else if (f.startsWith("io/partita/server/")) {
        return HANDLER;
      } else if (f.startsWith("io/netty/")) {
        return NETTY;
      }
    }
    return NETTY;
  }

  /** The split as lines: each part's share of the samples and, at {@code cpuMicrosPerUnit}, its microseconds. */
  static String report(Path collapsed, double cpuMicrosPerUnit) {
    Map<String, Long> parts = split(collapsed);
    long total = parts.values().stream().mapToLong(Long::longValue).sum();
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "    server CPU by part (%d samples, %s):%n",
        total, collapsed));
    parts.forEach((part, n) -> out.append(String.format(Locale.ROOT, "      %-40s %5.1f%%  %7.1f us%n", part,
        total == 0 ? 0 : 100.0 * n / total, total == 0 ? 0 : cpuMicrosPerUnit * n / total)));
    return out.toString();
  }
}

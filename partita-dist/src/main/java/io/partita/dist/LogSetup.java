package io.partita.dist;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.jul.LevelChangePropagator;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import io.partita.server.observe.RequestLog;
import org.slf4j.Logger;

/**
 * The partita command's logging, quiet by default (docs/SERVER.md): Partita's own messages at INFO
 * and above, every library's (the AWS SDK, Netty, Micrometer) at WARN and above, to standard error;
 * the request log (logger {@value RequestLog#LOGGER}) alone, one line per request, to standard
 * output (it is written to only when serve is asked for it: {@code --log-requests}).
 * java.util.logging, which the engine uses, is routed here by the serve command; the level-change
 * propagator keeps its levels in step, so a message nobody writes costs the engine nothing.
 *
 * <p>Here, in the distribution, and not in partita-server: Logback is the command's logging binding,
 * and a binding is an application's choice. partita-server logs through the SLF4J API only, so an
 * application that starts a {@code PartitaServer} keeps its own binding and configuration
 * (docs/dependencies.md); this class and Logback are in partita.jar alone.
 *
 * <p>Written in code and found by Logback through {@code META-INF/services}, rather than as a
 * {@code logback.xml}: reading XML loaded Logback's Joran and the JDK's XML parser, some 400 classes,
 * 0.1-0.2 s and 15 MB of every server start. A configuration of the user's own still replaces this
 * one: a file named by {@code -Dlogback.configurationFile}, or a {@code logback-test.xml} or
 * {@code logback.xml} on the class path (partita.jar ships neither, so one found is the user's).
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_HIGH_PRIORITY)
public final class LogSetup extends ContextAwareBase implements Configurator {
  @Override
  public ExecutionStatus configure(LoggerContext context) {
    return configure(context, LogSetup.class.getClassLoader());
  }

  /** {@link #configure(LoggerContext)}, looking for the user's configuration files in {@code resources}. */
  ExecutionStatus configure(LoggerContext context, ClassLoader resources) {
    if (System.getProperty("logback.configurationFile") != null || resources.getResource("logback-test.xml") != null
        || resources.getResource("logback.xml") != null) {
      // the user's own configuration, read by Logback's next configurator
      return ExecutionStatus.INVOKE_NEXT_IF_ANY;
    }
    LevelChangePropagator propagator = new LevelChangePropagator();
    propagator.setContext(context);
    propagator.setResetJUL(true);
    context.addListener(propagator);
    propagator.start();

    ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    root.setLevel(Level.WARN);
    root.addAppender(console(context, "STDERR", "System.err",
        "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level %logger{36}: %msg%n"));
    context.getLogger("io.partita").setLevel(Level.INFO);

    // INFO, not OFF: the server writes to this logger only when the request log is asked for
    // (ServerConfig.withRequestLog, serve --log-requests), and the server no longer reaches into
    // Logback to switch it on then
    ch.qos.logback.classic.Logger requests = context.getLogger(RequestLog.LOGGER);
    requests.setLevel(Level.INFO);
    requests.setAdditive(false);
    requests.addAppender(console(context, "REQUESTS", "System.out", "%msg%n"));
    return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
  }

  private static ConsoleAppender<ILoggingEvent> console(LoggerContext context, String name, String target,
      String pattern) {
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern(pattern);
    encoder.start();
    ConsoleAppender<ILoggingEvent> appender = new ConsoleAppender<>();
    appender.setContext(context);
    appender.setName(name);
    appender.setTarget(target);
    appender.setEncoder(encoder);
    appender.start();
    return appender;
  }
}

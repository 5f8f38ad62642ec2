package io.partita.server.observe;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.jul.LevelChangePropagator;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import org.slf4j.Logger;

/**
 * Partita's logging, quiet by default (docs/SERVER.md): Partita's own messages at INFO and above,
 * every library's (the AWS SDK, Netty, Micrometer) at WARN and above, to standard error; the request
 * log (logger {@value RequestLog#LOGGER}) off unless the serve command is asked for it, then one line
 * per request, alone, to standard output. java.util.logging, which the engine uses, is routed here by
 * the server; the level-change propagator keeps its levels in step, so a message nobody writes costs
 * the engine nothing.
 *
 * <p>Written in code and found by Logback through {@code META-INF/services}, rather than as a
 * {@code logback.xml}: reading XML loaded Logback's Joran and the JDK's XML parser, some 400 classes,
 * 0.1-0.2 s and 15 MB of every server start. A configuration of the user's own still replaces this
 * one, as it replaced the {@code logback.xml} Partita shipped: a file named by {@code
 * -Dlogback.configurationFile}, or a {@code logback-test.xml} or {@code logback.xml} on the class
 * path (Partita ships neither, so one found is the application's, such as a test suite that starts
 * the server in its fixtures).
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

    ch.qos.logback.classic.Logger requests = context.getLogger(RequestLog.LOGGER);
    requests.setLevel(Level.OFF);
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

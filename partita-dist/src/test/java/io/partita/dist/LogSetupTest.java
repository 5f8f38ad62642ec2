package io.partita.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.jul.LevelChangePropagator;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import io.partita.server.observe.RequestLog;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;

/** The partita command's logging as docs/SERVER.md describes it, set up in code on a context of the test's own. */
class LogSetupTest {
  @Test
  void logbackFindsTheSetupAsAService() {
    assertTrue(ServiceLoader.load(Configurator.class).stream().map(p -> p.type())
        .collect(Collectors.toList()).contains(LogSetup.class));
  }

  @Test
  void quietByDefault_partitaAtInfo_theRequestLogAlone() {
    LoggerContext context = new LoggerContext();
    assertEquals(Configurator.ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY, new LogSetup().configure(context));

    ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    assertEquals(Level.WARN, root.getLevel());
    assertEquals(Level.INFO, context.getLogger("io.partita").getLevel());
    assertEquals(Level.WARN, context.getLogger("io.netty.channel").getEffectiveLevel());
    ConsoleAppender<ILoggingEvent> stderr = (ConsoleAppender<ILoggingEvent>) root.getAppender("STDERR");
    assertEquals("System.err", stderr.getTarget());
    assertTrue(stderr.isStarted());
    assertEquals("%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level %logger{36}: %msg%n",
        ((PatternLayoutEncoder) stderr.getEncoder()).getPattern());

    // written to only when the request log is asked for; the server cannot switch a level itself
    ch.qos.logback.classic.Logger requests = context.getLogger(RequestLog.LOGGER);
    assertEquals(Level.INFO, requests.getLevel());
    assertFalse(requests.isAdditive());
    ConsoleAppender<ILoggingEvent> stdout = (ConsoleAppender<ILoggingEvent>) requests.getAppender("REQUESTS");
    assertEquals("System.out", stdout.getTarget());
    assertEquals("%msg%n", ((PatternLayoutEncoder) stdout.getEncoder()).getPattern());

    // java.util.logging's levels follow Logback's, so the engine formats nothing nobody writes
    assertNotNull(context.getCopyOfListenerList().stream().filter(l -> l instanceof LevelChangePropagator)
        .findFirst().orElse(null));
    java.util.logging.Logger jul = java.util.logging.Logger.getLogger("io.partita.engine.logsetup");
    try {
      context.getLogger(jul.getName()).setLevel(Level.ERROR);
      assertEquals(java.util.logging.Level.SEVERE, jul.getLevel());
    } finally {
      jul.setLevel(null);
      context.stop();
    }
  }

  @Test
  void aLogbackXmlOfTheApplicationsOwnIsLeftToLogback(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    for (String file : java.util.List.of("logback.xml", "logback-test.xml")) {
      java.nio.file.Path folder = java.nio.file.Files.createDirectories(dir.resolve(file + ".d"));
      java.nio.file.Files.writeString(folder.resolve(file), "<configuration/>");
      try (java.net.URLClassLoader resources = new java.net.URLClassLoader(new java.net.URL[] {folder.toUri().toURL()},
          null)) {
        LoggerContext context = new LoggerContext();
        assertEquals(Configurator.ExecutionStatus.INVOKE_NEXT_IF_ANY, new LogSetup().configure(context, resources), file);
        assertEquals(null, context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("STDERR"), file);
      }
    }
    // and none: Partita's own setup
    try (java.net.URLClassLoader none = new java.net.URLClassLoader(new java.net.URL[0], null)) {
      LoggerContext context = new LoggerContext();
      assertEquals(Configurator.ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY, new LogSetup().configure(context, none));
      context.stop();
    }
  }

  @Test
  void aConfigurationFileOfTheUsersOwnIsLeftToLogback() {
    String before = System.getProperty("logback.configurationFile");
    System.setProperty("logback.configurationFile", "/nonexistent/logback.xml");
    try {
      LoggerContext context = new LoggerContext();
      assertEquals(Configurator.ExecutionStatus.INVOKE_NEXT_IF_ANY, new LogSetup().configure(context));
      assertInstanceOf(ch.qos.logback.classic.Logger.class, context.getLogger(Logger.ROOT_LOGGER_NAME));
      assertEquals(null, context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("STDERR"));
    } finally {
      if (before == null) {
        System.clearProperty("logback.configurationFile");
      } else {
        System.setProperty("logback.configurationFile", before);
      }
    }
  }
}

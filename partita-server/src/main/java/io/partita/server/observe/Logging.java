package io.partita.server.observe;

import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * The serve command's logging setup: java.util.logging routed into SLF4J. The binding and its
 * configuration are the partita command's (partita-dist: Logback, set up by its LogSetup) or an
 * application's own; this module logs through the SLF4J API only.
 */
public final class Logging {
  private Logging() {}

  /**
   * Routes java.util.logging, which the engine logs through, into SLF4J, so a server's messages
   * all go one way and one configuration governs them. Idempotent; for an application's start (a
   * library embedding the server leaves this to its application).
   */
  public static synchronized void routeJavaUtilLogging() {
    if (!SLF4JBridgeHandler.isInstalled()) {
      SLF4JBridgeHandler.removeHandlersForRootLogger();
      SLF4JBridgeHandler.install();
    }
  }
}

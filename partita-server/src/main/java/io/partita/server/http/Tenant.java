package io.partita.server.http;

import io.partita.engine.Partita;
import io.partita.server.wire.Dispatcher;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * One database as the endpoints serve it: the whole server's when it is shared, one namespace's when
 * it isolates (docs/SERVER.md, "Isolation"). Its engine (snapshots, hot keys, the admin switches act on
 * it), the dispatcher the API runs on it, and the schemas registered for its tables.
 *
 * @param label the namespace's label (metrics, messages), or null for the shared database
 * @param partita the engine; null only for a shared server given a dispatcher alone (tests)
 */
record Tenant(String label, Partita partita, Dispatcher dispatcher, Map<String, String> schemas) {
  static Tenant of(String label, Partita partita) {
    return new Tenant(label, partita, new Dispatcher(partita), new ConcurrentSkipListMap<>());
  }
}

/**
 * Who may reach a running server beyond what its signatures decide: the browser pages allowed to
 * call it ({@link io.partita.server.access.Cors}), the names it may be addressed by against DNS
 * rebinding ({@link io.partita.server.access.Hosts}), and the metrics' bearer token ({@link
 * io.partita.server.access.Access}). docs/SECURITY.md gives the threat model each answers. Rules
 * only, on no other package of Partita: {@code http/Gate} applies them.
 */
package io.partita.server.access;

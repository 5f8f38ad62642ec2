/**
 * {@code partita serve --isolate keys|accounts|regions}: which database a request is served from.
 * {@code Isolation} says what separates namespaces (the signing access key, the account it maps to, the
 * signing region) and turns a request's signer into its {@code Namespace}; {@code Namespaces} opens one
 * engine per namespace on first use (in memory, or in a folder derived from the namespace under the
 * data folder), bounded in number, and closes them all. Uses the engine's API only; the HTTP side asks
 * it for a namespace's engine (docs/SERVER.md, "Isolation").
 */
package io.partita.server.isolation;

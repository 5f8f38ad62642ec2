/**
 * One access pattern over several partitions, answers merged ({@code FanOut}), and write sharding of
 * a hot partition ({@code WriteShards}). Uses {@code io.partita.model}'s public API only.
 */
package io.partita.model.fanout;

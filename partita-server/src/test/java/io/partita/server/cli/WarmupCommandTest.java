package io.partita.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.partita.engine.Partita;
import io.partita.server.wire.Dispatcher;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code partita warmup} is what the launchers' class archive is made from: every request it sends must get the
 * answer it expects (a success, or the one refusal it is there to load), or its classes would be missing from the
 * archive and the first such request of every later start would pay for loading them. The command says each wrong
 * answer on standard error but still exits 0 (an archive of the rest is still worth having), so it is held here.
 * A server serves the same requests once it listens, on a scratch database of its own, so that a suite's first
 * test finds their code ready.
 */
class WarmupCommandTest {
  @Test
  void everyWarmupRequestGetsTheAnswerItExpects() throws Exception {
    assertEquals(List.of(), WarmupCommand.overHttp());
  }

  /** A server's warm-up thread serves the same requests through the dispatcher alone, ignoring what they answer. */
  @Test
  void theServersWarmUpGetsTheSameAnswersWithoutHttp() {
    try (Partita scratch = Preload.scratch()) {
      assertEquals(List.of(), WarmupCommand.through(new Dispatcher(scratch)));
    }
  }
}

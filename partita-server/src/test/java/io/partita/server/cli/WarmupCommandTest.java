package io.partita.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * {@code partita warmup} is what the launchers' class archive is made from: every request it sends must get the
 * answer it expects (a success, or the one refusal it is there to load), or its classes would be missing from the
 * archive and the first such request of every later start would pay for loading them. The command checks each answer
 * itself and fails, naming the request, when one is not what it expects.
 */
class WarmupCommandTest {
  @Test
  void everyWarmupRequestGetsTheAnswerItExpects() throws Exception {
    assertEquals(0, new WarmupCommand().call());
  }
}

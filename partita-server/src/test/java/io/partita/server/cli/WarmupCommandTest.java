package io.partita.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.partita.engine.Partita;
import io.partita.server.wire.Dispatcher;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@code partita warmup} is what the launchers' class archive is made from: every request it sends must get the
 * answer it expects (a success, or the one refusal it is there to load), or its classes would be missing from the
 * archive and the first such request of every later start would pay for loading them. The command checks each answer
 * itself and fails, naming the request, when one is not what it expects. A server's preload serves the same requests
 * once it listens, on a scratch database of its own, so that a suite's first test finds their code ready.
 */
class WarmupCommandTest {
  @Test
  void everyWarmupRequestGetsTheAnswerItExpects() throws Exception {
    assertEquals(0, new WarmupCommand().call());
  }

  /** A server's preload serves the same requests through the dispatcher alone, ignoring what they answer: so check here. */
  @Test
  void thePreloadsRequestsGetTheSameAnswersWithoutHttp() {
    try (Partita scratch = Partita.inMemory()) {
      Dispatcher dispatcher = new Dispatcher(scratch);
      for (String[] request : WarmupCommand.REQUESTS) {
        ByteArrayOutputStream answer = new ByteArrayOutputStream();
        int status = dispatcher.dispatch(Dispatcher.TARGET_PREFIX + request[0],
            new ByteArrayInputStream(request[1].getBytes(StandardCharsets.UTF_8)), Dispatcher.Output.to(answer));
        WarmupCommand.expect(request, status, answer.toString(StandardCharsets.UTF_8));
      }
    }
  }
}

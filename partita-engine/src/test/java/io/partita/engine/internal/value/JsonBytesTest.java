package io.partita.engine.internal.value;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.io.SerializedString;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JsonBytesTest {
  private static JsonBytes text(String s) {
    byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
    JsonBytes out = new JsonBytes(1);
    out.string(utf8, 0, utf8.length);
    return out;
  }

  @Test
  void aStringIsQuotedAndEscapedAsJacksonEscapesIt() {
    JsonBytes out = text("a\"b\\c\u0001\n\u007fé😀");
    assertEquals("\"a\\\"b\\\\c\\u0001\\n\u007fé😀\"", out.getValue());
    assertArrayEquals(out.getValue().getBytes(StandardCharsets.UTF_8), out.asUnquotedUTF8());
  }

  @Test
  void itIsAppendedOnlyWhereItFits() {
    JsonBytes out = text("abc");
    byte[] room = new byte[6];
    assertEquals(-1, out.appendUnquotedUTF8(room, 2));
    assertEquals(5, out.appendUnquotedUTF8(room, 1));
    assertEquals("\"abc\"", new String(room, 1, 5, StandardCharsets.UTF_8));
  }

  @Test
  void itsQuotedFormsAreThoseOfItsTextAsAString() {
    JsonBytes out = text("x\ty");
    SerializedString same = new SerializedString(out.getValue());
    assertArrayEquals(same.asQuotedUTF8(), out.asQuotedUTF8());
    assertArrayEquals(same.asQuotedChars(), out.asQuotedChars());
  }
}

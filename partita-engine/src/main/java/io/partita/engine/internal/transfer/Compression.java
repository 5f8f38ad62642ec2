package io.partita.engine.internal.transfer;

import com.github.luben.zstd.ZstdInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/** An import source's InputCompressionType: how its files are read. */
enum Compression {
  GZIP, ZSTD, NONE;

  static Compression of(String name) {
    return name == null ? NONE : valueOf(name);
  }

  /** The file's content, uncompressed. */
  InputStream open(InputStream raw) throws IOException {
    return switch (this) {
      case GZIP -> new GZIPInputStream(raw, 1 << 16);
      case ZSTD -> new ZstdInputStream(raw);
      case NONE -> raw;
    };
  }
}

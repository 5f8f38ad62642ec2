package io.partita.model.internal;


import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

final class RecordCodec implements Codec {
  private final RecordMapper<?> mapper;

  RecordCodec(RecordMapper<?> mapper) {
    this.mapper = mapper;
  }

  /** The nested record's mapper, for update paths into it. */
  RecordMapper<?> mapper() {
    return mapper;
  }

  @Override
  public Class<?> javaType() {
    return mapper.type();
  }

  @Override
  public AttributeValue encode(Object value) {
    return AttributeValue.fromM(mapper.encodeRecord(value));
  }

  @Override
  public Object decode(AttributeValue value) {
    return mapper.decodeRecord(Codecs.require(value.hasM() ? value.m() : null, "M", value), false);
  }
}

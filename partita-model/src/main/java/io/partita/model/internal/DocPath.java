package io.partita.model.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.partita.model.ValidationException;
import io.partita.model.internal.RecordMapper.Field;

/**
 * A document path into an entity's item, resolved against the record types when the request is built: {@code
 * title}, {@code address.city} (a component of a nested record, by its Java name; its stored name, {@code @Attr}
 * included, goes into the expression), {@code prefs.theme} (the key {@code theme} of a {@code Map<String, X>}
 * component), {@code lines[2].qty} (an element of a list). The last segment's codec encodes the operand.
 */
public final class DocPath {

  /** One step of a path: an attribute or map key ({@code name}), or a list index ({@code name} null). */
  public record Segment(String name, int index) {}

  private static final Pattern PIECE = Pattern.compile("([^\\[\\]]+)((?:\\[\\d+\\])*)");
  private static final Pattern INDEX = Pattern.compile("\\[(\\d+)\\]");

  private final String source;
  private final List<Segment> segments;
  private final Field top;
  private final Codec codec;
  private final boolean optional;
  private final boolean removable;

  private DocPath(String source, List<Segment> segments, Field top, Codec codec, boolean optional,
      boolean removable) {
    this.source = source;
    this.segments = List.copyOf(segments);
    this.top = top;
    this.codec = codec;
    this.optional = optional;
    this.removable = removable;
  }

  /**
   * Resolves {@code path} over {@code entity}'s record.
   *
   * @throws ValidationException naming the entity and the path when a segment names nothing
   */
  public static DocPath resolve(EntityModel<?> entity, String path) {
    String name = entity.name();
    if (path == null || path.isEmpty()) {
      throw new ValidationException("Entity " + name + ": an update path must not be empty", name, path);
    }
    String[] pieces = path.split("\\.", -1);
    List<Segment> segments = new ArrayList<>();
    Field top = null;
    Codec codec = null;
    boolean optional = false;
    boolean removable = false;
    for (int i = 0; i < pieces.length; i++) {
      Matcher m = PIECE.matcher(pieces[i]);
      if (!m.matches()) {
        throw new ValidationException("Entity " + name + ": update path '" + path + "' cannot be parsed at '"
            + pieces[i] + "' (segments are component names, map keys and [n] list indexes, joined by '.')", name,
            path);
      }
      String piece = m.group(1);
      if (i == 0) {
        top = field(entity, path, piece);
        segments.add(new Segment(top.stored(), -1));
        codec = top.codec();
        optional = top.optional();
        removable = top.optional() || top.codec().absent() != null;
      } else if (codec instanceof RecordCodec rc) {
        Field f = rc.mapper().field(piece);
        if (f == null) {
          throw new ValidationException("Entity " + name + ": update path '" + path + "': "
              + rc.mapper().type().getSimpleName() + " has no component " + piece + " (it has "
              + names(rc.mapper()) + ")", name, top.name());
        }
        segments.add(new Segment(f.stored(), -1));
        codec = f.codec();
        optional = f.optional();
        removable = f.optional() || f.codec().absent() != null;
      } else if (codec instanceof MapCodec mc) {
        segments.add(new Segment(piece, -1));
        codec = mc.values();
        optional = false;
        removable = true;
      } else {
        throw new ValidationException("Entity " + name + ": update path '" + path + "': '" + pieces[i - 1]
            + "' is a " + codec.javaType().getSimpleName() + ", which has no '" + piece + "'", name, top.name());
      }
      Matcher idx = INDEX.matcher(m.group(2));
      while (idx.find()) {
        if (!(codec instanceof ListCodec lc)) {
          throw new ValidationException("Entity " + name + ": update path '" + path + "': '" + piece
              + "' is not a List, so it has no [" + idx.group(1) + "]", name, top.name());
        }
        segments.add(new Segment(null, Integer.parseInt(idx.group(1))));
        codec = lc.element();
        optional = false;
        removable = true;
      }
    }
    return new DocPath(path, segments, top, codec, optional, removable);
  }

  /** The entity's field a path starts with. */
  private static Field field(EntityModel<?> entity, String path, String piece) {
    Field top = entity.mapper().field(piece);
    if (top == null) {
      throw new ValidationException("Entity " + entity.name() + ": update path '" + path + "' names no field of "
          + entity.type().getSimpleName() + " (it has " + names(entity.mapper()) + ")", entity.name(), piece);
    }
    return top;
  }

  private static String names(RecordMapper<?> mapper) {
    List<String> out = new ArrayList<>();
    for (Field f : mapper.fields()) {
      out.add(f.name());
    }
    return out.toString();
  }

  /** The path as given by the caller. */
  public String source() {
    return source;
  }

  /** The record component of the entity the path starts at. */
  public Field top() {
    return top;
  }

  /** A path of one segment: the whole component. */
  public boolean isTopLevel() {
    return segments.size() == 1;
  }

  /** The codec of the value at the end of the path. */
  public Codec codec() {
    return codec;
  }

  /** Whether the value at the path is an {@code Optional}. */
  public boolean optional() {
    return optional;
  }

  /**
   * Whether the attribute at the path may be removed: an Optional component, a set (absent reads as empty), a map
   * entry, a list element.
   */
  public boolean removable() {
    return removable;
  }

  /** The path in an expression, with a {@code #name} placeholder per attribute or map key. */
  public String render(Expressions x) {
    StringBuilder out = new StringBuilder();
    for (Segment s : segments) {
      if (s.name() == null) {
        out.append('[').append(s.index()).append(']');
      } else {
        out.append(out.length() == 0 ? "" : ".").append(x.name(s.name()));
      }
    }
    return out.toString();
  }

  /** Whether one path is the other or leads into it (DynamoDB refuses overlapping paths in one update). */
  public boolean overlaps(DocPath other) {
    int n = Math.min(segments.size(), other.segments.size());
    return segments.subList(0, n).equals(other.segments.subList(0, n));
  }

  @Override
  public String toString() {
    return source;
  }
}

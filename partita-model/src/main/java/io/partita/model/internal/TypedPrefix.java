package io.partita.model.internal;

import java.time.LocalDate;
import java.time.Year;
import java.time.YearMonth;
import java.util.List;
import java.util.Optional;

import io.partita.model.Key;
import io.partita.model.LeadingDigits;
import io.partita.model.ValidationException;
import io.partita.model.internal.RecordMapper.Field;
import io.partita.model.internal.Template.Token;

/**
 * Typed prefixes for BEGINS_WITH sort conditions: a value that stands for the start of a key field's text rather than
 * a whole value, rendered exactly as the key renders that field. A {@link Year}, {@link YearMonth} or {@link
 * LocalDate} on an Instant field (ISO-8601 in UTC: {@code 2026-04} is every instant of April 2026 UTC) or a Year or
 * YearMonth on a LocalDate field; {@link LeadingDigits} on a zero-padded number. The prefix value ends the rendered
 * text: nothing of the template after it is appended, so it must be the last value given.
 */
final class TypedPrefix {
  private TypedPrefix() {}

  /** Whether {@code value} is a prefix of {@code field}'s key text rather than one of its values. */
  static boolean isPrefix(Field field, Object value) {
    Object v = value instanceof Optional<?> o ? o.orElse(null) : value;
    return v instanceof LeadingDigits || ((v instanceof Year || v instanceof YearMonth || v instanceof LocalDate)
        && !field.valueType().isInstance(v));
  }

  /**
   * {@code template} rendered from {@code key} for begins_with when {@code key} holds a prefix value for one of its
   * fields; null when it holds none (the caller renders as usual).
   */
  static String render(EntityModel<?> entity, Template template, Key key) {
    List<Token> tokens = template.tokens();
    int at = -1;
    for (int i = 0; i < tokens.size() && at < 0; i++) {
      Token t = tokens.get(i);
      Object v = t.literal() ? null : key.values().get(t.text());
      if (v != null && isPrefix(entity.mapper().field(t.text()), v)) {
        at = i;
      }
    }
    if (at < 0) {
      return null;
    }
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < at; i++) {
      Token t = tokens.get(i);
      if (t.literal()) {
        out.append(t.text());
        continue;
      }
      Object v = key.values().get(t.text());
      if (v == null) {
        return out.toString(); // begins_with stops at the first value not given, before the prefix
      }
      out.append(Template.format(t, entity.keyText(t.text(), v)));
    }
    Token prefix = tokens.get(at);
    for (int i = at + 1; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (!t.literal() && key.values().get(t.text()) != null && !t.text().equals(prefix.text())) {
        throw refused(entity, prefix.text(), "a prefix value ends the key text, so no value may follow it; "
            + t.text() + " has one (template " + template + ")");
      }
    }
    return out.append(text(entity, prefix, key.values().get(prefix.text()))).toString();
  }

  /** The key text a prefix value stands for, checked against the field's type and format. */
  static String text(EntityModel<?> entity, Token token, Object value) {
    Object v = value instanceof Optional<?> o ? o.orElse(null) : value;
    Field f = entity.mapper().field(token.text());
    String kind = v.getClass().getSimpleName();
    if (v instanceof LeadingDigits d) {
      if (!(f.codec() instanceof Codecs.NumberCodec) || token.width() == 0) {
        throw refused(entity, f.name(), "leading digits " + d.digits() + " line up only with a zero-padded number"
            + " ({" + f.name() + ":0Nd}), and this placeholder is {" + f.name() + (token.format() == null ? ""
            + "}" : ":" + token.format() + "}") + " of a " + f.valueType().getSimpleName());
      }
      if (d.digits().length() > token.width()) {
        throw refused(entity, f.name(), "leading digits " + d.digits() + " are more than the field's " + token.width()
            + " digits");
      }
      return d.digits();
    }
    boolean instant = f.codec() == Codecs.INSTANT;
    boolean date = f.codec() == Codecs.LOCAL_DATE;
    if (!instant && !date || (date && v instanceof LocalDate)) {
      throw refused(entity, f.name(), "a " + kind + " prefix is for an Instant (ISO-8601) or LocalDate field"
          + (v instanceof LocalDate ? " (a LocalDate only for an Instant)" : "") + ", and this field is "
          + (f.codec() == Codecs.EPOCH_SECONDS ? "an Instant stored as epoch seconds, whose key text is a number"
          : "a " + f.valueType().getSimpleName()));
    }
    int year = v instanceof Year y ? y.getValue() : v instanceof YearMonth m ? m.getYear() : ((LocalDate) v).getYear();
    if (year < 0 || year > 9999) {
      throw refused(entity, f.name(), "a " + kind + " prefix needs a year from 0 to 9999, not " + year);
    }
    String text = v instanceof Year ? String.format("%04d", year) : v instanceof YearMonth m
        ? String.format("%04d-%02d", year, m.getMonthValue()) : v.toString();
    return Template.format(token, text); // a casing format applies to the prefix as to the whole text
  }

  static ValidationException refused(EntityModel<?> entity, String field, String why) {
    return new ValidationException("Entity " + entity.name() + ", field " + field + ": " + why, entity.name(), field);
  }
}

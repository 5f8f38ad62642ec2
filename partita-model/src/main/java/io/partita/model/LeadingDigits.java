package io.partita.model;

/**
 * The leading digits of a zero-padded number in a key ({@code {rank:08d}}), as a BEGINS_WITH sort value: {@code
 * Key.of("zip", new LeadingDigits("94"))} on {@code ZIP#{zip:05d}} asks for {@code begins_with(sk, "ZIP#94")}, the
 * numbers 94000 to 94999. The digits are those of the padded text, so they line up only with a padded field; any
 * other field refuses them.
 *
 * @param digits one or more of 0-9, at most the field's width
 */
public record LeadingDigits(String digits) {
  public LeadingDigits {
    if (digits == null || digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new IllegalArgumentException("leading digits are one or more of 0-9, not " + digits);
    }
  }
}

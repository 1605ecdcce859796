package dev.quipu.contracts.pricebook;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.serde.annotation.Serdeable;
import io.micronaut.serde.config.naming.SnakeCaseStrategy;

import java.util.List;

/**
 * One input of an operation: where it is read from, its JSON type and the rules a value must meet.
 *
 * @param allowed   for strings, the allowed values; for arrays, the allowed values of the items (empty = any)
 * @param pattern   a regular expression a string (or each array item) must match in full, or null
 * @param minimum   inclusive lower bound for numbers and integers, or null
 * @param maximum   inclusive upper bound for numbers and integers, or null
 * @param maxLength maximum length of a string, or maximum item count of an array, or null
 * @param defaultValue the value used when the field is absent (query parameters), or null
 */
@Serdeable(naming = SnakeCaseStrategy.class)
public record InputField(String name, Location in, FieldType type, boolean required, List<String> allowed,
                         @Nullable String pattern, @Nullable Double minimum, @Nullable Double maximum,
                         @Nullable Integer maxLength, @Nullable String defaultValue, String description) {

    /** Where a field is read from. */
    public enum Location { BODY, QUERY }

    public InputField {
        allowed = List.copyOf(allowed);
    }

    public static Builder body(String name, FieldType type) {
        return new Builder(name, Location.BODY, type);
    }

    public static Builder query(String name, FieldType type) {
        return new Builder(name, Location.QUERY, type);
    }

    /** Fluent construction keeps the price book readable. */
    public static final class Builder {
        private final String name;
        private final Location in;
        private final FieldType type;
        private boolean required;
        private List<String> allowed = List.of();
        private String pattern;
        private Double minimum;
        private Double maximum;
        private Integer maxLength;
        private String defaultValue;

        private Builder(String name, Location in, FieldType type) {
            this.name = name;
            this.in = in;
            this.type = type;
        }

        public Builder required() {
            this.required = true;
            return this;
        }

        public Builder allowed(List<String> values) {
            this.allowed = values;
            return this;
        }

        public Builder pattern(String regex) {
            this.pattern = regex;
            return this;
        }

        public Builder range(double min, double max) {
            this.minimum = min;
            this.maximum = max;
            return this;
        }

        public Builder maxLength(int max) {
            this.maxLength = max;
            return this;
        }

        public Builder defaultValue(String value) {
            this.defaultValue = value;
            return this;
        }

        public InputField describedAs(String description) {
            return new InputField(name, in, type, required, allowed, pattern, minimum, maximum, maxLength,
                    defaultValue, description);
        }
    }
}

package dev.quipu.registry.taxid;

import java.util.Objects;

/** One broken rule (or warning) and a sentence saying what was wrong with this identifier. */
public record Finding(TaxIdRule rule, String message) {

    public Finding {
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(message, "message");
    }

    /** The stable code, e.g. {@code nit.check_digit}. */
    public String code() {
        return rule.code();
    }
}

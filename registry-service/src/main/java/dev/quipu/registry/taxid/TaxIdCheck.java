package dev.quipu.registry.taxid;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of checking one tax identifier.
 *
 * @param type               the identifier's type; empty only when it could not be told (unknown
 *                           {@code id_type}, unsupported country, a Brazilian identifier that is neither
 *                           CNPJ nor CPF)
 * @param failure            the rule that failed, or empty when the identifier is valid
 * @param warnings           rules that only warn (e.g. {@code rfc.check_digit}); valid identifiers may have some
 * @param normalized         the identifier's characters only, check digit included, e.g. {@code 8999990681};
 *                           empty when invalid
 * @param formatted          as the registry writes it, e.g. {@code 899.999.068-1}; empty when invalid
 * @param kind               company or person, where the identifier says so
 * @param checkDigitSupplied whether the input carried its check digit (only a NIT may come without;
 *                           then the check digit in {@code normalized} and {@code formatted} is computed)
 */
public record TaxIdCheck(Optional<TaxIdType> type, Optional<Finding> failure, List<Finding> warnings,
                         String normalized, String formatted, PartyKind kind, boolean checkDigitSupplied) {

    public TaxIdCheck {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(failure, "failure");
        Objects.requireNonNull(normalized, "normalized");
        Objects.requireNonNull(formatted, "formatted");
        Objects.requireNonNull(kind, "kind");
        warnings = List.copyOf(warnings);
        if (failure.isPresent() && failure.get().rule().warning()) {
            throw new IllegalArgumentException("a warning cannot make an identifier invalid: " + failure.get().code());
        }
        if (warnings.stream().anyMatch(w -> !w.rule().warning())) {
            throw new IllegalArgumentException("only warning rules may be listed as warnings: " + warnings);
        }
    }

    static TaxIdCheck valid(TaxIdType type, String normalized, String formatted, PartyKind kind,
                            boolean checkDigitSupplied, List<Finding> warnings) {
        return new TaxIdCheck(Optional.of(type), Optional.empty(), warnings, normalized, formatted, kind,
                checkDigitSupplied);
    }

    static TaxIdCheck valid(TaxIdType type, String normalized, String formatted, PartyKind kind) {
        return valid(type, normalized, formatted, kind, true, List.of());
    }

    static TaxIdCheck invalid(TaxIdType type, Finding failure) {
        return new TaxIdCheck(Optional.ofNullable(type), Optional.of(failure), List.of(), "", "",
                PartyKind.UNSPECIFIED, false);
    }

    public boolean valid() {
        return failure.isEmpty();
    }

    /** The failed rule's code, e.g. {@code nit.check_digit}, or empty when valid. */
    public Optional<String> failedRule() {
        return failure.map(Finding::code);
    }
}

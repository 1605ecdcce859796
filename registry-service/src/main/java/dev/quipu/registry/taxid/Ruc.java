package dev.quipu.registry.taxid;

import java.util.Map;

/**
 * Peru's RUC: 11 digits. The first two say who holds it: 10 a natural person (then the 8-digit DNI),
 * 20 a legal entity, 15 and 17 other holders; any other prefix is refused. The last digit checks the ten
 * before it: weights 5, 4, 3, 2, 7, 6, 5, 4, 3, 2, {@code (11 − Σ mod 11) mod 10}.
 *
 * <p>Reading the input: whitespace is dropped; nothing else (a RUC is written without separators).
 */
public final class Ruc implements TaxIdValidator {

    static final int LENGTH = 11;
    private static final int[] WEIGHTS = {5, 4, 3, 2, 7, 6, 5, 4, 3, 2};
    private static final Map<String, PartyKind> PREFIXES = Map.of(
            "10", PartyKind.NATURAL_PERSON,
            "15", PartyKind.UNSPECIFIED,
            "17", PartyKind.UNSPECIFIED,
            "20", PartyKind.LEGAL_ENTITY);

    @Override
    public TaxIdType type() {
        return TaxIdType.RUC;
    }

    @Override
    public TaxIdCheck check(String identifier) {
        String s = IdText.clean(identifier, "");
        if (s.isEmpty()) {
            return invalid(TaxIdRule.IDENTIFIER_EMPTY.because("The RUC is empty"));
        }
        var stray = IdText.firstOutside(s, IdText::isDigit);
        if (stray.isPresent()) {
            return invalid(TaxIdRule.RUC_FORMAT.because("A RUC is 11 digits without separators; found " + stray.get()));
        }
        if (s.length() != LENGTH) {
            return invalid(TaxIdRule.RUC_LENGTH.because("A RUC has " + LENGTH + " digits; this one has " + s.length()));
        }
        PartyKind kind = PREFIXES.get(s.substring(0, 2));
        if (kind == null) {
            return invalid(TaxIdRule.RUC_PREFIX.because("A RUC begins with 10, 15, 17 or 20; this one with "
                    + s.substring(0, 2)));
        }
        char expected = checkDigit(s.substring(0, 10));
        if (s.charAt(10) != expected) {
            return invalid(TaxIdRule.RUC_CHECK_DIGIT.because("The RUC check digit does not match: " + s.substring(0, 10)
                    + " has check digit " + expected + " (SUNAT modulo 11), not " + s.charAt(10)));
        }
        return TaxIdCheck.valid(type(), s, s, kind);
    }

    static char checkDigit(String ten) {
        int sum = 0;
        for (int i = 0; i < WEIGHTS.length; i++) {
            sum += (ten.charAt(i) - '0') * WEIGHTS[i];
        }
        return (char) ('0' + (11 - sum % 11) % 10);
    }

    private TaxIdCheck invalid(Finding finding) {
        return TaxIdCheck.invalid(type(), finding);
    }
}

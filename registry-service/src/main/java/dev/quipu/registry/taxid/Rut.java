package dev.quipu.registry.taxid;

/**
 * Chile's RUT (RUN for persons): a body of 7 or 8 digits and a check digit {@code 0}–{@code 9} or
 * {@code K}, modulo 11 with the weights 2, 3, 4, 5, 6, 7 repeating from the rightmost body digit.
 *
 * <p>Reading the input: dots, dash and whitespace are dropped, a leading {@code CL} and leading zeros of
 * the body too, and {@code k} is upper-cased. The last character is always the check digit.
 */
public final class Rut implements TaxIdValidator {

    static final int MIN_BODY = 7;
    static final int MAX_BODY = 8;

    @Override
    public TaxIdType type() {
        return TaxIdType.RUT;
    }

    @Override
    public TaxIdCheck check(String identifier) {
        String s = IdText.clean(identifier, ".-");
        if (s.startsWith("CL")) {
            s = s.substring(2);
        }
        if (s.isEmpty()) {
            return invalid(TaxIdRule.IDENTIFIER_EMPTY.because("The RUT is empty"));
        }
        String body = s.substring(0, s.length() - 1);
        char given = s.charAt(s.length() - 1);
        var stray = IdText.firstOutside(body, IdText::isDigit)
                .or(() -> IdText.firstOutside(String.valueOf(given), c -> IdText.isDigit(c) || c == 'K'));
        if (stray.isPresent()) {
            return invalid(TaxIdRule.RUT_FORMAT.because("A RUT is digits followed by a check digit 0-9 or K; found "
                    + stray.get()));
        }
        body = IdText.stripLeadingZeros(body);
        if (body.isEmpty()) {
            return invalid(TaxIdRule.RUT_ZERO.because(s.length() == 1
                    ? "A RUT has digits before its check digit" : "The RUT is all zeros"));
        }
        if (body.length() < MIN_BODY || body.length() > MAX_BODY) {
            return invalid(TaxIdRule.RUT_LENGTH.because("A RUT has " + MIN_BODY + " or " + MAX_BODY
                    + " digits before its check digit; this one has " + body.length()));
        }
        char expected = checkDigit(body);
        if (given != expected) {
            return invalid(TaxIdRule.RUT_CHECK_DIGIT.because("The RUT check digit does not match: "
                    + IdText.groupThousands(body) + " has check digit " + expected + " (modulo 11), not " + given));
        }
        return TaxIdCheck.valid(type(), body + expected, IdText.groupThousands(body) + "-" + expected,
                PartyKind.UNSPECIFIED);
    }

    /** Weights 2…7 repeating from the right; {@code 11 − (Σ mod 11)}, where 11 → 0 and 10 → K. */
    static char checkDigit(String body) {
        int sum = 0;
        for (int i = 0; i < body.length(); i++) {
            sum += (body.charAt(body.length() - 1 - i) - '0') * (2 + i % 6);
        }
        int dv = 11 - sum % 11;
        return dv == 11 ? '0' : dv == 10 ? 'K' : (char) ('0' + dv);
    }

    private TaxIdCheck invalid(Finding finding) {
        return TaxIdCheck.invalid(type(), finding);
    }
}

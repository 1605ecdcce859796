package dev.quipu.registry.taxid;

import java.util.List;

/**
 * Colombia's NIT (DIAN, Orden Administrativa 4 de 1989): a body of up to 15 digits and one check digit,
 * modulo 11 with the weights 3, 7, 13 … 71 applied from the rightmost body digit.
 *
 * <p>Reading the input: dots, commas and whitespace are dropped; leading zeros are padding (they weigh
 * nothing) and are dropped too. With a dash, what follows it is the check digit. Without one, 10 or more
 * digits end in the check digit (the 9-digit company NIT written {@code 8999990681}), and up to 9 digits
 * are a body without check digit, as registries store it ({@code 899999068}); the check digit is then
 * computed and a {@code nit.check_digit_missing} warning says so.
 */
public final class Nit implements TaxIdValidator {

    private static final int[] WEIGHTS = {3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71};
    static final int MAX_BODY = WEIGHTS.length;
    /** Undashed inputs of this many digits or more end in their check digit. */
    static final int UNDASHED_WITH_CHECK_DIGIT = 10;

    @Override
    public TaxIdType type() {
        return TaxIdType.NIT;
    }

    @Override
    public TaxIdCheck check(String identifier) {
        String s = IdText.clean(identifier, ".,");
        if (s.isEmpty()) {
            return invalid(TaxIdRule.IDENTIFIER_EMPTY.because("The NIT is empty"));
        }
        var stray = IdText.firstOutside(s, c -> IdText.isDigit(c) || c == '-');
        if (stray.isPresent()) {
            return invalid(TaxIdRule.NIT_FORMAT.because("A NIT is digits, optionally followed by a dash and its check"
                    + " digit; found " + stray.get()));
        }
        int dash = s.indexOf('-');
        String body = dash < 0 ? s : s.substring(0, dash);
        String given = dash < 0 ? "" : s.substring(dash + 1);
        if (dash == 0) {
            return invalid(TaxIdRule.NIT_FORMAT.because("A NIT has its digits before the dash"));
        }
        if (dash > 0 && given.length() != 1) {
            return invalid(TaxIdRule.NIT_FORMAT.because("A NIT with a dash is written digits, one dash, one check digit"
                    + " (899.999.068-1); here " + given.length() + " characters follow the first dash"));
        }
        body = IdText.stripLeadingZeros(body);
        if (dash < 0 && body.length() >= UNDASHED_WITH_CHECK_DIGIT) {
            given = body.substring(body.length() - 1);
            body = body.substring(0, body.length() - 1);
        }
        if (body.isEmpty()) {
            return invalid(TaxIdRule.NIT_ZERO.because("The NIT is all zeros"));
        }
        if (body.length() > MAX_BODY) {
            return invalid(TaxIdRule.NIT_LENGTH.because("A NIT has at most " + MAX_BODY
                    + " digits before its check digit; this one has " + body.length()));
        }
        char expected = checkDigit(body);
        String formatted = IdText.groupThousands(body) + "-" + expected;
        if (given.isEmpty()) {
            return TaxIdCheck.valid(type(), body + expected, formatted, PartyKind.UNSPECIFIED, false,
                    List.of(TaxIdRule.NIT_CHECK_DIGIT_MISSING.because("No check digit was given; the DIAN check digit of "
                            + IdText.groupThousands(body) + " is " + expected)));
        }
        if (given.charAt(0) != expected) {
            return invalid(TaxIdRule.NIT_CHECK_DIGIT.because("The NIT check digit does not match: "
                    + IdText.groupThousands(body) + " has check digit " + expected + " (DIAN modulo 11), not " + given));
        }
        return TaxIdCheck.valid(type(), body + expected, formatted, PartyKind.UNSPECIFIED);
    }

    /** DIAN: {@code r = Σ wᵢ·dᵢ mod 11} over the body from the right; 0 and 1 stand, otherwise {@code 11 − r}. */
    static char checkDigit(String body) {
        int sum = 0;
        for (int i = 0; i < body.length(); i++) {
            sum += (body.charAt(body.length() - 1 - i) - '0') * WEIGHTS[i];
        }
        int r = sum % 11;
        return (char) ('0' + (r < 2 ? r : 11 - r));
    }

    private TaxIdCheck invalid(Finding finding) {
        return TaxIdCheck.invalid(type(), finding);
    }
}

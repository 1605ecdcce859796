package dev.quipu.registry.taxid;

/**
 * Brazil's CPF (a natural person): 9 digits and 2 check digits, modulo 11 with weights 10…2 and then
 * 11…2. A CPF of one repeated digit ({@code 111.111.111-11}) passes the arithmetic but names nobody;
 * it is refused, as BrasilAPI's {@code cpfIsValid} does (research note §4.3).
 *
 * <p>Reading the input: dots, dash and whitespace are dropped. Leading zeros are part of the number.
 */
public final class Cpf implements TaxIdValidator {

    static final int LENGTH = 11;

    @Override
    public TaxIdType type() {
        return TaxIdType.CPF;
    }

    @Override
    public TaxIdCheck check(String identifier) {
        String s = IdText.clean(identifier, ".-");
        if (s.isEmpty()) {
            return invalid(TaxIdRule.IDENTIFIER_EMPTY.because("The CPF is empty"));
        }
        var stray = IdText.firstOutside(s, IdText::isDigit);
        if (stray.isPresent()) {
            return invalid(TaxIdRule.CPF_FORMAT.because("A CPF is digits only; found " + stray.get()));
        }
        if (s.length() != LENGTH) {
            return invalid(TaxIdRule.CPF_LENGTH.because("A CPF has " + LENGTH + " digits (leading zeros included);"
                    + " this one has " + s.length()));
        }
        if (IdText.allSame(s)) {
            return invalid(TaxIdRule.CPF_REPEATED_DIGITS.because("A CPF of one repeated digit (" + s.charAt(0)
                    + ") names nobody"));
        }
        String expected = checkDigits(s.substring(0, 9));
        if (!s.endsWith(expected)) {
            return invalid(TaxIdRule.CPF_CHECK_DIGIT.because("The CPF check digits do not match: "
                    + format(s.substring(0, 9) + expected) + " is the CPF with these nine digits, not " + format(s)));
        }
        return TaxIdCheck.valid(type(), s, format(s), PartyKind.NATURAL_PERSON);
    }

    /** Both check digits of the first nine digits. */
    static String checkDigits(String nine) {
        int first = mod11(nine);
        int second = mod11(nine + first);
        return "" + first + second;
    }

    /** Weights from {@code length + 1} down to 2; {@code r = Σ mod 11}; 0 when {@code r < 2}, else {@code 11 − r}. */
    private static int mod11(String digits) {
        int sum = 0;
        for (int i = 0; i < digits.length(); i++) {
            sum += (digits.charAt(i) - '0') * (digits.length() + 1 - i);
        }
        int r = sum % 11;
        return r < 2 ? 0 : 11 - r;
    }

    /** {@code 52998224725} → {@code 529.982.247-25}. */
    static String format(String s) {
        return s.substring(0, 3) + "." + s.substring(3, 6) + "." + s.substring(6, 9) + "-" + s.substring(9);
    }

    private TaxIdCheck invalid(Finding finding) {
        return TaxIdCheck.invalid(type(), finding);
    }
}

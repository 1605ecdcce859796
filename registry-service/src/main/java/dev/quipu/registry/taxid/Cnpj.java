package dev.quipu.registry.taxid;

/**
 * Brazil's CNPJ: 12 base characters (8 root, 4 order) and 2 numeric check digits, modulo 11. From July
 * 2026 (IN RFB 2.229/2024, Nota Técnica 49/2024 COCAD/SUARA/RFB) the base may hold capital letters; each
 * character then weighs its ASCII code minus 48 ({@code 0}–{@code 9} → 0–9, {@code A} → 17 … {@code Z}
 * → 42), which leaves every numeric CNPJ's check digits as they were.
 *
 * <p>Reading the input: dots, slash, dash and whitespace are dropped and lower-case letters upper-cased.
 * Leading zeros are part of the number (Banco do Brasil is {@code 00.000.000/0001-91}): a shorter input
 * is refused, never padded. One character repeated 14 times is refused before the arithmetic (all zeros
 * would pass it; the other nine digits repeated fail it anyway).
 */
public final class Cnpj implements TaxIdValidator {

    static final int LENGTH = 14;
    private static final int[] WEIGHTS_1 = {5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2};
    private static final int[] WEIGHTS_2 = {6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2};

    @Override
    public TaxIdType type() {
        return TaxIdType.CNPJ;
    }

    @Override
    public TaxIdCheck check(String identifier) {
        String s = IdText.clean(identifier, "./-");
        if (s.isEmpty()) {
            return invalid(TaxIdRule.IDENTIFIER_EMPTY.because("The CNPJ is empty"));
        }
        var stray = IdText.firstOutside(s, c -> IdText.isDigit(c) || (c >= 'A' && c <= 'Z'));
        if (stray.isPresent()) {
            return invalid(TaxIdRule.CNPJ_FORMAT.because("A CNPJ is digits and capital letters A-Z; found " + stray.get()));
        }
        if (s.length() != LENGTH) {
            return invalid(TaxIdRule.CNPJ_LENGTH.because("A CNPJ has " + LENGTH + " characters (leading zeros"
                    + " included); this one has " + s.length()));
        }
        if (!IdText.allDigits(s.substring(12))) {
            return invalid(TaxIdRule.CNPJ_FORMAT.because("The last two characters of a CNPJ are its check digits,"
                    + " always numeric; found \"" + s.substring(12) + "\""));
        }
        if (IdText.allSame(s)) {
            return invalid(TaxIdRule.CNPJ_REPEATED_DIGITS.because("A CNPJ of one repeated character ("
                    + s.charAt(0) + ") names no company"));
        }
        String expected = checkDigits(s.substring(0, 12));
        if (!s.endsWith(expected)) {
            return invalid(TaxIdRule.CNPJ_CHECK_DIGIT.because("The CNPJ check digits do not match: "
                    + format(s.substring(0, 12) + expected) + " is the CNPJ with this base, not " + format(s)));
        }
        return TaxIdCheck.valid(type(), s, format(s), PartyKind.LEGAL_ENTITY);
    }

    /** Both check digits of a 12-character base. */
    public static String checkDigits(String base) {
        int first = mod11(base, WEIGHTS_1);
        int second = mod11(base + first, WEIGHTS_2);
        return "" + first + second;
    }

    /** {@code r = Σ wᵢ·(ASCII(cᵢ) − 48) mod 11}; 0 when {@code r < 2}, otherwise {@code 11 − r}. */
    private static int mod11(String chars, int[] weights) {
        int sum = 0;
        for (int i = 0; i < weights.length; i++) {
            sum += (chars.charAt(i) - 48) * weights[i];
        }
        int r = sum % 11;
        return r < 2 ? 0 : 11 - r;
    }

    /** {@code 33592510000154} → {@code 33.592.510/0001-54}. */
    static String format(String s) {
        return s.substring(0, 2) + "." + s.substring(2, 5) + "." + s.substring(5, 8) + "/" + s.substring(8, 12)
                + "-" + s.substring(12);
    }

    private TaxIdCheck invalid(Finding finding) {
        return TaxIdCheck.invalid(type(), finding);
    }
}

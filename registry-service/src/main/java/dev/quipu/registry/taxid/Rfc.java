package dev.quipu.registry.taxid;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Mexico's RFC. Persona moral: 3 letters, the date of incorporation (YYMMDD) and a 3-character
 * homoclave, 12 in all. Persona física: 4 letters, the date of birth and the homoclave, 13 in all. The
 * homoclave's last character is a check digit over the 11 or 12 before it; about 1 % of real RFCs carry
 * a wrong one, so a mismatch is the warning {@code rfc.check_digit}, never a refusal. The SAT's generic
 * RFCs ({@code XAXX010101000} público en general, {@code XEXX010101000} extranjeros) are accepted with
 * the warning {@code rfc.generic}: they name no taxpayer.
 *
 * <p>Reading the input: spaces, dashes and underscores are dropped, a–z and ñ upper-cased.
 */
public final class Rfc implements TaxIdValidator {

    static final Set<String> GENERIC = Set.of("XAXX010101000", "XEXX010101000");
    private static final Pattern MORAL = Pattern.compile("[A-ZÑ&]{3}[0-9]{6}[0-9A-Z]{3}");
    private static final Pattern FISICA = Pattern.compile("[A-ZÑ&]{4}[0-9]{6}[0-9A-Z]{3}");
    /** Character values of the check digit: the index in this string (so {@code &} = 24, space = 37, Ñ = 38). */
    private static final String ALPHABET = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ";

    @Override
    public TaxIdType type() {
        return TaxIdType.RFC;
    }

    @Override
    public TaxIdCheck check(String identifier) {
        String s = IdText.clean(identifier, "-_");
        if (s.isEmpty()) {
            return invalid(TaxIdRule.IDENTIFIER_EMPTY.because("The RFC is empty"));
        }
        if (GENERIC.contains(s)) {
            return TaxIdCheck.valid(type(), s, s, PartyKind.UNSPECIFIED, true, List.of(TaxIdRule.RFC_GENERIC.because(
                    s + " is a generic RFC of the SAT; it names no taxpayer")));
        }
        var stray = IdText.firstOutside(s, c -> IdText.isDigit(c) || (c >= 'A' && c <= 'Z') || c == 'Ñ' || c == '&');
        if (stray.isPresent()) {
            return invalid(TaxIdRule.RFC_FORMAT.because("An RFC is capital letters (with Ñ and &) and digits; found "
                    + stray.get()));
        }
        boolean moral = s.length() == 12;
        if (!moral && s.length() != 13) {
            return invalid(TaxIdRule.RFC_LENGTH.because("An RFC has 12 characters (persona moral) or 13 (persona"
                    + " física); this one has " + s.length()));
        }
        if (!(moral ? MORAL : FISICA).matcher(s).matches()) {
            return invalid(TaxIdRule.RFC_FORMAT.because(moral
                    ? "A 12-character RFC (persona moral) is 3 letters, 6 date digits and a 3-character homoclave"
                    : "A 13-character RFC (persona física) is 4 letters, 6 date digits and a 3-character homoclave"));
        }
        int date = moral ? 3 : 4;
        if (!isDate(s.substring(date, date + 6))) {
            return invalid(TaxIdRule.RFC_DATE.because("The date in an RFC is YYMMDD; " + s.substring(date, date + 6)
                    + " is no calendar date"));
        }
        char expected = checkDigit(s.substring(0, s.length() - 1));
        List<Finding> warnings = s.charAt(s.length() - 1) == expected ? List.of()
                : List.of(TaxIdRule.RFC_CHECK_DIGIT.because("The RFC check digit computes to " + expected + ", not "
                        + s.charAt(s.length() - 1) + "; some RFCs the SAT issued carry such a mismatch"));
        return TaxIdCheck.valid(type(), s, s, moral ? PartyKind.LEGAL_ENTITY : PartyKind.NATURAL_PERSON, true,
                warnings);
    }

    /**
     * The 11 or 12 characters before the check digit, left-padded with spaces to 12;
     * {@code s = Σ value(cᵢ)·(13 − i)}; the digit is {@code ALPHABET[(11 − s mod 11) mod 11]} (10 → A).
     */
    static char checkDigit(String chars) {
        String padded = " ".repeat(12 - chars.length()) + chars;
        int sum = 0;
        for (int i = 0; i < 12; i++) {
            sum += ALPHABET.indexOf(padded.charAt(i)) * (13 - i);
        }
        return ALPHABET.charAt((11 - sum % 11) % 11);
    }

    /**
     * YYMMDD must be a calendar date. The century is not written; reading it as 20YY accepts 29 February in
     * every year divisible by 4, which is right for 1904–2096 and lenient only for 1900.
     */
    private static boolean isDate(String yymmdd) {
        try {
            LocalDate.of(2000 + Integer.parseInt(yymmdd.substring(0, 2)), Integer.parseInt(yymmdd.substring(2, 4)),
                    Integer.parseInt(yymmdd.substring(4, 6)));
            return true;
        } catch (DateTimeException e) {
            return false;
        }
    }

    private TaxIdCheck invalid(Finding finding) {
        return TaxIdCheck.invalid(type(), finding);
    }
}

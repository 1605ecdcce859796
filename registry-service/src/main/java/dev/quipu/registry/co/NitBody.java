package dev.quipu.registry.co;

import dev.quipu.registry.taxid.Nit;

import java.util.Optional;

/**
 * The NIT body, the key Colombian records are stored under: the digits before the check digit, leading
 * zeros dropped ({@code 899999068} for Ecopetrol's {@code 899.999.068-1}). The registries publish the body
 * and the check digit apart (RUES: {@code nit} and {@code digito_verificacion}) or the body alone
 * (Supersociedades' rankings), written with thousands separators ({@code 899,999,068}) or without.
 */
final class NitBody {

    /** DIAN's longest body (Nit's weights). */
    static final int MAX_DIGITS = 15;

    private NitBody() {
    }

    /** The body as written by a registry (separators {@code , .} and spaces allowed), or empty when it is not a NIT body. */
    static Optional<String> of(String raw) {
        if (raw == null) {
            return Optional.empty();
        }
        String s = raw.strip();
        // a spreadsheet's number cell read as text may end in ".0"
        if (s.endsWith(".0")) {
            s = s.substring(0, s.length() - 2);
        }
        StringBuilder digits = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= '0' && c <= '9') {
                digits.append(c);
            } else if (c != ',' && c != '.' && c != ' ' && c != '\u00a0') {
                return Optional.empty();
            }
        }
        int first = 0;
        while (first < digits.length() && digits.charAt(first) == '0') {
            first++;
        }
        String body = digits.substring(first);
        return body.isEmpty() || body.length() > MAX_DIGITS ? Optional.empty() : Optional.of(body);
    }

    /** Whether {@code checkDigit} is the DIAN check digit of {@code body}. */
    static boolean checkDigitMatches(String body, String checkDigit) {
        return new Nit().check(body + "-" + checkDigit.strip()).valid();
    }
}

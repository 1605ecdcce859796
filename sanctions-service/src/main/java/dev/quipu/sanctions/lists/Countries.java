package dev.quipu.sanctions.lists;

import java.text.Normalizer;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Country names as the lists print them ("Russia", "Korea, North", "Bosnia-Herzegovina",
 * "IRAN (ISLAMIC REPUBLIC OF)") to ISO 3166-1 alpha-2. The JDK's English names cover most; the
 * table below adds the list spellings that differ.
 */
public final class Countries {

    private static final java.util.regex.Pattern MARKS = java.util.regex.Pattern.compile("\\p{M}+");
    private static final Map<String, String> BY_NAME = new HashMap<>();

    static {
        for (String code : Locale.getISOCountries()) {
            Locale l = new Locale("", code);
            BY_NAME.put(key(l.getDisplayCountry(Locale.ENGLISH)), code);
            BY_NAME.put(key(code), code);
        }
        String[][] aliases = {
                {"RUSSIA", "RU"}, {"RUSSIAN FEDERATION", "RU"}, {"IRAN", "IR"}, {"IRAN ISLAMIC REPUBLIC OF", "IR"},
                {"SYRIA", "SY"}, {"SYRIAN ARAB REPUBLIC", "SY"}, {"KOREA NORTH", "KP"}, {"NORTH KOREA", "KP"},
                {"DEMOCRATIC PEOPLES REPUBLIC OF KOREA", "KP"}, {"KOREA DEMOCRATIC PEOPLES REPUBLIC OF", "KP"},
                {"KOREA SOUTH", "KR"}, {"SOUTH KOREA", "KR"}, {"KOREA REPUBLIC OF", "KR"}, {"BURMA", "MM"},
                {"BOSNIA HERZEGOVINA", "BA"}, {"BOSNIA AND HERZEGOVINA", "BA"}, {"VENEZUELA", "VE"},
                {"BOLIVIA", "BO"}, {"TANZANIA", "TZ"}, {"UNITED REPUBLIC OF TANZANIA", "TZ"}, {"LAOS", "LA"},
                {"VIETNAM", "VN"}, {"VIET NAM", "VN"}, {"MOLDOVA", "MD"}, {"REPUBLIC OF MOLDOVA", "MD"},
                {"CONGO DEMOCRATIC REPUBLIC OF THE", "CD"}, {"DEMOCRATIC REPUBLIC OF THE CONGO", "CD"},
                {"CONGO REPUBLIC OF THE", "CG"}, {"UNITED KINGDOM", "GB"}, {"UK", "GB"}, {"GREAT BRITAIN", "GB"},
                {"UNITED STATES", "US"}, {"USA", "US"}, {"UNITED STATES OF AMERICA", "US"},
                {"PALESTINIAN", "PS"}, {"WEST BANK", "PS"}, {"GAZA", "PS"}, {"PALESTINE", "PS"},
                {"STATE OF PALESTINE", "PS"}, {"TURKEY", "TR"}, {"TURKIYE", "TR"}, {"CZECH REPUBLIC", "CZ"},
                {"CZECHIA", "CZ"}, {"MACEDONIA", "MK"}, {"NORTH MACEDONIA", "MK"}, {"IVORY COAST", "CI"},
                {"COTE DIVOIRE", "CI"}, {"CABO VERDE", "CV"}, {"KYRGYZSTAN", "KG"}, {"KOSOVO", "XK"},
                {"HONG KONG", "HK"}, {"MACAU", "MO"}, {"MACAO", "MO"}, {"TAIWAN", "TW"},
                {"UNITED ARAB EMIRATES", "AE"}, {"UAE", "AE"}, {"BRUNEI", "BN"}, {"ESWATINI", "SZ"},
                {"SWAZILAND", "SZ"}, {"LIBYAN ARAB JAMAHIRIYA", "LY"}, {"SUDAN SOUTH", "SS"},
                {"SOUTH SUDAN", "SS"}, {"NETHERLANDS ANTILLES", "CW"}, {"CURACAO", "CW"}, {"CRIMEA", "UA"},
                {"HOLY SEE", "VA"}, {"MICRONESIA", "FM"}, {"BAHAMAS THE", "BS"}, {"THE BAHAMAS", "BS"},
                {"GAMBIA THE", "GM"}, {"THE GAMBIA", "GM"}, {"SAINT KITTS AND NEVIS", "KN"},
                {"ST KITTS AND NEVIS", "KN"}, {"SAINT VINCENT AND THE GRENADINES", "VC"},
                {"ANTIGUA AND BARBUDA", "AG"}, {"BRITISH VIRGIN ISLANDS", "VG"}, {"VIRGIN ISLANDS BRITISH", "VG"},
                {"TIMOR LESTE", "TL"}, {"EAST TIMOR", "TL"}, {"IRAQ", "IQ"}, {"AFGHANISTAN", "AF"}};
        for (String[] a : aliases) {
            BY_NAME.put(key(a[0]), a[1]);
        }
    }

    private Countries() {
    }

    /** The ISO code of a country name or code, if recognised. */
    public static Optional<String> code(String name) {
        if (name == null || name.isBlank()) {
            return Optional.empty();
        }
        String k = key(name);
        String code = BY_NAME.get(k);
        if (code == null && k.startsWith("THE ")) {
            code = BY_NAME.get(k.substring(4));
        }
        return Optional.ofNullable(code);
    }

    private static String key(String name) {
        String s = MARKS.matcher(Normalizer.normalize(name, Normalizer.Form.NFKD)).replaceAll("");
        s = s.toUpperCase(Locale.ROOT);
        StringBuilder out = new StringBuilder(s.length());
        boolean space = false;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\'' || c == '’' || c == '.') {
                continue;
            }
            if ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
                if (space && out.length() > 0) {
                    out.append(' ');
                }
                out.append(c);
                space = false;
            } else {
                space = true;
            }
        }
        return out.toString();
    }
}

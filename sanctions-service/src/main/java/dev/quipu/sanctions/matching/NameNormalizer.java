package dev.quipu.sanctions.matching;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.lang.UScript;
import com.ibm.icu.text.Transliterator;
import org.apache.commons.codec.language.DoubleMetaphone;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one normalisation applied to list names and query names alike (scheme version
 * {@link #VERSION}): NFKC, Unicode case folding, transliteration of Latin (accents), Cyrillic,
 * Greek, Armenian, Georgian and Hangul to ASCII with ICU; other scripts (Arabic, Han, ...) stay as
 * they are (lists give Latin aliases for them). Dots and apostrophes inside words are dropped
 * ("S.A." → "sa", "O'Brien" → "obrien"), other punctuation splits. Legal forms become compare
 * codes, particles and initials are tagged, numbers kept, a few honorifics dropped.
 */
public final class NameNormalizer {

    public static final String VERSION = "qn-1";

    private static final Set<String> PARTICLES = Set.of("de", "del", "la", "las", "los", "da", "das", "do", "dos",
            "e", "y", "van", "von", "der", "den", "di", "du", "le", "al", "el", "bin", "ibn", "bint");
    private static final Set<String> HONORIFICS = Set.of("mr", "mrs", "ms", "miss", "dr", "prof", "sir", "sr", "sra",
            "srta", "don", "dona", "lic", "ing");

    /** Multi-part legal forms first (longest match wins), written as normalised tokens. */
    private static final List<Map.Entry<String[], String>> LEGAL_FORMS = List.of(
            form("s de rl de cv", "srlcv"), form("sapi de cv", "sapicv"), form("sab de cv", "sabcv"),
            form("sa de cv", "sacv"), form("sociedad anonima de capital variable", "sacv"),
            form("s en c", "senc"), form("cia ltda", "coltd"), form("compania limitada", "coltd"),
            form("sociedad anonima", "sa"), form("sociedade anonima", "sa"), form("societe anonyme", "sa"),
            form("sociedad por acciones simplificada", "sas"), form("sociedade limitada", "ltda"),
            form("sociedad limitada", "ltda"), form("limitada", "ltda"), form("co ltd", "coltd"), form("company limited", "coltd"),
            form("limited liability company", "llc"), form("sadecv", "sacv"), form("sacv", "sacv"),
            form("sa", "sa"), form("sas", "sas"), form("ltda", "ltda"), form("ltd", "ltd"), form("limited", "ltd"),
            form("srl", "srl"), form("sl", "sl"), form("sc", "sc"), form("sapi", "sapi"), form("eireli", "eireli"),
            form("llc", "llc"), form("inc", "inc"), form("incorporated", "inc"), form("corp", "corp"),
            form("corporation", "corp"), form("co", "co"), form("company", "co"), form("cia", "co"),
            form("gmbh", "gmbh"), form("ag", "ag"), form("plc", "plc"), form("llp", "llp"), form("lp", "lp"),
            form("bv", "bv"), form("nv", "nv"), form("spa", "spa"), form("sarl", "sarl"), form("ooo", "ooo"),
            form("oao", "oao"), form("zao", "zao"), form("ao", "ao"), form("pao", "pao"), form("pjsc", "pjsc"),
            form("ojsc", "ojsc"), form("cjsc", "cjsc"), form("jsc", "jsc"), form("fze", "fze"), form("fzco", "fzco"),
            form("fzc", "fzc"), form("pte", "pte"), form("pvt", "pvt"), form("sro", "sro"), form("doo", "doo"),
            form("kg", "kg"), form("ca", "ca"), form("saic", "saic"), form("saci", "saci"), form("sae", "sae"));

    private static final Set<Character.UnicodeScript> TRANSLITERATED = Set.of(Character.UnicodeScript.CYRILLIC,
            Character.UnicodeScript.GREEK, Character.UnicodeScript.ARMENIAN, Character.UnicodeScript.GEORGIAN,
            Character.UnicodeScript.HANGUL);

    private final ThreadLocal<Transliterator> toLatin = ThreadLocal.withInitial(
            () -> Transliterator.getInstance("Russian-Latin/BGN; Any-Latin; Latin-ASCII"));
    private final ThreadLocal<Transliterator> latinAscii = ThreadLocal.withInitial(
            () -> Transliterator.getInstance("Latin-ASCII"));
    private final ThreadLocal<DoubleMetaphone> metaphone = ThreadLocal.withInitial(DoubleMetaphone::new);

    /** The published tables of this scheme (for GET /sanctions/zkp/prepare, so clients can normalise alike). */
    public static Set<String> particles() {
        return PARTICLES;
    }

    public static Set<String> honorifics() {
        return HONORIFICS;
    }

    /** Legal forms as (normalised words, compare code), in matching order: first match wins. */
    public static List<Map.Entry<String, String>> legalForms() {
        return LEGAL_FORMS.stream().map(f -> Map.entry(String.join(" ", f.getKey()), f.getValue())).toList();
    }

    private static Map.Entry<String[], String> form(String tokens, String code) {
        return Map.entry(tokens.split(" "), code);
    }

    /** Normalised, tagged parts of a name; empty for a name with no letters or digits. */
    public List<Token> tokens(String name) {
        List<String> words = words(name);
        List<Token> out = new ArrayList<>(words.size());
        int i = 0;
        while (i < words.size()) {
            int matched = 0;
            String code = null;
            if (i > 0 || words.size() == 1) {
                // a legal form never starts a multi-word name ("SA" alone is allowed as a whole name)
                for (Map.Entry<String[], String> f : LEGAL_FORMS) {
                    String[] parts = f.getKey();
                    if (i + parts.length <= words.size() && matches(words, i, parts)) {
                        matched = parts.length;
                        code = f.getValue();
                        break;
                    }
                }
            }
            if (matched > 0 && words.size() > 1) {
                out.add(new Token(code, Token.Kind.LEGAL_FORM, code));
                i += matched;
                continue;
            }
            String w = words.get(i++);
            if (HONORIFICS.contains(w) && words.size() > 2 && out.isEmpty()) {
                continue;
            }
            out.add(token(w));
        }
        return out;
    }

    /** The comparable string of a name: its tokens joined by single blanks (the ZKP scheme's input). */
    public String comparable(String name) {
        StringBuilder s = new StringBuilder();
        for (Token t : tokens(name)) {
            if (s.length() > 0) {
                s.append(' ');
            }
            s.append(t.text());
        }
        return s.toString();
    }

    Token token(String w) {
        Token.Kind kind;
        if (isNumber(w)) {
            kind = Token.Kind.NUMBER;
        } else if (w.length() == 1) {
            kind = Token.Kind.INITIAL;
        } else if (PARTICLES.contains(w)) {
            kind = Token.Kind.PARTICLE;
        } else {
            kind = Token.Kind.WORD;
        }
        return new Token(w, kind, kind == Token.Kind.WORD ? phonetic(w) : w);
    }

    private String phonetic(String w) {
        if (!isAscii(w)) {
            return w;
        }
        String key = metaphone.get().doubleMetaphone(w);
        return key == null || key.isEmpty() ? w : key;
    }

    private static boolean matches(List<String> words, int at, String[] parts) {
        for (int k = 0; k < parts.length; k++) {
            if (!words.get(at + k).equals(parts[k])) {
                return false;
            }
        }
        return true;
    }

    /** Folded, transliterated words; in-word dots and apostrophes removed, other punctuation splits. */
    List<String> words(String name) {
        if (name == null) {
            return List.of();
        }
        String s;
        if (isAscii(name)) {
            // fast path for most list names: NFKC and full case folding reduce to lower-casing on ASCII
            s = name.toLowerCase(java.util.Locale.ROOT);
        } else {
            s = UCharacter.foldCase(Normalizer.normalize(name, Normalizer.Form.NFKC), true);
            if (!isAscii(s)) {
                s = transliterate(s);
            }
        }
        List<String> words = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == '.' || cp == '\'' || cp == '’' || cp == '`' || cp == '´') {
                continue;
            }
            if (Character.isLetterOrDigit(cp) || Character.getType(cp) == Character.NON_SPACING_MARK) {
                w.appendCodePoint(cp);
            } else if (w.length() > 0) {
                words.add(w.toString());
                w.setLength(0);
            }
        }
        if (w.length() > 0) {
            words.add(w.toString());
        }
        return words;
    }

    private String transliterate(String s) {
        boolean other = false;
        boolean latinOnly = true;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            if (cp < 0x80) {
                continue;
            }
            Character.UnicodeScript script = Character.UnicodeScript.of(cp);
            if (script == Character.UnicodeScript.LATIN || script == Character.UnicodeScript.COMMON
                    || script == Character.UnicodeScript.INHERITED) {
                continue;
            }
            latinOnly = false;
            if (!TRANSLITERATED.contains(script)) {
                other = true;
            }
        }
        if (latinOnly) {
            return latinAscii.get().transliterate(s);
        }
        if (other) {
            // Arabic, Han, Kana ...: not latinised for matching (see research §7.2); fold accents only
            return s;
        }
        return UCharacter.foldCase(toLatin.get().transliterate(s), true);
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    private static boolean isNumber(String w) {
        for (int i = 0; i < w.length(); i++) {
            if (!Character.isDigit(w.charAt(i))) {
                return false;
            }
        }
        return !w.isEmpty();
    }

    static int scriptOf(String s) {
        return s.isEmpty() ? UScript.COMMON : UScript.getScript(s.codePointAt(0));
    }
}

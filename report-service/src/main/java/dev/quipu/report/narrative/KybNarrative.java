package dev.quipu.report.narrative;

import dev.quipu.report.checks.Check;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The narrative of a KYB, written from its checks by the templates in {@code narrative/kyb_<lang>.properties}:
 * one sentence per check (its id and result pick the template), then the status. The only facts a sentence
 * carries are the identifier, the registry's name and the check's detail (a status wording, a listed name with
 * its list), all taken from the checks' parts. Placeholders are replaced literally (no MessageFormat: the
 * templates' apostrophes stay as written).
 */
public final class KybNarrative {

    private final Map<Language, Properties> templates = new EnumMap<>(Language.class);

    public KybNarrative() {
        for (Language l : Language.values()) {
            templates.put(l, load("narrative/kyb_" + l.code() + ".properties"));
        }
    }

    /** A check's facts for its sentence: {@code detail} may be null. */
    public record Facts(String identifier, String registryName, Map<String, String> detailByCheck) {
    }

    public List<Sentence> of(List<Check> checks, Facts facts, String status, String rulesVersion, Language lang) {
        Properties t = templates.get(lang);
        List<Sentence> out = new ArrayList<>();
        for (Check c : checks) {
            String template = t.getProperty(c.id() + "." + c.result());
            if (template != null) {
                out.add(new Sentence(fill(template, facts.identifier(), facts.registryName(), facts.detailByCheck().get(c.id())), c.id()));
            }
        }
        out.add(new Sentence(fill(t.getProperty("verdict"), rulesVersion, facts.registryName(), status), "verdict"));
        return out;
    }

    /** Whether every check id and result has a sentence in every language (a missing template would drop a check). */
    public boolean covers(String checkId, String result) {
        return templates.values().stream().allMatch(p -> p.getProperty(checkId + "." + result) != null);
    }

    private static String fill(String template, String a, String b, String c) {
        return template.replace("{0}", String.valueOf(a)).replace("{1}", String.valueOf(b)).replace("{2}", String.valueOf(c));
    }

    private static Properties load(String resource) {
        try (InputStream in = KybNarrative.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no narrative templates " + resource);
            }
            Properties p = new Properties();
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

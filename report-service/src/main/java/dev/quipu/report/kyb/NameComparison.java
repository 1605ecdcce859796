package dev.quipu.report.kyb;

import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;
import io.micronaut.core.annotation.Nullable;

import java.text.Normalizer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code name_matches}: the name the caller gives against the registry's legal name, compared after folding
 * accents, case and punctuation and dropping legal-form words (S.A.S., Ltda., S.A. de C.V., EIRELI…) and single letters:
 * the same words → pass; most words shared → review; otherwise → fail.
 */
final class NameComparison {

    /** Legal-form and filler words of the five countries' registries, folded. */
    static final Set<String> LEGAL_FORMS = Set.of("SA", "SAS", "S", "A", "LTDA", "LIMITADA", "SAC", "SRL", "EIRL", "EIRELI", "SPA",
            "DE", "CV", "RL", "ME", "EPP", "CIA", "Y", "E", "THE", "AND", "COMPANHIA", "COMPANIA", "SOCIEDAD", "ANONIMA",
            "CERRADA", "ABIERTA", "EN", "COMANDITA", "PARTICIPACOES");

    private NameComparison() {
    }

    static Check check(String given, @Nullable String registered) {
        if (registered == null) {
            return Check.of("name_matches", CheckResult.NOT_APPLICABLE, "No registry name to compare \"" + given + "\" with.", List.of(), 20);
        }
        Set<String> a = words(given);
        Set<String> b = words(registered);
        if (a.equals(b)) {
            return Check.of("name_matches", CheckResult.PASS, "\"" + given + "\" is the registry's name \"" + registered + "\".", List.of(), 20);
        }
        Set<String> shared = new HashSet<>(a);
        shared.retainAll(b);
        Set<String> all = new HashSet<>(a);
        all.addAll(b);
        double overlap = all.isEmpty() ? 0 : shared.size() / (double) all.size();
        if (overlap >= 0.5) {
            return Check.of("name_matches", CheckResult.REVIEW, "\"" + given + "\" resembles the registry's name \"" + registered
                    + "\" (" + shared.size() + " of " + all.size() + " words shared).", List.of(), 20);
        }
        return Check.of("name_matches", CheckResult.FAIL, "\"" + given + "\" is not the registry's name \"" + registered + "\".",
                List.of(), 20);
    }

    static Set<String> words(String name) {
        String folded = Normalizer.normalize(name, Normalizer.Form.NFD).replaceAll("\\p{M}", "")
                .toUpperCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").trim();
        return Arrays.stream(folded.split(" ")).filter(w -> w.length() > 1 && !LEGAL_FORMS.contains(w)).collect(Collectors.toSet());
    }
}

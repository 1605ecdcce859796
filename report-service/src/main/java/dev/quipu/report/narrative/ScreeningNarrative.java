package dev.quipu.report.narrative;

import dev.quipu.report.checks.Check;
import dev.quipu.report.checks.CheckResult;
import dev.quipu.report.checks.Evidence;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The plain-language narrative of a screening, written from its checks by templates in English, Spanish or
 * Portuguese: one sentence per check, then the verdict, each sentence naming the check it comes from.
 * Nothing is said that is not in a check.
 */
public final class ScreeningNarrative {

    private ScreeningNarrative() {
    }

    public static List<Sentence> of(String name, List<Check> checks, String verdict, String rulesVersion, Language lang) {
        List<Sentence> out = new ArrayList<>();
        for (Check c : checks) {
            String lists = c.evidence().stream().map(ScreeningNarrative::listWithDate).collect(Collectors.joining(", "));
            String text;
            if (c.is(CheckResult.PASS)) {
                text = switch (lang) {
                    case ES -> "\"" + name + "\" no coincide con ningún nombre de las listas de sanciones consultadas (" + lists + ").";
                    case PT -> "\"" + name + "\" não coincide com nenhum nome das listas de sanções consultadas (" + lists + ").";
                    case EN -> "\"" + name + "\" matches no name on the sanctions lists checked (" + lists + ").";
                };
            } else if (c.is(CheckResult.FAIL)) {
                text = switch (lang) {
                    case ES -> "Coincidencia en listas de sanciones: " + c.summary() + " Listas consultadas: " + lists + ".";
                    case PT -> "Coincidência em listas de sanções: " + c.summary() + " Listas consultadas: " + lists + ".";
                    case EN -> "Sanctions match: " + c.summary() + " Lists checked: " + lists + ".";
                };
            } else {
                text = switch (lang) {
                    case ES -> "Posible coincidencia que requiere revisión humana: " + c.summary() + " Listas consultadas: " + lists + ".";
                    case PT -> "Possível coincidência que requer revisão humana: " + c.summary() + " Listas consultadas: " + lists + ".";
                    case EN -> "Possible match for a person to review: " + c.summary() + " Lists checked: " + lists + ".";
                };
            }
            out.add(new Sentence(text, c.id()));
        }
        String conclusion = switch (lang) {
            case ES -> "Resultado: " + verdict + " (reglas " + rulesVersion + ").";
            case PT -> "Resultado: " + verdict + " (regras " + rulesVersion + ").";
            case EN -> "Verdict: " + verdict + " (rules " + rulesVersion + ").";
        };
        out.add(new Sentence(conclusion, "verdict"));
        return out;
    }

    public static String text(List<Sentence> sentences) {
        return sentences.stream().map(Sentence::text).collect(Collectors.joining(" "));
    }

    private static String listWithDate(Evidence e) {
        String list = e.source().substring(e.source().indexOf(':') + 1).trim();
        return e.asOf() == null ? list : list + " " + e.asOf().substring(0, Math.min(10, e.asOf().length()));
    }
}

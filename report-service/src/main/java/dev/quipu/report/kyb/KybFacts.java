package dev.quipu.report.kyb;

import dev.quipu.report.narrative.KybNarrative;
import dev.quipu.report.parts.PartAnswer;
import dev.quipu.report.screening.ScreeningChecks;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The facts a KYB narrative may state, each read off the part answers behind a check (never computed anew). */
final class KybFacts {

    private KybFacts() {
    }

    @SuppressWarnings("unchecked")
    static KybNarrative.Facts of(String identifier, KybAssessment.Assessed a) {
        Map<String, String> detail = new HashMap<>();
        String name = null;
        if (a.registry() != null) {
            Map<String, Object> body = a.registry().body();
            name = (String) body.get("razon_social");
            Map<String, Object> status = (Map<String, Object>) ((Map<String, Object>) body.get("company")).get("status");
            detail.put("registry_active", status.get("registry_wording") != null ? String.valueOf(status.get("registry_wording"))
                    : String.valueOf(status.get("normalised")));
            for (Map<String, Object> l : ScreeningChecks.list(body.get("listings"))) {
                if (String.valueOf(l.get("list")).contains("69-B")) {
                    detail.put("sat_69b", l.get("status") + ", " + l.get("list_cut_off"));
                }
                if (String.valueOf(l.get("list")).contains("Condición de domicilio")) {
                    detail.put("sunat_habido", String.valueOf(l.get("status")));
                }
            }
        }
        detail.put("identifier_listed", identifierHit(a.company().answer()));
        detail.put("sanctions_entity", neutral(a.company().answer()));
        detail.put("sanctions_representatives", hits(a.representatives()));
        detail.put("sanctions_partners", hits(a.partners()));
        return new KybNarrative.Facts(identifier, name, detail);
    }

    /** A listed name as {@code "NAME" (LIST, entity, score)}: the same in every language. */
    static String neutral(PartAnswer sanctions) {
        List<Map<String, Object>> matches = ScreeningChecks.list(sanctions.body().get("matches"));
        if (matches.isEmpty()) {
            return null;
        }
        Map<String, Object> m = matches.get(0);
        return "\"" + m.get("matched_name") + "\" (" + m.get("list") + ", " + m.get("entity_id") + ", " + m.get("score") + ")";
    }

    @SuppressWarnings("unchecked")
    private static String identifierHit(PartAnswer sanctions) {
        for (Map<String, Object> m : ScreeningChecks.list(sanctions.body().get("matches"))) {
            if (m.get("explanation") instanceof Map<?, ?> e && ((Map<String, Object>) e).get("features") instanceof Map<?, ?> f
                    && f.containsKey("identifier")) {
                return "\"" + m.get("matched_name") + "\" (" + m.get("list") + ", " + m.get("entity_id") + ")";
            }
        }
        return null;
    }

    private static String hits(List<Screened> screened) {
        List<String> out = new ArrayList<>();
        for (Screened s : screened) {
            String hit = neutral(s.answer());
            if (hit != null && !"NONE".equals(String.valueOf(s.answer().body().get("risk_category")))) {
                out.add("\"" + s.name() + "\" → " + hit);
            }
        }
        return out.isEmpty() ? null : String.join("; ", out);
    }
}

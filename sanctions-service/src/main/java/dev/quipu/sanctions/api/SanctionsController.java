package dev.quipu.sanctions.api;

import dev.quipu.contracts.pricebook.Operation;
import dev.quipu.contracts.pricebook.PriceBook;
import dev.quipu.contracts.validation.ValidationError;
import dev.quipu.contracts.validation.ValidationErrorBody;
import dev.quipu.runtime.JsonRequests;
import dev.quipu.sanctions.freshness.ListFreshness;
import dev.quipu.runtime.OperationInput;
import dev.quipu.sanctions.lists.ListId;
import dev.quipu.sanctions.lists.PartialDate;
import dev.quipu.sanctions.matching.Match;
import dev.quipu.sanctions.matching.NameComparison;
import dev.quipu.sanctions.matching.Screener;
import dev.quipu.sanctions.matching.ScreeningIndex;
import dev.quipu.sanctions.matching.ScreeningQuery;
import dev.quipu.sanctions.wallets.WalletAddress;
import dev.quipu.sanctions.wallets.WalletListing;
import io.micronaut.core.annotation.Nullable;
import dev.quipu.contracts.events.DataVersions;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** POST /sanctions, /sanctions/quick, /wallet/screen and the internal /match/score. Thin: logic is in matching. */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
public class SanctionsController {

    private static final Set<ListId> ALL = EnumSet.allOf(ListId.class);
    private static final Set<ListId> SDN = EnumSet.of(ListId.OFAC_SDN);

    private final PriceBook priceBook;
    private final OperationInput input;
    private final JsonRequests json;
    private final ListState lists;
    private final Screener screener;
    private final MatchingSettings settings;
    private final ScreeningResponses responses;

    public SanctionsController(PriceBook priceBook, OperationInput input, JsonRequests json, ListState lists,
                               Screener screener, MatchingSettings settings, ListFreshness freshness) {
        this.priceBook = priceBook;
        this.input = input;
        this.json = json;
        this.lists = lists;
        this.screener = screener;
        this.settings = settings;
        this.responses = new ScreeningResponses(settings, freshness::of);
    }

    @Post("/sanctions")
    HttpResponse<?> sanctions(@Nullable @Body byte[] body) {
        return screen("sanctions_screen", body, ALL);
    }

    @Post("/sanctions/quick")
    HttpResponse<?> quick(@Nullable @Body byte[] body) {
        return screen("sanctions_quick", body, SDN);
    }

    private HttpResponse<?> screen(String operation, byte[] body, Set<ListId> listSet) {
        OperationInput.Checked checked = input.check(op(operation), body, Map.of());
        if (!checked.valid()) {
            return HttpResponse.unprocessableEntity().body(checked.errors());
        }
        Map<String, Object> f = checked.fields();
        List<String> ids = new ArrayList<>();
        if (f.get("identifiers") instanceof List<?> l) {
            for (int i = 0; i < l.size(); i++) {
                Object item = l.get(i);
                if (!(item instanceof String s)) {
                    return HttpResponse.unprocessableEntity().body(new ValidationErrorBody(List.of(new ValidationError(
                            List.of("body", "identifiers", i), "Input should be a valid string", "string_type"))));
                }
                ids.add(s);
            }
        }
        ScreeningIndex index = lists.index();
        ScreeningQuery q = new ScreeningQuery((String) f.get("name"), (String) f.get("type"), (String) f.get("country"),
                (String) f.get("nationality"), PartialDate.parseIso((String) f.get("date_of_birth")).orElse(null), ids, listSet,
                f.get("threshold") instanceof Number n ? n.doubleValue() : settings.threshold(),
                f.get("limit") instanceof Number n ? n.intValue() : settings.limit());
        List<Match> matches = screener.screen(index, q);
        return HttpResponse.ok(responses.result(matches, index, listSet))
                .header(DataVersions.HEADER, responses.dataVersions(index, listSet));
    }

    @Post("/wallet/screen")
    HttpResponse<?> wallet(@Nullable @Body byte[] body) {
        OperationInput.Checked checked = input.check(op("wallet_screen"), body, Map.of());
        if (!checked.valid()) {
            return HttpResponse.unprocessableEntity().body(checked.errors());
        }
        Map<String, Object> f = checked.fields();
        String address = ((String) f.get("wallet")).trim();
        ScreeningIndex index = lists.index();
        List<Map<String, Object>> matches = new ArrayList<>();
        List<WalletListing> hits = index.wallet(WalletAddress.normalize(address));
        for (WalletListing w : hits) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("list", w.list().name());
            m.put("match_type", "wallet");
            m.put("address", w.address().address());
            m.put("ticker", w.address().ticker());
            m.put("chain_family", w.address().family().name().toLowerCase(java.util.Locale.ROOT));
            m.put("score", 1.0);
            m.put("source", w.source());
            if (w.entity() >= 0) {
                var e = index.entity(w.entity());
                m.put("entity_id", e.id());
                m.put("name", e.primaryName().full());
                m.put("programs", e.programs());
            }
            matches.add(m);
        }
        double best = hits.isEmpty() ? 0 : 1.0;
        List<Match> entityMatches = List.of();
        String owner = (String) f.get("check_entity");
        if (owner != null && !owner.isBlank()) {
            entityMatches = screener.screen(index, new ScreeningQuery(owner, null, (String) f.get("country"), null, null,
                    List.of(), ALL, settings.threshold(), settings.limit()));
            for (Match m : entityMatches) {
                Map<String, Object> em = responses.match(m, index);
                em.put("match_type", "entity");
                matches.add(em);
                best = Math.max(best, m.score());
            }
        }
        String category = !hits.isEmpty() ? "HIGH" : responses.category(entityMatches);
        String action = !hits.isEmpty() || category.equals("HIGH") ? "BLOCK" : category.equals("NONE") ? "ALLOW" : "REVIEW";
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("recommended_action", action);
        out.put("risk_score", (int) Math.round(best * 100));
        out.put("risk_category", category);
        out.put("wallet", Map.of("address", address, "normalized", WalletAddress.normalize(address),
                "chain_family", WalletAddress.familyOf(address).name().toLowerCase(java.util.Locale.ROOT)));
        out.put("matches", matches);
        out.put("lists_checked", responses.listsChecked(index, ALL));
        return HttpResponse.ok(out).header(DataVersions.HEADER, responses.dataVersions(index, ALL));
    }

    /** Internal calibration endpoint (not routed by the gateway): name-only scores of pairs, in order. */
    @Post("/match/score")
    HttpResponse<?> score(@Nullable @Body byte[] body) {
        Object parsed;
        try {
            parsed = json.parse(body);
        } catch (JsonRequests.MalformedJson e) {
            return HttpResponse.unprocessableEntity().body(e.toBody());
        }
        List<ValidationError> errors = new ArrayList<>();
        if (!(parsed instanceof Map<?, ?> m) || !(m.get("pairs") instanceof List<?> pairs)) {
            return HttpResponse.unprocessableEntity().body(new ValidationErrorBody(List.of(
                    new ValidationError(List.of("body", "pairs"), "Field required: a list of {query, candidate}", "missing"))));
        }
        if (pairs.size() > 1000) {
            return HttpResponse.unprocessableEntity().body(new ValidationErrorBody(List.of(
                    new ValidationError(List.of("body", "pairs"), "List should have at most 1000 items", "too_long"))));
        }
        List<Map<String, Object>> scores = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            String q = name(pairs.get(i), "query", i, errors);
            String c = name(pairs.get(i), "candidate", i, errors);
            if (q == null || c == null) {
                continue;
            }
            NameComparison cmp = screener.compareNames(q, c);
            double s = Math.round(cmp.score() * 10000.0) / 10000.0;
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("score", s);
            out.put("match", s >= settings.threshold());
            out.put("explanation", Map.of("name", cmp.alignment(), "algorithm", Screener.ALGORITHM));
            scores.add(out);
        }
        if (!errors.isEmpty()) {
            return HttpResponse.unprocessableEntity().body(new ValidationErrorBody(errors));
        }
        return HttpResponse.ok(Map.of("scores", scores));
    }

    private static String name(Object pair, String side, int i, List<ValidationError> errors) {
        if (pair instanceof Map<?, ?> p && p.get(side) instanceof Map<?, ?> s && s.get("name") instanceof String n
                && !n.isBlank() && n.length() <= 256) {
            return n;
        }
        errors.add(new ValidationError(List.of("body", "pairs", i, side, "name"),
                "Field required: a non-blank string of at most 256 characters", "missing"));
        return null;
    }

    private Operation op(String id) {
        return priceBook.byId(id).orElseThrow();
    }
}

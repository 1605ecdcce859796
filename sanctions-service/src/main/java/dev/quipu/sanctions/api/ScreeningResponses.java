package dev.quipu.sanctions.api;

import dev.quipu.sanctions.freshness.ListFreshness;
import dev.quipu.sanctions.lists.Entity;
import dev.quipu.sanctions.lists.ListId;
import dev.quipu.sanctions.lists.ListVersion;
import dev.quipu.sanctions.matching.Match;
import dev.quipu.sanctions.matching.NameNormalizer;
import dev.quipu.sanctions.matching.Screener;
import dev.quipu.sanctions.matching.ScreeningIndex;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Builds the JSON of a sanctions result. Risk scale: {@code risk_score} is 100 × the best match
 * score (0 when nothing reaches the threshold); {@code risk_category} is NONE (no match), LOW
 * (threshold ≤ score &lt; medium: enhanced due diligence), MEDIUM (medium ≤ score &lt; high: manual
 * review) or HIGH (score ≥ high, or an exact identifier/wallet: block). {@code audit_hash} and
 * {@code aat} are added by the gateway, not here.
 */
public final class ScreeningResponses {

    private final MatchingSettings settings;
    private final Function<ListVersion, ListFreshness.Freshness> freshness;

    /** @param freshness where each list version came from and how old it is ({@link ListFreshness#of}) */
    public ScreeningResponses(MatchingSettings settings, Function<ListVersion, ListFreshness.Freshness> freshness) {
        this.settings = settings;
        this.freshness = freshness;
    }

    public Map<String, Object> result(List<Match> matches, ScreeningIndex index, Set<ListId> lists) {
        Map<String, Object> out = new LinkedHashMap<>();
        double best = matches.isEmpty() ? 0 : matches.get(0).score();
        out.put("risk_score", (int) Math.round(best * 100));
        out.put("risk_category", category(matches));
        out.put("matches", matches.stream().map(m -> match(m, index)).toList());
        out.put("lists_checked", listsChecked(index, lists));
        return out;
    }

    String category(List<Match> matches) {
        if (matches.isEmpty()) {
            return "NONE";
        }
        double s = matches.get(0).score();
        boolean exact = matches.get(0).features().containsKey("identifier") || matches.get(0).features().containsKey("wallet");
        return exact || s >= settings.high() ? "HIGH" : s >= settings.medium() ? "MEDIUM" : "LOW";
    }

    Map<String, Object> match(Match m, ScreeningIndex index) {
        Entity e = m.entity();
        ListVersion v = index.versions().get(e.list());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("list", e.list().name());
        out.put("entity_id", e.id());
        out.put("name", e.primaryName().full());
        out.put("matched_name", m.matchedName().full());
        out.put("score", m.score());
        out.put("entity_type", e.type().apiName());
        out.put("programs", e.programs());
        out.put("listed_on", e.listedOn());
        out.put("aliases", e.names().stream().skip(1).map(n -> n.full()).limit(20).toList());
        out.put("dates_of_birth", e.birthDates().stream().map(Object::toString).toList());
        out.put("places_of_birth", e.placesOfBirth());
        out.put("gender", e.gender());
        out.put("countries", e.countries().stream().map(c -> Map.of("code", c.code(), "role", c.role().apiName())).toList());
        out.put("identifiers", e.identifiers().stream().map(i -> {
            Map<String, Object> id = new LinkedHashMap<>();
            id.put("type", i.type());
            id.put("number", i.raw());
            id.put("country", i.country());
            return id;
        }).toList());
        out.put("wallets", e.wallets().stream().map(w -> Map.of("ticker", w.ticker(), "address", w.address())).toList());
        Map<String, Object> explanation = new LinkedHashMap<>();
        explanation.put("matched_alias", m.matchedName().full());
        explanation.put("alias_kind", m.matchedName().kind().name().toLowerCase(Locale.ROOT));
        explanation.put("alias_strength", m.matchedName().strength().name().toLowerCase(Locale.ROOT));
        Map<String, Object> features = new LinkedHashMap<>();
        m.features().forEach((k, f) -> features.put(k, Map.of("score", f.score(), "detail", f.detail())));
        explanation.put("features", features);
        explanation.put("list", e.list().name());
        explanation.put("programs", e.programs());
        explanation.put("listed_on", e.listedOn());
        explanation.put("list_version", v == null ? null : v.version());
        explanation.put("list_sha256", v == null ? null : v.sha256());
        explanation.put("algorithm", Screener.ALGORITHM);
        explanation.put("normalisation", NameNormalizer.VERSION);
        out.put("explanation", explanation);
        return out;
    }

    /** The {@code X-Data-Versions} header value: each list checked with its version and SHA-256, for the audit chain. */
    public String dataVersions(ScreeningIndex index, Set<ListId> lists) {
        Map<String, String> versions = new LinkedHashMap<>();
        for (ListId id : lists) {
            ListVersion v = index.versions().get(id);
            if (v != null) {
                versions.put(id.name(), v.version() + " sha256:" + v.sha256());
            }
        }
        return dev.quipu.contracts.events.DataVersions.format(versions);
    }

    public List<Map<String, Object>> listsChecked(ScreeningIndex index, Set<ListId> lists) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (ListId id : lists) {
            ListVersion v = index.versions().get(id);
            if (v == null) {
                continue;
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("list", id.name());
            m.put("title", id.title());
            m.put("version", v.version());
            m.put("published_at", v.publishedAt() == null ? null : v.publishedAt().toString());
            m.put("fetched_at", v.fetchedAt().toString());
            ListFreshness.Freshness f = freshness.apply(v);
            m.put("source_mode", f.mode().apiName());
            m.put("age_seconds", f.ageSeconds());
            m.put("stale", f.stale());
            m.put("sha256", v.sha256());
            m.put("entities", v.entityCount());
            m.put("names", v.nameCount());
            m.put("partial", v.partial());
            m.put("source_url", v.sourceUrl());
            m.put("note", v.note());
            out.add(m);
        }
        return out;
    }
}

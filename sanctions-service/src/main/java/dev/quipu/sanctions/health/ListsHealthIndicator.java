package dev.quipu.sanctions.health;

import dev.quipu.sanctions.api.ListState;
import dev.quipu.sanctions.freshness.ListFreshness;
import dev.quipu.sanctions.freshness.ListSourceStatus;
import dev.quipu.sanctions.freshness.ListSources;
import dev.quipu.sanctions.lists.ListSnapshot;
import io.micronaut.health.HealthStatus;
import io.micronaut.management.health.indicator.HealthIndicator;
import io.micronaut.management.health.indicator.HealthResult;
import jakarta.inject.Singleton;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code lists} in {@code /health}: the version of every list the index serves (source, SHA-256,
 * publication date, entity and name counts, whether it is only a fragment; totals over all lists), where it came from ({@code source_mode}), how old it is, and its
 * fetches ({@code last_success}, {@code last_error}, {@code next_attempt}), so that operators see what
 * screenings are checked against and whether the live fetch works.
 */
@Singleton
public class ListsHealthIndicator implements HealthIndicator {

    private final ListState lists;
    private final ListSources sources;
    private final ListFreshness freshness;

    public ListsHealthIndicator(ListState lists, ListSources sources, ListFreshness freshness) {
        this.lists = lists;
        this.sources = sources;
        this.freshness = freshness;
    }

    @Override
    public Publisher<HealthResult> getResult() {
        Map<String, Object> details = new LinkedHashMap<>();
        long entities = 0;
        long names = 0;
        for (ListSnapshot snapshot : lists.snapshots()) {
            var v = snapshot.version();
            Map<String, Object> list = new LinkedHashMap<>();
            list.put("version", v.version());
            list.put("sha256", v.sha256());
            list.put("published_at", v.publishedAt() == null ? null : v.publishedAt().toString());
            list.put("fetched_at", v.fetchedAt().toString());
            list.put("entities", v.entityCount());
            ListFreshness.Freshness f = freshness.of(v);
            list.put("source_mode", f.mode().apiName());
            list.put("age_seconds", f.ageSeconds());
            list.put("stale", f.stale());
            ListSourceStatus fetch = sources.status(v.list());
            list.put("fetching", fetch.fetching());
            list.put("last_success", text(fetch.lastSuccess()));
            list.put("last_error", fetch.lastError() == null ? null
                    : Map.of("at", fetch.lastErrorAt().toString(), "message", fetch.lastError()));
            list.put("next_attempt", text(fetch.nextAttempt()));
            list.put("names", v.nameCount());
            list.put("partial", v.partial());
            details.put(v.list().name(), list);
            entities += v.entityCount();
            names += v.nameCount();
        }
        HealthStatus status = details.isEmpty() ? HealthStatus.DOWN : HealthStatus.UP;
        details.put("total", Map.of("entities", entities, "names", names));
        return Mono.just(HealthResult.builder("lists", status).details(details).build());
    }

    private static String text(java.time.Instant at) {
        return at == null ? null : at.toString();
    }
}
